/**
 * The deoptimizations of a benchmark in the HTML report: V8's reason, the bailout type, where in
 * the source (file:line:column, with where it was inlined) and how many times, identical events
 * counted once, split by phase. TurboFan's on-stack-replacement entries, which V8 logs as deopts,
 * are tier-ups: counted in a note, not listed. Shown for profiled benchmarks (as in the terminal)
 * and for any benchmark that deoptimized.
 */
import { isTierUp } from '../results/profile-types.js';
import type { BenchmarkResult, DeoptEvent } from '../results/types.js';
import { html, num } from './escape-html.js';
import { profiled } from './profile-section.js';

/** Identical deopts (same reason, type, position and inlining) folded into one row. */
interface DeoptRow {
  event: DeoptEvent;
  warmup: number;
  sample: number;
}

function foldDeopts(deopts: readonly DeoptEvent[]): DeoptRow[] {
  const rows = new Map<string, DeoptRow>();
  for (const d of deopts) {
    const key = JSON.stringify([d.reason, d.kind, d.location, d.inlinedAt]);
    let row = rows.get(key);
    if (row === undefined) {
      row = { event: d, warmup: 0, sample: 0 };
      rows.set(key, row);
    }
    row[d.phase === 'sample' ? 'sample' : 'warmup']++;
  }
  // Deopts during sampling matter most (they are inside the timed code): those first, then by count.
  return [...rows.values()].sort((a, b) => b.sample - a.sample || b.warmup + b.sample - (a.warmup + a.sample));
}

function phaseText(row: DeoptRow): string {
  const parts = [...(row.sample > 0 ? [`${row.sample} during sampling`] : []), ...(row.warmup > 0 ? [`${row.warmup} during warm-up`] : [])];
  return parts.join(', ');
}

/** The deopt table of one benchmark; empty when it was not profiled and did not deoptimize. */
export function deoptSection(b: BenchmarkResult): string {
  const deopts = b.profile.deopts.filter((d) => !isTierUp(d));
  if (deopts.length === 0 && !profiled(b)) return '';
  const tierUps = b.profile.deopts.length - deopts.length;
  const osr = tierUps === 0 ? '' : `<p class="muted">And ${tierUps} entr${tierUps === 1 ? 'y' : 'ies'} into TurboFan's on-stack-replacement code, which V8 logs as deopts: tier-ups, not listed.</p>`;
  if (deopts.length === 0) return `<section class="pass" data-pass="deopts"><h5>Deoptimizations</h5><p class="muted">None.</p>${osr}</section>`;
  const rows = foldDeopts(deopts).map((row) => {
    const d = row.event;
    const inlined = d.inlinedAt.length === 0 ? '' : `<span class="muted"> inlined at ${html(d.inlinedAt.join(' ← '))}</span>`;
    return `<tr><td class="num">${num(row.warmup + row.sample)}</td><td class="reason">${html(d.reason || '(no reason)')}</td><td class="mono">${html(d.kind)}</td><td class="mono">${html(d.location ?? 'unknown location')}${inlined}</td><td class="muted">${html(phaseText(row))}</td></tr>`;
  });
  return `<section class="pass" data-pass="deopts"><h5>Deoptimizations (${deopts.length})</h5><table class="deopts"><tr><th class="num">count</th><th>reason</th><th>bailout</th><th>where</th><th>when</th></tr>${rows.join('')}</table>${osr}</section>`;
}
