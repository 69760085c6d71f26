/**
 * The `--disasm` pass in the child: the benchmark warmed up and its timing samples replayed, in a
 * process started with `--print-opt-code` for the generated loops (and possibly under `perf`).
 * The child only runs the code and records when the timed regions were; the parent reads V8's
 * printed code and perf's samples after the process ends (V8 buffers the code file until exit).
 */
import type { DeclaredBenchmark } from '../../../define/declaration-types.js';
import { warmedUpRunner, type PassContext } from '../pass-process.js';
import { RegionObserver, TimedWindows } from '../../loop/timed-region.js';

const observer = new RegionObserver();

/** The generated loop's name (null for a manual loop) and the timed regions, [start, end] in ns of `process.hrtime`. */
export interface DisasmResult {
  kind: 'disasm';
  functionName: string | null;
  windows: [number, number][];
}

export async function replayForDisasm(bench: DeclaredBenchmark, context: PassContext, sampleIterations: readonly number[]): Promise<DisasmResult> {
  const runner = await warmedUpRunner(bench, context, observer);
  const recorder = new TimedWindows();
  observer.current = recorder;
  try {
    for (const n of sampleIterations) await runner.runBatch(n);
  } finally {
    observer.current = null;
  }
  return { kind: 'disasm', functionName: runner.tierTarget.target === 'loop' ? runner.tierTarget.functionName : null, windows: recorder.windows };
}
