/**
 * Reads version 1 results as version 2, so files saved before the upgrade can still be reported
 * and compared. Version 2 moved `jit` and `deopts` into `profile` (as `tier` and `deopts`) and
 * added the profiling passes' fields (null: they did not run).
 */

type Json = Record<string, unknown>;

function upgradeBenchmark(benchmark: Json): Json {
  const { jit, deopts, ...rest } = benchmark;
  const tier = jit === null || typeof jit !== 'object' ? null : { ...(jit as Json), body: null };
  return {
    ...rest,
    profile: { tier, deopts: Array.isArray(deopts) ? deopts : [], cpu: null, hot: null, lines: null, cpuprofile: null, disasm: null },
  };
}

/** The version 1 file (already checked to have the outline) as version 2. */
export function upgradeV1(file: Json): Json {
  const settings = file['settings'] as Json;
  return {
    ...file,
    schemaVersion: 2,
    // Added within version 1, so possibly absent.
    settings: { gcCost: false, allocSites: false, ...settings, profile: false, disasm: false },
    benchmarks: (file['benchmarks'] as Json[]).map(upgradeBenchmark),
  };
}
