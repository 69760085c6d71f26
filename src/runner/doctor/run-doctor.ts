/**
 * `ubench doctor`'s run: read the machine (collect-readings.ts), judge every check
 * (analysis/doctor/doctor-checks.ts), then find the runtimes and tools — after the timed window, so
 * their `--version` processes do not count as other programs' load.
 */
import { type DoctorCheck, type Finding, overallVerdict } from '../../analysis/doctor/doctor-check.js';
import { DOCTOR_CHECKS, judgeAll } from '../../analysis/doctor/doctor-checks.js';
import { type FoundTool, findTools } from './find-tools.js';
import { collectReadings, type ReadOptions } from './collect-readings.js';

export interface DoctorReport {
  verdict: 'ok' | 'warn' | 'unfit';
  findings: Finding[];
  tools: FoundTool[];
  /** How long the references were timed, and the whole check took, ms. */
  windowMs: number;
  tookMs: number;
}

export async function runDoctor(options: ReadOptions & { cwd: string; tools: boolean }): Promise<DoctorReport> {
  const start = performance.now();
  const findings = judgeAll(collectReadings(options));
  const tools = options.tools ? await findTools(options.cwd) : [];
  return { verdict: overallVerdict(findings), findings, tools, windowMs: options.windowMs, tookMs: performance.now() - start };
}

/** Only `checks`' findings of a shorter reading (the start of a run, --wait-for-quiet). */
export function quickFindings(options: ReadOptions, checks: readonly DoctorCheck[] = DOCTOR_CHECKS): Finding[] {
  return judgeAll(collectReadings(options), checks);
}
