/**
 * `memory-grew` (seed 001: keep each benchmark's memory needs as a baseline and warn when they are
 * exceeded): against the same benchmark in a baseline results file (`--baseline`), the bytes
 * allocated per operation (heap or off-heap) or the memory retained after a full GC grew.
 *
 * Bytes/op is exact when allocation is deterministic, so any growth beyond the two runs' own
 * spread of readings counts; retained memory moves by up to a megabyte with code and caches, so it
 * must grow by more than the leak rule's noise floor.
 */
import { BYTES_PER_OP_RESOLUTION } from '../../results/memory-types.js';
import type { MemoryInfo } from '../../results/types.js';
import { bytes } from './format.js';
import { LEAK_MIN_RETAINED_BYTES } from './leak.js';
import type { Rule } from './rule.js';

function spread(memory: MemoryInfo): number {
  return memory.readings.length === 0 ? 0 : Math.max(...memory.readings) - Math.min(...memory.readings);
}

interface Growth {
  /** Evidence key. */
  key: 'bytesPerOp' | 'externalBytesPerOp' | 'retainedBytes';
  what: string;
  base: number;
  now: number;
}

export const memoryGrew: Rule = {
  code: 'memory-grew',
  check(result, context) {
    const base = context.baseline?.result.memory;
    const memory = result.memory;
    if (base == null || memory === null) return [];
    const tolerance = Math.max(BYTES_PER_OP_RESOLUTION, spread(base) + spread(memory));
    const grown: Growth[] = [];
    if (memory.bytesPerOp > base.bytesPerOp + tolerance) grown.push({ key: 'bytesPerOp', what: 'heap bytes/op', base: base.bytesPerOp, now: memory.bytesPerOp });
    if (memory.externalBytesPerOp > base.externalBytesPerOp + tolerance)
      grown.push({ key: 'externalBytesPerOp', what: 'off-heap bytes/op', base: base.externalBytesPerOp, now: memory.externalBytesPerOp });
    const retained = memory.footprint.retainedBytes;
    const baseRetained = base.footprint?.retainedBytes ?? null;
    if (retained !== null && baseRetained !== null && retained > Math.max(baseRetained, 0) + LEAK_MIN_RETAINED_BYTES) {
      grown.push({ key: 'retainedBytes', what: 'retained memory', base: baseRetained, now: retained });
    }
    if (grown.length === 0) return [];
    const text = grown.map((g) => `${g.what} ${bytes(g.now)}, up from ${bytes(g.base)}`).join('; ');
    return [
      {
        code: 'memory-grew',
        severity: 'warning',
        message: `memory grew against the baseline ${context.baseline!.label}: ${text}`,
        hint: "See where the bytes come from with --alloc-sites. If the growth is intended, make this run's results file (--json) the new baseline.",
        evidence: { baseline: context.baseline!.label, ...Object.fromEntries(grown.map((g) => [g.key, { base: g.base, now: g.now }])) },
      },
    ];
  },
};
