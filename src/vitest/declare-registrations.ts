/**
 * vitest's registrations of one test → ubench declarations, made with the public `bench()` inside
 * a `group()` named after the test (so ids read `file#test/name`). A body without per-iteration
 * hooks is declared as it is, and the engine generates its measured loop around it. A body with
 * `beforeEach`/`afterEach` needs them around every call, untimed: it becomes a manual loop that
 * stops the clock for the hooks (two clock reads per iteration, which the results record and the
 * timer diagnostics weigh). `beforeAll`/`afterAll` run once around the whole measurement
 * (register-hooks in measure-group.ts), not once per tinybench phase.
 */
import { bench, group } from '../define/bench.js';
import type { BenchContext } from '../define/types.js';
import type { VitestHook, VitestRegistration } from './vitest-types.js';

/** What a hook sees as `this`: tinybench passes its task; a body reading more than its name is not supported. */
export const hookTarget = (name: string): { name: string } => ({ name });

const isThenable = (value: unknown): value is PromiseLike<unknown> => value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';

function manualWithHooks(reg: VitestRegistration, before: VitestHook | undefined, after: VitestHook | undefined): (b: BenchContext) => Promise<void> {
  const self = hookTarget(reg.name);
  const fn = reg.fn;
  return async (b: BenchContext) => {
    for (let i = 0; i < b.n; i++) {
      b.stop();
      if (before !== undefined) {
        const r = before.call(self, 'run');
        if (isThenable(r)) await r;
      }
      b.start();
      const value = fn();
      if (isThenable(value)) await value;
      b.stop();
      if (after !== undefined) {
        const r = after.call(self, 'run');
        if (isThenable(r)) await r;
      }
      b.start();
    }
  };
}

/** Declares the test's registrations (the registry must be reset and named for the test's file). */
export function declareRegistrations(testName: string, registrations: readonly VitestRegistration[]): void {
  group(testName, () => {
    for (const reg of registrations) {
      const { beforeEach, afterEach } = reg.fnOpts ?? {};
      if (beforeEach === undefined && afterEach === undefined) bench(reg.name, reg.fn);
      else bench(reg.name, manualWithHooks(reg, beforeEach, afterEach));
    }
  });
}
