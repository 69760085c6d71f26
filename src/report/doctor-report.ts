/**
 * `ubench doctor`'s report: each check with its verdict, the evidence and what to do; the runtimes
 * and tools found; the overall verdict. And the same as one JSON document for CI (`--json`).
 */
import pc from 'picocolors';
import type { Finding, Verdict } from '../analysis/doctor/doctor-check.js';
import { visibleText } from '../results/text/visible-text.js';
import type { DoctorReport } from '../runner/doctor/run-doctor.js';

type Colors = ReturnType<typeof pc.createColors>;

const VERDICT_TEXT: Record<Verdict, string> = { ok: 'ok', warn: 'warn', unfit: 'unfit', unknown: "can't tell" };
/** The verdict column: as wide as its longest text, plus a space. */
const VERDICT_WIDTH = Math.max(...Object.values(VERDICT_TEXT).map((t) => t.length)) + 1;
const INDENT = '  ';

function paint(verdict: Verdict, c: Colors): (text: string) => string {
  if (verdict === 'unfit') return c.red;
  if (verdict === 'warn') return c.yellow;
  if (verdict === 'ok') return c.green;
  return c.dim;
}

function findingLines(f: Finding, c: Colors): string[] {
  const pad = ' '.repeat(INDENT.length + VERDICT_WIDTH);
  const lines = [`${INDENT}${paint(f.verdict, c)(VERDICT_TEXT[f.verdict].padEnd(VERDICT_WIDTH))}${c.bold(f.title)} ${c.dim(`(${f.id})`)}`, `${pad}${visibleText(f.evidence)}`];
  if (f.advice !== null) lines.push(`${pad}${c.cyan(`→ ${visibleText(f.advice)}`)}`);
  return lines;
}

function toolLines(report: DoctorReport, c: Colors): string[] {
  if (report.tools.length === 0) return [];
  const width = Math.max(...report.tools.map((t) => t.name.length));
  const lines = report.tools.map((t) => {
    const head = `${INDENT}${t.found ? c.green('found  ') : c.dim('missing')} ${t.name.padEnd(width)}  `;
    if (!t.found) return `${head}${c.dim(`${visibleText(t.enables)}; ${visibleText(t.missing ?? '')}`)}`;
    return `${head}${visibleText(t.version ?? '')} ${c.dim(`(${visibleText(t.path ?? '')})`)}: ${visibleText(t.enables)}`;
  });
  return ['', c.bold('Runtimes and tools'), ...lines];
}

const count = (findings: readonly Finding[], verdict: Verdict): number => findings.filter((f) => f.verdict === verdict).length;

/** The closing line: the overall verdict, the counts, the time taken. */
export function verdictLine(report: DoctorReport, c: Colors = pc.createColors(false)): string {
  const parts = (['unfit', 'warn', 'unknown', 'ok'] as const).flatMap((v) => (count(report.findings, v) === 0 ? [] : [`${count(report.findings, v)} ${VERDICT_TEXT[v]}`]));
  const meaning = report.verdict === 'unfit' ? 'do not measure now (exit 1)' : report.verdict === 'warn' ? 'figures measured now may be off or spread wider: see the warnings' : 'fit to measure';
  return `${paint(report.verdict, c)(c.bold(`verdict: ${report.verdict}`))} — ${meaning} (${parts.join(', ')}; ${(report.tookMs / 1e3).toFixed(1)} s)`;
}

export function renderDoctorReport(report: DoctorReport, options: { color: boolean }): string {
  const c = pc.createColors(options.color);
  const lines = [c.bold('ubench doctor: is this machine fit to measure right now?'), '', ...report.findings.flatMap((f) => findingLines(f, c)), ...toolLines(report, c), '', verdictLine(report, c)];
  return `${lines.join('\n')}\n`;
}

/** The `--json` document: its format and version first, so a reader can tell it from a results file. */
export function doctorDocument(report: DoctorReport): Record<string, unknown> {
  return {
    format: 'ubench-doctor',
    version: 1,
    verdict: report.verdict,
    windowMs: report.windowMs,
    tookMs: Math.round(report.tookMs),
    checks: report.findings,
    tools: report.tools,
  };
}
