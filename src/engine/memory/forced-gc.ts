/**
 * Garbage collections on demand, outside any timed region: a full GC to read the memory a
 * benchmark retains, a young-generation GC (scavenge) to empty the young generation before a
 * GC-free sample. `--expose-gc` is enabled at run time, so the benchmark process needs no flag.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { THIS_RUNTIME_TRAITS } from '../../results/runtimes/this-runtime.js';

type GcFunction = (options?: { type: 'major' | 'minor' }) => void;

let exposed: GcFunction | null | undefined;

/** Bun's own: `Bun.gc(true)` collects synchronously (JavaScriptCore has no young-only collection to ask for here). */
const bunGc = THIS_RUNTIME_TRAITS.forcedGc === 'bun' ? (globalThis as { Bun?: { gc(force: boolean): void } }).Bun : undefined;

function exposedGc(): GcFunction | null {
  if (exposed === undefined && bunGc !== undefined) {
    exposed = (options) => (options?.type === 'minor' ? undefined : bunGc.gc(true));
    if (typeof bunGc.gc !== 'function') exposed = null;
  }
  if (exposed === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      exposed = vm.runInNewContext('gc') as GcFunction;
    } catch {
      exposed = null;
    }
  }
  return exposed;
}

/** A synchronous full GC, or null where it cannot be had. */
export function fullGc(): (() => void) | null {
  const gc = exposedGc();
  return gc === null ? null : () => gc();
}

/** A synchronous young-generation GC, or null where it cannot be had (Bun). */
export function minorGc(): (() => void) | null {
  if (bunGc !== undefined) return null;
  const gc = exposedGc();
  return gc === null ? null : () => gc({ type: 'minor' });
}
