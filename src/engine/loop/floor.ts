/**
 * The loop floor: what an empty benchmark costs per iteration in the same process, with the same
 * kind of loop. Reported next to every estimate and never subtracted (subtracting a floor measured
 * separately would add its noise and hide an optimized-away body).
 */
import type { DeclaredBenchmark, Params } from '../../define/declaration-types.js';
import type { LoopMode } from '../../results/types.js';
import type { Now } from './clock.js';
import { createBatchRunner, type BatchRunner } from './batch-runner.js';
import type { TimedRegionHooks } from './timed-region.js';
import type { LoopCall, Sink } from './codegen.js';

/** The empty benchmark of a loop kind: what the floor measures (and `--instructions` counts). */
export function emptyBenchmark(mode: LoopMode, call: LoopCall): DeclaredBenchmark {
  const base = {
    id: `<floor ${mode}/${call}>`,
    name: '<floor>',
    baseName: '<floor>',
    file: '<ubench>',
    group: null,
    params: {} as Params,
    baseline: false,
    bytesPerItem: null,
    setup: null,
    teardown: null,
  };
  if (mode === 'manual') {
    return {
      ...base,
      kind: 'manual',
      body: ((b: { n: number }) => {
        for (let i = 0; i < b.n; i++) {
          /* empty */
        }
      }) as DeclaredBenchmark['body'],
    };
  }
  const body = mode === 'async' ? async () => undefined : () => undefined;
  return {
    ...base,
    kind: call === 'plain' ? 'plain' : 'setup',
    body: body as DeclaredBenchmark['body'],
    setup: call === 'plain' ? null : () => undefined,
    ...(call === 'per-call' ? { statePerCall: true } : {}),
  };
}

/** The empty benchmark of each loop kind in use, made once per process: the floor sampled in the rounds, and the memory phase's baseline. */
export class EmptyRunners {
  private readonly runners = new Map<string, BatchRunner>();

  constructor(
    private readonly now: Now,
    private readonly sink: Sink,
    private readonly hooks: TimedRegionHooks,
  ) {}

  async of(mode: LoopMode, call: LoopCall): Promise<BatchRunner> {
    const key = `${mode}/${call}`;
    let runner = this.runners.get(key);
    if (runner === undefined) {
      runner = await createBatchRunner(emptyBenchmark(mode, call), this.now, this.sink, this.hooks);
      this.runners.set(key, runner);
    }
    return runner;
  }
}
