/**
 * The loop floor: what an empty benchmark costs per iteration in the same process, with the same
 * kind of loop. Reported next to every estimate and never subtracted (subtracting a floor measured
 * separately would add its noise and hide an optimized-away body).
 */
import { perOpValues } from '../../results/derived-values.js';
import type { DeclaredBenchmark, Params } from '../../define/types.js';
import type { LoopMode } from '../../results/types.js';
import type { Now } from './clock.js';
import { createBatchRunner, type BatchRunner } from './batch-runner.js';
import type { TimedRegionHooks } from './timed-region.js';
import type { LoopCall, Sink } from './codegen.js';
import { measure, type MeasureConfig } from './measure.js';
import { medianWithInterval } from '../../stats/median-ci.js';
import type { FloorEstimate } from '../../results/types.js';

/** Sampling budget for a floor: an empty loop reaches 1% precision quickly. */
const FLOOR_BUDGET_NS = 150e6;
/** Warm-up cap for a floor. */
const FLOOR_WARMUP_MAX_NS = 300e6;

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

export class FloorCache {
  private readonly floors = new Map<string, FloorEstimate>();
  private readonly runners = new Map<string, BatchRunner>();

  constructor(
    private readonly now: Now,
    private readonly sink: Sink,
    private readonly rng: () => number,
    private readonly config: MeasureConfig,
    private readonly hooks: TimedRegionHooks,
  ) {}

  /** The empty benchmark of this loop kind (also the memory phase's baseline), one per process. */
  async emptyRunner(mode: LoopMode, call: LoopCall): Promise<BatchRunner> {
    const key = `${mode}/${call}`;
    let runner = this.runners.get(key);
    if (runner === undefined) {
      runner = await createBatchRunner(emptyBenchmark(mode, call), this.now, this.sink, this.hooks);
      this.runners.set(key, runner);
    }
    return runner;
  }

  /** The floor for this loop kind, measured on first use and then reused within the process. */
  async floorFor(mode: LoopMode, call: LoopCall): Promise<FloorEstimate> {
    const key = `${mode}/${call}`;
    const known = this.floors.get(key);
    if (known !== undefined) return known;
    const runner = await this.emptyRunner(mode, call);
    const config = { ...this.config, timeBudgetNs: FLOOR_BUDGET_NS, warmupMaxNs: FLOOR_WARMUP_MAX_NS };
    const result = await measure({ runBatch: (n) => runner.runBatch(n), now: this.now, rng: this.rng }, config);
    const { median, lower, upper } = medianWithInterval(perOpValues(result.samples));
    const floor = { nsPerOp: median, ciLower: lower, ciUpper: upper };
    this.floors.set(key, floor);
    return floor;
  }
}
