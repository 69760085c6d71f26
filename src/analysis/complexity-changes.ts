/**
 * Growth laws that changed between two runs: a sweep whose complexity fit is clear in both runs
 * (the chosen model beats every other beyond the points' noise) but chose another model in the new
 * run — `sort over n: O(n log n) → O(n²)` — is a change no per-size row shows: every size may have
 * moved by less than the noise band while the curve bent. A fit that cannot tell its models apart,
 * or that is too noisy, in either run is not a change.
 */
import type { ComplexityGroup, ComplexityModel } from '../results/complexity-types.js';
import type { ResultsFile } from '../results/types.js';

export interface ComplexityChange {
  file: string;
  group: string | null;
  baseName: string;
  runtime: string | null;
  param: string;
  fixed: ComplexityGroup['fixed'];
  base: { model: ComplexityModel; rms: number };
  new: { model: ComplexityModel; rms: number };
}

/** The same sweep in both runs: same file, group, benchmark, runtime, swept key and fixed values. */
function sweepKey(g: ComplexityGroup): string {
  const fixed = Object.entries(g.fixed).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([g.file, g.group, g.baseName, g.runtime, g.param, fixed]);
}

/** Sweeps whose clear growth law differs between `base` and `next`, in the new run's order. */
export function complexityChanges(base: ResultsFile, next: ResultsFile): ComplexityChange[] {
  const before = new Map((base.complexity?.groups ?? []).map((g) => [sweepKey(g), g]));
  const changes: ComplexityChange[] = [];
  for (const now of next.complexity?.groups ?? []) {
    const was = before.get(sweepKey(now));
    if (was === undefined || was.status !== 'clear' || now.status !== 'clear' || was.best.model === now.best.model) continue;
    changes.push({
      file: now.file,
      group: now.group,
      baseName: now.baseName,
      runtime: now.runtime,
      param: now.param,
      fixed: now.fixed,
      base: { model: was.best.model, rms: was.best.rms },
      new: { model: now.best.model, rms: now.best.rms },
    });
  }
  return changes;
}
