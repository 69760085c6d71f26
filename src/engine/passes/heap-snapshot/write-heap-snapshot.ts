/**
 * `--heap-snapshot`, in the benchmark's process: the benchmark warmed up and run as it was sampled,
 * then V8's heap written to a `.heapsnapshot` file (Chrome DevTools' Memory tab opens it): what the
 * benchmark keeps alive after running — caches it fills, closures it leaks, the fixtures of its file.
 * V8 collects garbage before it writes a snapshot, so only what is still reachable is in it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import type { DeclaredBenchmark } from '../../../define/declaration-types.js';
import { RegionObserver } from '../../loop/timed-region.js';
import { warmedUpRunner, type PassContext } from '../pass-process.js';

export interface HeapSnapshotReading {
  /** The file written (absolute). */
  file: string;
  /** The iterations run after warm-up before the snapshot. */
  iterations: number;
  /** V8's used heap right after the snapshot (its collection included). */
  heapUsedBytes: number;
}

/** Warms the benchmark up, runs `iterations` of it, and writes the heap to `outFile`. */
export async function snapshotAfterRunning(bench: DeclaredBenchmark, context: PassContext, iterations: number, outFile: string): Promise<HeapSnapshotReading> {
  const runner = await warmedUpRunner(bench, context, new RegionObserver());
  await runner.runBatch(iterations);
  mkdirSync(path.dirname(outFile), { recursive: true });
  const file = writeHeapSnapshot(outFile);
  return { file, iterations, heapUsedBytes: getHeapStatistics().used_heap_size };
}
