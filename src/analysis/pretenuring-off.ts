/**
 * The heap figure a benchmark reports: the timing process's, or, where some of its allocation was
 * born in the old generation and the pretenuring-off pass measured it again, that pass's (exact
 * where every allocation was young there). The timing process's figure stays in the accounting.
 */
import type { MemoryInfo, PretenuringOffReading } from '../results/types.js';

type Measured = Omit<MemoryInfo, 'gcCost' | 'allocationSites'>;

export function withPretenuringOff<M extends Measured>(memory: M, reading: PretenuringOffReading | null): M {
  const accounting = memory.accounting;
  if (accounting === undefined || reading === null) return memory;
  if (reading.status !== 'measured') return { ...memory, accounting: { ...accounting, pretenuringOff: reading } };
  return {
    ...memory,
    bytesPerOp: reading.bytesPerOp,
    deterministic: reading.deterministic,
    readings: reading.readings,
    accounting: { ...accounting, heapSource: 'pretenuring-off', heapExact: reading.exact, pretenuringOff: reading },
  };
}
