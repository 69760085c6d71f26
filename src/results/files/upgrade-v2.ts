/**
 * Reads version 2 results as version 3, so files saved before host tracking can still be reported
 * and compared. Version 3 added the host's speed (per sample `hostNs`, per benchmark `host`, per run
 * `host`), interleaved rounds (per sample `round`, `settings.interleave`) and the state probe
 * (`stateProbe`); a version 2 file had none of them: its benchmarks ran one after another and nothing measured the host next to them.
 */

type Json = Record<string, unknown>;

/** The version 2 file (already checked to have the outline) as version 3. */
export function upgradeV2(file: Json): Json {
  return {
    ...file,
    schemaVersion: 3,
    settings: { ...(file['settings'] as Json), interleave: false },
    benchmarks: (file['benchmarks'] as Json[]).map((b) => ({ ...b, host: null, stateProbe: null })),
    host: null,
  };
}
