/** The heap-snapshot pass (`--heap-snapshot`) in the benchmark process. */
import { type PassHook, required } from '../pass-hook.js';
import { type HeapSnapshotReading, snapshotAfterRunning } from './write-heap-snapshot.js';

/** Per benchmark id, the iterations to run and the `.heapsnapshot` to write. */
export interface HeapSnapshotRequest {
  kind: 'heap-snapshot';
  iterations: Record<string, number>;
  outFiles: Record<string, string>;
}

export interface HeapSnapshotResult {
  kind: 'heap-snapshot';
  reading: HeapSnapshotReading;
}

export const heapSnapshotHook: PassHook<HeapSnapshotRequest, HeapSnapshotResult> = {
  kind: 'heap-snapshot',
  async run(request, bench, context, onPhase) {
    onPhase('sample');
    const iterations = required(request.iterations[bench.id], 'iteration count', bench.id);
    return { kind: 'heap-snapshot', reading: await snapshotAfterRunning(bench, context, iterations, required(request.outFiles[bench.id], 'snapshot path', bench.id)) };
  },
};
