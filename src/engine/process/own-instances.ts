/**
 * Gives each selected benchmark its own instance of the user's modules (engine/loader/
 * module-instances.ts): the bench file is imported again once per benchmark after the first, and
 * the benchmark takes its declaration from its own import. Where that cannot be done the benchmark
 * keeps the first import's declaration, shared with the others, and the reason is recorded.
 */
import { takeDeferredLoadError } from '../../define/foreign/deferred-load-error.js';
import type { Registry } from '../../define/registry.js';
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import type { ModuleIsolation } from '../../results/types.js';

export interface InstanceLoader {
  /** Imports instance `k` (≥ 1) of the bench file for the benchmark `wanted`; its bench() calls fill the registry. */
  load(k: number, wanted: string): Promise<unknown>;
  /** Bytes the heap holds (after a full GC where one can be had), to tell what an instance keeps; absent: not read. */
  heapBytes?(): number;
}

/**
 * What the further instances of a file may keep in all: past it the rest of its benchmarks share the
 * first instance. A file whose top level builds large fixtures would otherwise hold one copy per
 * benchmark (a 100 MiB fixture and 12 benchmarks would keep 1.2 GiB); 1 GiB is a quarter of V8's
 * default heap limit on a 64-bit machine with this one's memory (~4 GiB).
 */
export const INSTANCE_MEMORY_BUDGET = 1 << 30;
const MIB = 1 << 20;

export interface OwnInstances {
  benchmarks: DeclaredBenchmark[];
  isolation: ModuleIsolation[];
}

const OWN: ModuleIsolation = { instance: 'own', reason: null };

/** `loader` null: the runtime loads modules itself, and `sharedReason` says so. */
export async function ownInstances(selected: readonly DeclaredBenchmark[], registry: Registry, loader: InstanceLoader | null, sharedReason: string): Promise<OwnInstances> {
  if (selected.length < 2) return { benchmarks: [...selected], isolation: selected.map(() => OWN) };
  if (loader === null) return { benchmarks: [...selected], isolation: selected.map(() => ({ instance: 'shared', reason: sharedReason })) };
  const declared = registry.benchmarks;
  // A foreign run() asks for instances while the file is inside a group() of its own: it is back there after.
  const groups = registry.groups;
  const benchmarks: DeclaredBenchmark[] = [selected[0]!];
  const isolation: ModuleIsolation[] = [OWN];
  let overBudget: string | null = null;
  try {
    for (let k = 1; k < selected.length; k++) {
      const wanted = selected[k]!;
      if (overBudget !== null) {
        benchmarks.push(wanted);
        isolation.push({ instance: 'shared', reason: overBudget });
        continue;
      }
      registry.benchmarks = [];
      registry.groups = [];
      let own: DeclaredBenchmark | undefined;
      let reason: string;
      const before = loader.heapBytes?.() ?? null;
      try {
        await loader.load(k, wanted.id);
        const deferred = takeDeferredLoadError();
        if (deferred !== undefined) throw deferred.error;
        own = registry.benchmarks.find((b) => b.id === wanted.id);
        reason = 'the bench file did not declare it again when imported a second time';
      } catch (thrown) {
        reason = `the bench file could not be imported a second time (${thrown instanceof Error ? thrown.message.split('\n')[0] : String(thrown)})`;
      }
      benchmarks.push(own ?? wanted);
      isolation.push(own === undefined ? { instance: 'shared', reason } : OWN);
      const kept = before === null ? 0 : Math.max(0, loader.heapBytes!() - before);
      const more = selected.length - 1 - k;
      if (kept * more > INSTANCE_MEMORY_BUDGET) {
        overBudget = `one instance of its file keeps ${(kept / MIB).toFixed(0)} MiB: ${more} more would keep ${((kept * more) / MIB).toFixed(0)} MiB, over the ${INSTANCE_MEMORY_BUDGET / MIB} MiB ubench gives them`;
      }
    }
  } finally {
    registry.benchmarks = declared;
    registry.groups = groups;
  }
  if (isolation.some((i) => i.instance === 'shared')) isolation[0] = { instance: 'shared', reason: 'benchmarks of its file that could not have their own instance run this one, beside it' };
  return { benchmarks, isolation };
}
