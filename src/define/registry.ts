/**
 * The declaration registry shared by every copy of the ubench module in a process.
 *
 * It lives on `globalThis` under a registered symbol so that a bench file importing `ubench` from its
 * own `node_modules` and the engine importing it from the harness's install record into the same
 * list even when they are two module instances.
 */
import type { DeclaredBenchmark, ParamValue } from './declaration-types.js';

export interface Registry {
  /** Display path of the bench file being imported; benchmark ids start with it. */
  file: string;
  /** Stack of open `group()` names. */
  groups: string[];
  benchmarks: DeclaredBenchmark[];
  /** Set once the engine starts measuring: declaring after that is a mistake. */
  running: boolean;
  /** `ubench --args key=values`: the values every benchmark declaring the key takes instead of its own. */
  argOverrides?: Readonly<Record<string, readonly ParamValue[]>>;
  /**
   * What ubench says about the file's declarations (a foreign API's feature ignored, a benchmark its
   * harness would not run), sent to the parent, which says each once per run however many processes
   * load the file.
   */
  notes: string[];
}

const REGISTRY_KEY = Symbol.for('ubench.registry.v1');

export function getRegistry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  let registry = holder[REGISTRY_KEY];
  if (registry === undefined) {
    registry = { file: '<unknown>', groups: [], benchmarks: [], running: false, notes: [] };
    holder[REGISTRY_KEY] = registry;
  }
  return registry;
}

/** Empties the registry and names the file whose declarations come next (and the `--args` overrides, if any). */
export function resetRegistry(file: string, argOverrides?: Readonly<Record<string, readonly ParamValue[]>>): Registry {
  const registry = getRegistry();
  registry.file = file;
  registry.argOverrides = argOverrides;
  registry.groups = [];
  registry.benchmarks = [];
  registry.running = false;
  registry.notes = [];
  return registry;
}
