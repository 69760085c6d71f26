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
import { perCallHooked } from '../define/foreign/hook-bench.js';
import type { ManualBenchFn } from '../define/declaration-types.js';
import type { VitestHook, VitestRegistration } from './vitest-types.js';

/** What a hook sees as `this`: tinybench passes its task; a body reading more than its name is not supported. */
export const hookTarget = (name: string): { name: string } => ({ name });

function manualWithHooks(reg: VitestRegistration, before: VitestHook | undefined, after: VitestHook | undefined): ManualBenchFn {
  const self = hookTarget(reg.name);
  const hook = (fn: VitestHook | undefined): (() => unknown) | undefined => (fn === undefined ? undefined : () => fn.call(self, 'run'));
  return perCallHooked(reg.fn, hook(before), hook(after));
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
