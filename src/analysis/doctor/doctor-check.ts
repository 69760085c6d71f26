/**
 * One check of `ubench doctor`: a pure judgment of the readings (readings.ts) into a verdict, the
 * evidence with its numbers, and what to do. Like the diagnostic rules, each check is one small
 * unit in a registry (doctor-checks.ts), tested with made-up readings.
 */
import type { DoctorReadings, Unread } from './readings.js';

/**
 * ok: nothing here disturbs measuring; warn: figures may be off or spread wider, say so; unfit:
 * figures taken now would be wrong by more than ubench's bands — do not measure (exit 1); unknown:
 * the fact cannot be read here (the evidence says why), which fails nothing.
 */
export type Verdict = 'ok' | 'warn' | 'unfit' | 'unknown';

export interface Finding {
  /** The check's stable kebab-case id. */
  id: string;
  title: string;
  verdict: Verdict;
  /** What was read, with the numbers (one or more sentences). */
  evidence: string;
  /** What to do about it; null when nothing needs doing. */
  advice: string | null;
  /** The figures the verdict rests on, for `--json`. */
  data: Readonly<Record<string, number | string | boolean | null | readonly (number | string)[]>>;
}

export interface DoctorCheck {
  id: string;
  title: string;
  /** Whether the check reads the host's state of the moment (its speed, other programs' load): what `--wait-for-quiet` waits on. */
  momentary: boolean;
  judge(readings: DoctorReadings): Finding;
}

/** The finding of `check` with its id and title filled in. */
export function finding(check: Pick<DoctorCheck, 'id' | 'title'>, verdict: Verdict, evidence: string, advice: string | null, data: Finding['data'] = {}): Finding {
  return { id: check.id, title: check.title, verdict, evidence, advice, data };
}

/** The finding of a fact this machine does not show: "cannot tell", why, and what sees it instead (`instead`). */
export function cannotTell(check: Pick<DoctorCheck, 'id' | 'title'>, unread: Unread, instead?: string): Finding {
  return finding(check, 'unknown', `cannot tell: ${unread.unread}${instead === undefined ? '' : `; ${instead}`}.`, null);
}

/** Verdicts from the worst down. */
const SEVERITY: Record<Verdict, number> = { unfit: 3, warn: 2, unknown: 1, ok: 0 };

/** The worst verdict among findings that can fail (unknown fails nothing: it is ok overall). */
export function overallVerdict(findings: readonly Pick<Finding, 'verdict'>[]): 'ok' | 'warn' | 'unfit' {
  const worst = findings.reduce((w, f) => (SEVERITY[f.verdict] > SEVERITY[w] ? f.verdict : w), 'ok' as Verdict);
  return worst === 'unknown' ? 'ok' : worst;
}

/** A share as a whole percentage: `0.034` → `3%`. */
export const pct = (share: number): string => `${(share * 100).toFixed(0)}%`;

/** A count of CPUs with two decimals at most, and the noun: `0.98 CPUs`, `1 CPU`, `2 CPUs`. */
export function cpusText(cpus: number): string {
  const n = Number(cpus.toFixed(2));
  return `${n} CPU${n === 1 ? '' : 's'}`;
}

/** `0-3,6` for a list of CPU numbers. */
export function cpuList(cpus: readonly number[]): string {
  const sorted = [...new Set(cpus)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    ranges.push(j === i ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return ranges.join(',');
}
