/**
 * The `--alloc-sites` pass in the HTML report: the functions that allocate the most bytes per
 * operation (V8's sampling heap profiler, code as timed: inlined callees count as their caller),
 * each with its share of the sampled bytes as a bar, its location and its callers, as the
 * terminal lists them. All the sites the results keep are shown.
 */
import type { BenchmarkResult } from '../results/types.js';
import { formatBytes } from '../results/text/format-units.js';
import { html } from './escape-html.js';
import { largestShare, shareCell } from './share-bar.js';

/** The allocation sites of one benchmark; empty unless the pass ran and found something to profile. */
export function allocSitesSection(b: BenchmarkResult): string {
  const sites = b.memory?.allocationSites;
  if (sites === null || sites === undefined || sites.status === 'skipped') return '';
  const heading = '<h5>Allocation sites</h5>';
  if (sites.status === 'failed') return `<section class="pass" data-pass="alloc-sites">${heading}<p class="error-text">failed: ${html(sites.reason ?? 'no reason given')}</p></section>`;
  const measured = b.memory!.bytesPerOp;
  const intro = `<p class="muted">Sampling heap profiler over ${html(sites.iterations.toLocaleString('en-US'))} iterations (a sample every ${html(formatBytes(sites.samplingIntervalBytes))} on average): ${html(formatBytes(sites.sampledBytesPerOp))}/op sampled, ${html(formatBytes(measured))}/op measured. Code as timed: inlined callees count as their caller.</p>`;
  const largest = largestShare(sites.sites.map((s) => s.share * 100));
  const rows = sites.sites.map((s) => {
    const callers = s.callers.length === 0 ? '' : `<span class="muted">← ${html(s.callers.join(' ← '))}</span>`;
    const harness = s.harness ? ' <span class="muted">(ubench)</span>' : '';
    return `<tr>${shareCell(s.share * 100, largest)}<td class="num">${html(formatBytes(s.bytesPerOp))}</td><td class="mono">${html(s.function)}${harness}</td><td class="mono muted">${html(s.location ?? '')}</td><td class="mono">${callers}</td></tr>`;
  });
  const table = `<table class="alloc-sites"><tr><th class="share">bytes</th><th class="num">bytes/op</th><th>function</th><th>where</th><th>callers</th></tr>${rows.join('')}</table>`;
  return `<section class="pass" data-pass="alloc-sites">${heading}${intro}${sites.sites.length === 0 ? '<p class="muted">No site sampled.</p>' : table}</section>`;
}
