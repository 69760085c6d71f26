/**
 * The `--disasm` pass in the child: the benchmark warmed up and its timing samples replayed, in a
 * process started with `--print-opt-code` for the generated loops (and possibly under `perf`).
 * The child only runs the code and records when the timed regions were; the parent reads V8's
 * printed code and perf's samples after the process ends (V8 buffers the code file until exit).
 */
import type { DeclaredBenchmark } from '../define/types.js';
import { createBatchRunner } from './batch-runner.js';
import { hrtimeNow } from './clock.js';
import type { Sink } from './codegen.js';
import type { PassResult } from './events.js';
import { ensureOptimized, type JitControl } from './jit-tier.js';
import { warmUp, type MeasureConfig } from './measure.js';
import { RegionObserver } from './timed-region.js';

/** Warm-up only has to get the loop optimized (as the other passes): half a second at most. */
const DISASM_WARMUP_MAX_NS = 500e6;

export interface DisasmContext {
  config: MeasureConfig;
  rng: () => number;
  jitControl: JitControl | null;
  sink: Sink;
}

const observer = new RegionObserver();

export async function replayForDisasm(bench: DeclaredBenchmark, context: DisasmContext, sampleIterations: readonly number[]): Promise<Extract<PassResult, { kind: 'disasm' }>> {
  const runner = await createBatchRunner(bench, hrtimeNow, context.sink, observer);
  const config = { ...context.config, warmupMaxNs: Math.min(context.config.warmupMaxNs, DISASM_WARMUP_MAX_NS) };
  await warmUp({ runBatch: (n) => runner.runBatch(n), now: hrtimeNow, rng: context.rng }, config);
  if (context.jitControl !== null) ensureOptimized(context.jitControl, runner.tierTarget.fn);
  const windows: [number, number][] = [];
  let start = 0;
  observer.current = {
    enter: () => {
      start = Number(process.hrtime.bigint());
    },
    leave: () => {
      windows.push([start, Number(process.hrtime.bigint())]);
    },
  };
  try {
    for (const n of sampleIterations) await runner.runBatch(n);
  } finally {
    observer.current = null;
  }
  return { kind: 'disasm', functionName: runner.tierTarget.target === 'loop' ? runner.tierTarget.functionName : null, windows };
}
