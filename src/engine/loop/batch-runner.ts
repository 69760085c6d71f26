/**
 * Turns a declared benchmark into `runBatch(n)`: n timed iterations, with setup and teardown run
 * outside the timed region. Also decides the loop mode (sync, async, manual) from a probe call.
 */
import type { DeclaredBenchmark, Params } from '../../define/declaration-types.js';
import type { LoopMode } from '../../results/types.js';
import type { Now } from './clock.js';
import { compileLoop, loopFunctionName, type LoopBody, type LoopCall, type Sink } from './codegen.js';
import { perCallChunk } from './per-call-states.js';
import type { TimedRegionHooks } from './timed-region.js';
import { createManualContext } from './manual-context.js';
import { ForcedCollections } from '../memory/forced-collections.js';

export interface BatchRunner {
  mode: LoopMode;
  /** The function whose JIT tier tells whether the measured code is optimized. */
  tierTarget: { target: 'loop' | 'body'; fn: unknown; functionName: string; body: { fn: unknown; functionName: string } | null };
  /** Most clock reads seen in one batch: 2 for generated loops; more when a manual body pauses its timer. */
  readonly timerReadsPerSample: number;
  /** How the body is called — decides which floor applies. */
  call: LoopCall;
  /** `state: 'per-call'`: calls per timed chunk (each chunk's states are made before it, untimed); null otherwise. */
  readonly perCallChunk: number | null;
  /**
   * Untimed time each iteration adds to a batch (making and disposing of a per-call state), in ns:
   * batches are sized by what they take, not only by what is timed. 0 for the other forms, whose
   * untimed setup is once per batch.
   */
  readonly untimedNsPerOp: number;
  runBatch(iterations: number): Promise<number> | number;
  /** Benchmarks with `setup`: batches timed on a state kept across batches (the state probe); null otherwise. */
  states: StatefulBatches | null;
  /** Collections its file asked for before every sample, outside the timing (forced-collections.ts; the samplers run them); null: none. */
  forcedGc: ForcedCollections | null;
}

/** A value made by the benchmark's `setup`, batches timed on it, and its teardown. */
export interface StatefulBatches {
  create(): Promise<unknown>;
  run(state: unknown, iterations: number): Promise<number>;
  dispose(state: unknown): Promise<void>;
}

let nextUid = 0;

/** A fresh number for each generated loop in this process. */
export function nextLoopUid(): number {
  return ++nextUid;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

async function settle(value: unknown): Promise<unknown> {
  return isThenable(value) ? await value : value;
}

type Setup = (args: Params) => unknown;
type Teardown = (state: unknown, args: Params) => unknown;

/**
 * One untimed call of the body (with setup/teardown) that tells whether it returns promises.
 * It also surfaces errors thrown on the first call before any timing starts.
 */
async function probeIsAsync(bench: DeclaredBenchmark): Promise<boolean> {
  const state = bench.setup === null ? undefined : await settle(bench.setup(bench.params));
  const body = bench.body as (state: unknown, args: Params) => unknown;
  const result = bench.kind === 'plain' ? (bench.body as () => unknown)() : body(bench.kind === 'params' ? bench.params : state, bench.params);
  const async = isThenable(result);
  await settle(result);
  if (bench.teardown !== null) await settle(bench.teardown(state, bench.params));
  return async;
}

function manualRunner(bench: DeclaredBenchmark, now: Now, hooks: TimedRegionHooks): BatchRunner {
  const body = bench.body as (b: unknown) => unknown;
  const forcedGc = ForcedCollections.of(bench.forcedGc);
  let maxReads = 2;
  return {
    forcedGc,
    get timerReadsPerSample() {
      return maxReads;
    },
    mode: 'manual',
    call: 'plain',
    perCallChunk: null,
    untimedNsPerOp: 0,
    states: null,
    tierTarget: { target: 'body', fn: body, functionName: body.name || '(anonymous)', body: null },
    async runBatch(iterations) {
      hooks.enter();
      const context = createManualContext(iterations, bench.params, now);
      const result = body(context.handle);
      if (isThenable(result)) await result;
      const elapsed = context.finish();
      hooks.leave(elapsed);
      maxReads = Math.max(maxReads, context.reads);
      return elapsed;
    },
  };
}

/**
 * Builds the batch runner for a declared benchmark, generating its unique measured loop. `hooks`
 * are told when each timed region starts and ends (outside the clock reads).
 */
export async function createBatchRunner(bench: DeclaredBenchmark, now: Now, sink: Sink, hooks: TimedRegionHooks, loopOptions: { lineOffset?: number } = {}): Promise<BatchRunner> {
  if (bench.kind === 'manual') return manualRunner(bench, now, hooks);
  const async = await probeIsAsync(bench);
  // A params body runs in the setup-call loop, `body(state, args)`, with the params object (made
  // once, at declaration) as its state: the loop is the same in every runtime, and the setup floor
  // measures exactly that call shape. The second argument is ignored by a one-parameter body.
  const perCall = bench.statePerCall === true && bench.setup !== null;
  const call: LoopCall = bench.kind === 'plain' ? 'plain' : perCall ? 'per-call' : 'setup';
  const params = bench.kind === 'params' ? bench.params : undefined;
  const spec = { uid: nextLoopUid(), label: bench.id, call, async, ...loopOptions } as const;
  const loop = compileLoop(spec, now, sink);
  const body = bench.body as LoopBody;
  const setup = bench.setup as Setup | null;
  const teardown = bench.teardown as Teardown | null;
  const args = bench.params;
  const mode: LoopMode = async ? 'async' : 'sync';
  const tierTarget = { target: 'loop' as const, fn: loop, functionName: loopFunctionName(spec.uid), body: { fn: body, functionName: body.name || '(anonymous)' } };
  const forcedGc = ForcedCollections.of(bench.forcedGc);
  const timed = async (state: unknown, iterations: number): Promise<number> => {
    hooks.enter();
    // A synchronous loop is not awaited: an await would let queued jobs run (and allocate)
    // inside the observed region.
    const elapsed = async ? await loop(iterations, body, state, args) : (loop(iterations, body, state, args) as number);
    hooks.leave(elapsed);
    return elapsed;
  };
  if (perCall) return perCallRunner({ mode, call, tierTarget, timed, setup: setup!, teardown, args, forcedGc, now });
  return {
    forcedGc,
    mode,
    call,
    tierTarget,
    perCallChunk: null,
    untimedNsPerOp: 0,
    timerReadsPerSample: 2,
    async runBatch(iterations) {
      const state = setup === null ? params : await settle(setup(args));
      const elapsed = await timed(state, iterations);
      if (teardown !== null) await settle(teardown(state, args));
      return elapsed;
    },
    states:
      setup === null
        ? null
        : {
            create: () => settle(setup(args)),
            run: timed,
            async dispose(state) {
              if (teardown !== null) await settle(teardown(state, args));
            },
          },
  };
}

interface PerCallParts {
  mode: LoopMode;
  call: LoopCall;
  tierTarget: BatchRunner['tierTarget'];
  timed(states: unknown[], iterations: number): Promise<number>;
  setup: Setup;
  teardown: Teardown | null;
  args: Params;
  forcedGc: ForcedCollections | null;
  now: Now;
}

/**
 * `state: 'per-call'`: a batch of n calls runs in chunks; before each chunk its states are made
 * (untimed), then one timed loop calls the body once on each. The chunk is sized from the first
 * state's heap size (engine/loop/per-call-states.ts), so the states of a chunk fit in memory;
 * every chunk costs two clock reads, counted in timerReadsPerSample.
 */
function perCallRunner(parts: PerCallParts): BatchRunner {
  const { setup, teardown, args } = parts;
  let chunk: number | null = null;
  let maxReads = 2;
  let untimedNsPerOp = 0;
  const make = async (count: number): Promise<unknown[]> => {
    const states = new Array<unknown>(count);
    for (let i = 0; i < count; i++) states[i] = await settle(setup(args));
    return states;
  };
  return {
    mode: parts.mode,
    call: parts.call,
    tierTarget: parts.tierTarget,
    states: null,
    forcedGc: parts.forcedGc,
    get perCallChunk() {
      return chunk;
    },
    get timerReadsPerSample() {
      return maxReads;
    },
    get untimedNsPerOp() {
      return untimedNsPerOp;
    },
    async runBatch(iterations) {
      chunk ??= await perCallChunk(() => settle(setup(args)), teardown === null ? null : (state) => settle(teardown(state, args)));
      let elapsed = 0;
      let reads = 0;
      let untimed = 0;
      for (let done = 0; done < iterations; ) {
        const count = Math.min(chunk, iterations - done);
        const made = parts.now();
        const states = await make(count);
        untimed += parts.now() - made;
        elapsed += await parts.timed(states, count);
        reads += 2;
        const disposed = parts.now();
        if (teardown !== null) for (const state of states) await settle(teardown(state, args));
        untimed += parts.now() - disposed;
        done += count;
      }
      maxReads = Math.max(maxReads, reads);
      untimedNsPerOp = untimed / iterations;
      return elapsed;
    },
  };
}
