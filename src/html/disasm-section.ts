/**
 * The `--disasm` pass in the HTML report: the measured loop's optimized machine code in a
 * collapsible block, every instruction with its share of perf's samples as a bar (CSS only), the
 * hot ones highlighted, the loop's back-edge target and back edge marked; then the hottest native
 * symbols. The terminal shortens a long loop to its hot instructions; the page shows them all.
 */
import type { BenchmarkResult, Disassembly, DisasmInstruction } from '../results/types.js';
import { HIGHLIGHTED_INSTRUCTION_PERCENT } from '../report/profile-report.js';
import { hexNum, html } from './escape-html.js';
import { largestShare, percentText, shareCell } from './share-bar.js';

const hex = (offset: number): string => `+0x${offset.toString(16)}`;

function instructionRow(instruction: DisasmInstruction, loop: Disassembly['loop'], largest: number): string {
  const classes = [
    ...((instruction.percent ?? 0) >= HIGHLIGHTED_INSTRUCTION_PERCENT ? ['hot'] : []),
    ...(loop !== null && instruction.offset >= loop.startOffset && instruction.offset <= loop.endOffset ? ['in-loop'] : []),
  ];
  const mark = loop === null ? '' : instruction.offset === loop.startOffset ? 'loop start' : instruction.offset === loop.endOffset ? 'back edge' : '';
  const share = instruction.percent === null || instruction.percent === 0 ? shareCell(null, largest) : shareCell(instruction.percent, largest);
  const attributes = classes.length === 0 ? '' : ` class="${classes.join(' ')}"`;
  return `<tr${attributes}>${share}<td class="num mono">${hexNum(instruction.offset)}</td><td class="mark">${mark}</td><td class="mono">${html(instruction.text)}</td></tr>`;
}

function summaryText(d: Disassembly): string {
  const versions = d.compilations > 1 ? `, the one that ran of ${d.compilations} compilations` : '';
  const region = d.loop === null ? 'main code, no loop recognised' : `loop at ${hex(d.loop.startOffset)}..${hex(d.loop.endOffset)}`;
  const share = d.loopPercent === null ? '' : `; ${percentText(d.loopPercent)} of perf's ${d.perfSampleCount ?? 0} samples in the loop`;
  const hottest = d.instructions.reduce<DisasmInstruction | null>((best, i) => ((i.percent ?? 0) > (best?.percent ?? 0) ? i : best), null);
  const hot = hottest === null ? '' : `; hottest: ${hottest.text} (${percentText(hottest.percent!)})`;
  return `Machine code of the measured loop: ${d.instructions.length} instructions (${d.functionName}, TurboFan${versions}; ${region}${share}${hot})`;
}

function nativeTable(d: Disassembly): string {
  if (d.native.length === 0) return '';
  const largest = largestShare(d.native.map((n) => n.percent));
  const rows = d.native.map((n) => `<tr>${shareCell(n.percent, largest)}<td class="mono">${html(n.symbol)}</td></tr>`);
  return `<h5>Hot native code <span class="muted">(perf, timed regions)</span></h5><table class="native"><tr><th class="share">samples</th><th>symbol</th></tr>${rows.join('')}</table>`;
}

/** The machine code of one benchmark's measured loop; empty without `--disasm`. */
export function disasmSection(b: BenchmarkResult): string {
  const d = b.profile.disasm;
  if (d === null) return '';
  if (d.status !== 'done') {
    const text = d.status === 'failed' ? `<span class="error-text">failed: ${html(d.reason ?? 'no reason given')}</span>` : `unavailable: ${html(d.reason ?? '')}`;
    return `<section class="pass" data-pass="disasm"><h5>Machine code</h5><p>${text}</p></section>`;
  }
  const largest = largestShare(d.instructions.map((i) => i.percent));
  const note = d.annotationNote === null ? '' : `<p class="note">Not annotated: ${html(d.annotationNote)}</p>`;
  const legend =
    d.annotationNote === null
      ? `<p class="muted">Bars: share of perf's samples, the hottest instruction full length; highlighted: ${HIGHLIGHTED_INSTRUCTION_PERCENT}% or more. The bar at the left edge spans the loop.</p>`
      : '';
  const rows = d.instructions.map((i) => instructionRow(i, d.loop, largest));
  const table = `<table class="disasm"><tr><th class="share">samples</th><th class="num">offset</th><th></th><th>instruction</th></tr>${rows.join('')}</table>`;
  const codeFile = d.codeFile === null ? '' : `<p class="muted">Full code: <code>${html(d.codeFile)}</code></p>`;
  return `<section class="pass" data-pass="disasm"><details class="disasm"><summary>${html(summaryText(d))}</summary>${note}${legend}${table}${codeFile}</details>${nativeTable(d)}</section>`;
}
