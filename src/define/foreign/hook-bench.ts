/**
 * The ubench body for a foreign benchmark whose hooks run once around a batch of calls (tinybench's
 * `beforeAll`/`afterAll` and Bench `setup`/`teardown`, vitest's `setup`/`teardown`, Benchmark.js's
 * `setup`/`teardown`): ubench's `{ setup, run, teardown }`, whose setup and teardown run before and
 * after every sample, outside the timed region. The hooks talk to the body through the file's own
 * variables, as they do under their own runner, so the state ubench passes is not used.
 */
import type { BenchFn, ManualBenchFn, SetupBench } from '../declaration-types.js';

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

const isThenable = (value: unknown): value is PromiseLike<unknown> => value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';

interface Clock {
  stop(): void;
  start(): void;
}

/**
 * A body with hooks around every single call (tinybench's and vitest's `beforeEach`/`afterEach`):
 * ubench's manual form, the clock stopped around the hooks on every call (two clock reads per
 * call, which the results record and the timer diagnostics weigh), and around the once-per-sample
 * hooks `sampleBefore`/`sampleAfter` (tinybench's `setup`, `beforeAll`, …) at the start and end of
 * each sample. It runs synchronously while the hooks and the body do, and awaits from the first
 * promise one of them returns.
 */
export function perCallHooked(body: () => unknown, before: Hook | undefined, after: Hook | undefined, sampleBefore: readonly Hook[] = [], sampleAfter: readonly Hook[] = []): ManualBenchFn {
  const first = sequence(sampleBefore);
  const last = sequence(sampleAfter);
  // The steps of one call, in order; the clock runs only during the body.
  const call: ((clock: Clock) => unknown)[] = [
    (clock) => {
      clock.stop();
      return before?.();
    },
    (clock) => {
      clock.start();
      return body();
    },
    (clock) => {
      clock.stop();
      return after?.();
    },
    (clock) => clock.start(),
  ];
  // Step k of a sample of n calls: the sample's first hooks, 4 steps per call, its last hooks.
  // A sample's own hooks, the clock stopped around them (nothing, and no clock read, without hooks).
  const around = (hook: Hook | undefined, clock: Clock): unknown => {
    if (hook === undefined) return undefined;
    clock.stop();
    const value = hook();
    return isThenable(value) ? Promise.resolve(value).then(() => clock.start()) : clock.start();
  };
  const step = (k: number, n: number, clock: Clock): unknown => {
    if (k === 0) return around(first, clock);
    if (k <= 4 * n) return call[(k - 1) % 4]!(clock);
    return around(last, clock);
  };
  const rest = async (n: number, clock: Clock, from: number, pending: PromiseLike<unknown>): Promise<void> => {
    await pending;
    for (let k = from + 1; k <= 4 * n + 1; k++) await step(k, n, clock);
  };
  const calls = (n: number, clock: Clock): unknown => {
    for (let k = 0; k <= 4 * n + 1; k++) {
      const value = step(k, n, clock);
      if (isThenable(value)) return rest(n, clock, k, value);
    }
    return undefined;
  };
  // The manual form is told by its parameter's reads (define/body-form.ts): b.n, b.stop, b.start only.
  return (b) => calls(b.n, { stop: () => b.stop(), start: () => b.start() });
}
