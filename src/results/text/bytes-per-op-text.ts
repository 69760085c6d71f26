/**
 * Bytes per operation as the reports print them, marked where the figure is not exact
 * (docs/memory.md): `≥` for a heap figure that counted old-generation growth (a lower bound, the
 * pretenuring-off pass having failed or not run), `~` where every reading had a GC in its region.
 */
import { formatBytes } from './format-units.js';
import type { MemoryInfo } from '../memory-types.js';

/** Off-heap bytes below this per operation are not printed (a pooled Buffer's share can be a few bytes). */
const EXTERNAL_SHOWN_MIN = 1;

export function bytesPerOpText(memory: Pick<MemoryInfo, 'bytesPerOp' | 'externalBytesPerOp' | 'accounting'>): string {
  const accounting = memory.accounting;
  const disturbed = accounting !== undefined && !accounting.externalExact ? '~' : '';
  const heapMark = accounting?.heapSource === 'young-and-old' ? '≥' : disturbed;
  const external = memory.externalBytesPerOp >= EXTERNAL_SHOWN_MIN ? ` +${disturbed}${formatBytes(memory.externalBytesPerOp)} ext` : '';
  return `${heapMark}${formatBytes(memory.bytesPerOp)}${external}`;
}

/** Where the heap figure comes from, in words (the HTML report's row). */
export function heapSourceText(memory: Pick<MemoryInfo, 'accounting'>): string | null {
  const accounting = memory.accounting;
  if (accounting === undefined) return null;
  const exact = accounting.heapExact ? 'exact' : 'not exact';
  if (accounting.heapSource === 'pretenuring-off')
    return `measured again with pretenuring off (${exact}); the timing process saw ${formatBytes(accounting.oldGenerationBytesPerOp)}/op born in the old generation`;
  if (accounting.heapSource === 'young-and-old') return `a lower bound: ${formatBytes(accounting.oldGenerationBytesPerOp)}/op grew the old generation, and the pretenuring-off pass gave no figure`;
  return `young generation (${exact})`;
}
