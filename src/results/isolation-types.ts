/**
 * What a benchmark's figure could owe to what shares its process: whether its code was its own
 * instance of the user's modules, what loaded that code, and whether another benchmark changed V8's
 * state for the whole process before it was measured.
 */

/**
 * Whether a benchmark ran its own instance of the user's modules (the bench file and the project's
 * files it imports), so that no other benchmark's type feedback reached the functions it calls.
 */
export interface ModuleIsolation {
  /** `own`: its own instance (or it was alone in its process); `shared`: the process's one instance, with the others'. */
  instance: 'own' | 'shared';
  /** Why it shared, when it did (the runtime loads modules itself; the file could not be loaded again…). */
  reason: string | null;
  /** Module loaders besides ubench's in its process (`tsx` from `--import tsx`…): they, not ubench, compiled its TypeScript. Absent: none. */
  loaders?: string[];
  /** Exports of the project's CommonJS modules that its body reads through getters (a transform's interop), by module. Absent: none. */
  getters?: GetterReads[];
}

/** Names a body reads from one CommonJS module whose exports are getters. */
export interface GetterReads {
  /** The module's path, relative to the working directory. */
  module: string;
  names: string[];
}

/**
 * V8's array-buffer detaching protector fell in the benchmark's process before it was measured
 * (engine/host/detach-probe.ts): another benchmark detached an ArrayBuffer, and from then on
 * optimized code checks every typed-array access for a detached buffer.
 */
export interface DetachedBuffers {
  /** The benchmark that ran alone when it fell (its warm-up, or in sequential mode its measurement); null: during the interleaved rounds. */
  by: { id: string; name: string } | null;
  /** A Float64Array probe's time over a plain array's, after the fall over before it. */
  slowdown: number;
}
