/**
 * `neighbour-detached`: another benchmark of the same process detached an ArrayBuffer before this
 * one was measured. V8 then gives up its array-buffer detaching protector for the whole process, and
 * optimized code checks every typed-array access for a detached buffer (a 10,000-element Float64Array
 * sum: 8.2 µs before, 16.5 µs after, measured on this project's machine). Module instances do not
 * separate this: the protector belongs to the process. The benchmark's figure includes the check if
 * it reads typed arrays in JavaScript (Uint8Array, Buffer, DataView, Float64Array…); alone it would
 * not pay it. The evidence is a probe's slowdown (engine/host/detach-probe.ts), not this benchmark's.
 */
import type { Rule } from './rule.js';

export const neighbourDetached: Rule = {
  code: 'neighbour-detached',
  check(result) {
    const fell = result.detachedBuffers;
    if (fell === undefined) return [];
    const who =
      fell.by === null
        ? 'a benchmark of this process detached an ArrayBuffer during the interleaved rounds'
        : `"${fell.by.name}" detached an ArrayBuffer while it ran alone in this process, before this benchmark was measured`;
    return [
      {
        code: 'neighbour-detached',
        severity: 'warning',
        message: `${who}: V8 then checks every typed-array access of optimized code for a detached buffer, in the whole process (a Float64Array probe ran ${fell.slowdown.toFixed(1)}× as long as before, beside a plain array); if this benchmark reads typed arrays, its figure includes that check and alone it would not`,
        hint: `Measure it apart from the detaching benchmark: --isolate benchmark${fell.by === null ? '' : `, or move "${fell.by.name}" to a file of its own`}. Detaching comes from transfer lists (structuredClone, postMessage), ArrayBuffer#transfer and growing WebAssembly memories.`,
        evidence: { ...fell },
      },
    ];
  },
};
