/**
 * The `--profile` pass in a benchmark's block of the HTML report, as the terminal shows it: the
 * JIT tier of the measured code, the hot functions by self time, and the benchmark's hot source
 * lines with their text (recorded in the results at profile time, so the page needs no file),
 * each with its share of the samples as a bar; then where the saved `.cpuprofile` is.
 */
import pc from 'picocolors';
import type { BenchmarkResult, HotFunction, HotLine, PassFile, ProfileInfo } from '../results/types.js';
import { formatBytes } from '../results/text/format-units.js';
import { tierLine } from '../report/profile-report.js';
import { html, num } from './escape-html.js';
import { largestShare, shareCell } from './share-bar.js';

/** Plain text from the terminal report's line builders (no colour codes in a page). */
const PLAIN = pc.createColors(false);

/** Where a hot function's code comes from, in words. */
const KIND_TEXT: Record<HotFunction['kind'], string> = {
  user: 'benchmark code',
  'measured-loop': 'generated measured loop',
  harness: 'ubench',
  node: 'Node.js',
  builtin: 'V8 built-in',
  vm: 'V8',
};

function kindText(f: HotFunction): string {
  const kind = KIND_TEXT[f.kind];
  return f.inlinedInto === null ? kind : `${kind}, inlined into ${f.inlinedInto}`;
}

function hotFunctions(hot: readonly HotFunction[]): string {
  if (hot.length === 0) return '';
  const largest = largestShare(hot.map((f) => f.selfPercent));
  const rows = hot.map(
    (f) =>
      `<tr${f.kind === 'user' ? ' class="user"' : ''}>${shareCell(f.selfPercent, largest)}<td class="mono">${html(f.function)}</td><td class="mono muted">${html(f.location ?? '')}</td><td class="muted">${html(kindText(f))}</td></tr>`,
  );
  return `<h5>Hot functions (self time)</h5><table class="hot"><tr><th class="share">self</th><th>function</th><th>where</th><th>kind</th></tr>${rows.join('')}</table>`;
}

function hotLines(lines: readonly HotLine[]): string {
  if (lines.length === 0) return '';
  const largest = largestShare(lines.map((l) => l.percent));
  const rows: string[] = [];
  let file: string | null = null;
  for (const line of lines) {
    if (line.file !== file) {
      file = line.file;
      rows.push(`<tr class="file"><td colspan="3" class="mono muted">${html(file)}</td></tr>`);
    }
    const text = line.text === null ? '<span class="muted">(source not readable)</span>' : `<code>${html(line.text)}</code>`;
    rows.push(`<tr><td class="num mono">${num(line.line)}</td>${shareCell(line.percent, largest)}<td class="source">${text}</td></tr>`);
  }
  return `<h5>Hot lines</h5><table class="hot-lines"><tr><th class="num">line</th><th class="share">samples</th><th>source</th></tr>${rows.join('')}</table>`;
}

function cpuPass(profile: ProfileInfo): string {
  const cpu = profile.cpu!;
  if (cpu.status !== 'measured') {
    const text = cpu.status === 'failed' ? `<span class="error-text">failed: ${html(cpu.reason ?? 'no reason given')}</span>` : `skipped: ${html(cpu.reason ?? '')}`;
    return `<p class="cpu-pass">CPU profile ${text}</p>`;
  }
  const parts = [
    `<p class="muted cpu-pass">${num(cpu.sampleCount)} samples at ${num(cpu.samplingIntervalUs)} µs in the timed regions of ${html(cpu.iterations.toLocaleString('en-US'))} iterations; built-ins count as their caller.</p>`,
  ];
  if (cpu.reason !== null) parts.push(`<p class="note">note: ${html(cpu.reason)}</p>`);
  parts.push(hotFunctions(profile.hot ?? []), hotLines(profile.lines ?? []));
  if (profile.cpuprofile !== null) parts.push(`<p class="muted">CPU profile saved as <code>${html(profile.cpuprofile)}</code> (opens in Chrome DevTools or speedscope).</p>`);
  return parts.join('');
}

/** Whether a profiling pass (`--profile`, `--disasm`) ran for the benchmark: the terminal then shows its tier and deopts. */
export function profiled(b: BenchmarkResult): boolean {
  return b.profile.cpu !== null || b.profile.disasm !== null || (b.profile.files?.length ?? 0) > 0;
}

/** The files the passes wrote for the benchmark (a heap snapshot, …), or why each is missing. */
function passFiles(files: readonly PassFile[]): string {
  return files
    .map((f) => {
      if (f.path === null) return `<p class="muted pass-file">${html(f.what)}: ${html(f.note ?? 'not written')}</p>`;
      const facts = [f.bytes === null ? null : formatBytes(f.bytes), f.note].filter((x) => x !== null).join('; ');
      return `<p class="muted pass-file">${html(f.what)} saved as <code>${html(f.path)}</code>${facts === '' ? '' : ` (${html(facts)})`}${f.opensIn === null ? '' : `, opens in ${html(f.opensIn)}`}.</p>`;
    })
    .join('');
}

/** The JIT tier and the `--profile` pass of one benchmark; empty unless a profiling pass ran. */
export function profileSection(b: BenchmarkResult): string {
  const { tier, cpu } = b.profile;
  if (!profiled(b)) return '';
  const tierText = tier === null ? '' : `<p class="tier">${html(tierLine(tier, PLAIN))}</p>`;
  return `<section class="pass" data-pass="profile"><h5>Profile</h5>${tierText}${cpu === null ? '' : cpuPass(b.profile)}${passFiles(b.profile.files ?? [])}</section>`;
}
