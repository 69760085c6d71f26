/**
 * The ubench body of a vitest bench with hooks around it (docs/integrations.md). Every
 * `beforeAll`/`beforeEach` of the describes it is in (the file's first), then its `setup` option,
 * run before each sample, untimed; its `teardown` option, the `afterEach`/`afterAll` hooks (innermost
 * describe first, each describe's in reverse order, as vitest's default `sequence.hooks: 'stack'`)
 * and the cleanup functions the before-hooks returned, after it. ubench gives each benchmark its own
 * instance of the file, so a hook that runs once for the whole file would not prepare the
 * variables the other benchmarks read; around each sample, what a hook opens is closed again before
 * another benchmark's sample. The hooks are read when a sample starts, so one registered further
 * down its describe counts too.
 */
import type { BenchFn, SetupBench } from '../declaration-types.js';
import { plainBody } from './foreign-declare.js';
import type { BenchFunction, BenchOptions, HookFn, SuiteNode } from './vitest-suite.js';

/** What one sample's before-hooks left to undo: the cleanup functions they returned. */
interface SampleState {
  allCleanups: HookFn[];
  eachCleanups: HookFn[];
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';

/** Calls a hook and waits for it; a returned function is kept as its cleanup. */
async function call(hook: HookFn, args: readonly unknown[], cleanups: HookFn[] | null): Promise<void> {
  let result = (hook as (...args: unknown[]) => unknown)(...args);
  if (isThenable(result)) result = await result;
  if (cleanups !== null && typeof result === 'function') cleanups.push(result as HookFn);
}

/** Whether anything runs around the samples of a bench in `chain` with these options. */
export function hasHooks(chain: readonly SuiteNode[], options: BenchOptions | undefined): boolean {
  return options?.setup !== undefined || options?.teardown !== undefined || chain.some((s) => Object.values(s.hooks).some((list) => list.length > 0));
}

/** `fn` alone when nothing runs around it; else ubench's setup form with the hooks around each sample. */
export function vitestBody(name: string, fn: BenchFunction, options: BenchOptions | undefined, chain: readonly SuiteNode[]): BenchFn | SetupBench<unknown> {
  const run = plainBody(fn);
  if (!hasHooks(chain, options)) return run;
  // What the hooks receive in place of vitest's suite, test context and tinybench task: names (the rest is vitest's runner state).
  const task = { name };
  const context = { task };
  const inner = [...chain].reverse();
  const sample: SetupBench<SampleState> = {
    async setup() {
      const state: SampleState = { allCleanups: [], eachCleanups: [] };
      for (const suite of chain) for (const hook of [...suite.hooks.beforeAll]) await call(hook, [{ name: suite.name }], state.allCleanups);
      for (const suite of chain) for (const hook of [...suite.hooks.beforeEach]) await call(hook, [context], state.eachCleanups);
      if (options?.setup !== undefined) await call(options.setup, [task, 'run'], null);
      return state;
    },
    run,
    async teardown(state) {
      if (options?.teardown !== undefined) await call(options.teardown, [task, 'run'], null);
      for (const suite of inner) for (const hook of [...suite.hooks.afterEach].reverse()) await call(hook, [context], null);
      for (const cleanup of state.eachCleanups.reverse()) await call(cleanup, [], null);
      for (const suite of inner) for (const hook of [...suite.hooks.afterAll].reverse()) await call(hook, [{ name: suite.name }], null);
      for (const cleanup of state.allCleanups.reverse()) await call(cleanup, [], null);
    },
  };
  return sample as SetupBench<unknown>;
}
