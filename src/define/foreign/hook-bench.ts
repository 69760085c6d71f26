/**
 * The ubench body for a foreign benchmark whose hooks run once around a batch of calls (tinybench's
 * `beforeAll`/`afterAll` and Bench `setup`/`teardown`, vitest's `setup`/`teardown`, Benchmark.js's
 * `setup`/`teardown`): ubench's `{ setup, run, teardown }`, whose setup and teardown run before and
 * after every sample, outside the timed region. The hooks talk to the body through the file's own
 * variables, as they do under their own runner, so the state ubench passes is not used.
 */
import type { BenchFn, SetupBench } from '../types.js';

/** A hook: called for its effect, awaited when it returns a promise. */
export type Hook = () => unknown;

/** Runs the hooks in order, awaiting each one that returns a promise (undefined when none did). */
function sequence(hooks: readonly Hook[]): Hook | undefined {
  if (hooks.length === 0) return undefined;
  if (hooks.length === 1) return hooks[0];
  return () => {
    let index = 0;
    const next = (): unknown => {
      while (index < hooks.length) {
        const result = hooks[index++]!();
        if (result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function') return (result as Promise<unknown>).then(next);
      }
      return undefined;
    };
    return next();
  };
}

/** `body` alone when there are no hooks; else the setup form with the hooks before and after each sample. */
export function hookedBody(body: BenchFn, before: readonly Hook[], after: readonly Hook[]): BenchFn | SetupBench<unknown> {
  const setup = sequence(before);
  const teardown = sequence(after);
  if (setup === undefined && teardown === undefined) return body;
  return { ...(setup === undefined ? {} : { setup }), run: body, ...(teardown === undefined ? {} : { teardown }) };
}
