/** What a benchmark process's host gives the request's run (run-request.ts): how the file loads, how events leave, the engine's controls. */
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import type { RuntimeIdentity } from '../../results/runtime-identity.js';
import type { ErrorInfo, ModuleIsolation } from '../../results/types.js';
import type { DeoptLogSource } from '../loop/deopt-log.js';
import type { JitControl } from '../loop/jit-tier.js';
import type { runPass } from '../passes/run-pass.js';
import type { ChildEvent } from './events.js';

/** Imports instance `k` (≥ 1) of the bench file; its bench() calls fill the registry. `until`: the import counts as done when it settles (the instance stopped at its foreign run()). */
export interface InstanceImporter {
  load(k: number, until: Promise<unknown>): Promise<unknown>;
  /** Bytes the heap holds (after a full GC where one can be had), to tell what an instance keeps; absent: not read. */
  heapBytes?(): number;
}

export interface RequestHost {
  /** Imports the bench file (its bench() calls fill the registry). */
  load(): Promise<unknown>;
  emit(event: ChildEvent): void;
  errorInfo(thrown: unknown): ErrorInfo;
  jitControl: JitControl | null;
  deoptLog: DeoptLogSource | null;
  cwd: string;
  /** Whether a source location is ubench's own code (its deoptimizations are not the benchmark's). */
  isHarness(location: string): boolean;
  pid: number;
  execArgv: string[];
  identity: RuntimeIdentity;
  /** The process's side of a pass after timing; absent where passes do not run (a browser page). */
  runPass?: typeof runPass;
  /** Imports further instances of the bench file, one per benchmark (own-instances.ts); null where the runtime loads modules itself. */
  instances: InstanceImporter | null;
  /** Why benchmarks share one instance of the modules where `instances` is null. */
  sharedModules: string;
  /** Waits until the process's other threads are quiet after loading (settle-threads.ts); absent where it cannot tell. */
  settle?: () => Promise<unknown>;
  /** What in this process the user's build would not have, for one benchmark (interop-facts.ts), once its modules are loaded; absent where not read. */
  interop?: (bench: DeclaredBenchmark) => Pick<ModuleIsolation, 'loaders' | 'getters'>;
}
