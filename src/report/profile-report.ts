/**
 * The profiling passes in the terminal report, per benchmark under a file's tables: the JIT tier
 * and deoptimizations, hot functions and hot lines (`--profile`), and the measured loop's machine
 * code annotated with perf's samples (`--disasm`), as seed 000 prints "Hot methods when running X".
 */
import type pc from 'picocolors';
import { isTierUp } from '../results/profile-types.js';
import type { BenchmarkResult, DeoptEvent, Disassembly, DisasmInstruction, JitInfo, PassFile, ProfileInfo, TierReading } from '../results/types.js';
import { formatBytes } from '../results/text/format-units.js';

type Colors = ReturnType<typeof pc.createColors>;

const INDENT_STEP = '  ';
/** Deopts listed per benchmark (the JSON keeps them all). */
const DEOPTS_SHOWN = 5;
/** Native symbols listed per benchmark. */
const NATIVE_SHOWN = 8;
/** A loop longer than this is shortened to its hot instructions and their neighbours. */
const DISASM_SHOWN = 60;
/** An instruction with at least this share of the samples counts as hot when shortening. */
const HOT_INSTRUCTION_PERCENT = 1;
/** Neighbours kept around each hot instruction. */
const HOT_CONTEXT = 3;
/** An instruction with at least this share is highlighted: five times the shortening threshold, a few such stand out in a loop. */
export const HIGHLIGHTED_INSTRUCTION_PERCENT = HOT_INSTRUCTION_PERCENT * 5;

function percentText(value: number): string {
  return (value > 0 && value < 0.05 ? '<0.1%' : `${value.toFixed(1)}%`).padStart(6);
}

function readingText(r: TierReading): string {
  return r.maybeDeopted ? `${r.tier} (deoptimized before)` : r.tier;
}

/** The JIT tier of the measured code (and of the benchmark function) after warm-up and at the end, in one line. */
export function tierLine(tier: JitInfo, c: Colors): string {
  const what = tier.target === 'loop' ? 'measured loop' : `manual-loop body ${tier.functionName}`;
  const track = (warm: TierReading, end: TierReading): string =>
    warm.tier === end.tier && warm.maybeDeopted === end.maybeDeopted ? `${readingText(end)} after warm-up and at the end` : `${readingText(warm)} after warm-up → ${readingText(end)} at the end`;
  const requested = tier.optimizationRequested ? c.dim(' (optimization requested after warm-up)') : '';
  let line = `JIT tier: ${what} ${track(tier.afterWarmup, tier.afterSampling)}${requested}`;
  if (tier.body !== null) {
    const { afterWarmup, afterSampling } = tier.body;
    const own = afterWarmup.tier === 'unknown' && afterSampling.tier === 'unknown' ? 'no code of its own reported' : track(afterWarmup, afterSampling);
    const note = afterSampling.tier === 'turbofan' ? '' : " (its own code only: where V8 inlined it into the loop, the loop's tier applies)";
    line += c.dim(`; benchmark function ${tier.body.functionName}: ${own}${note}`);
  }
  return line;
}

function deoptLines(logged: readonly DeoptEvent[], indent: string, c: Colors): string[] {
  const deopts = logged.filter((d) => !isTierUp(d));
  const tierUps = logged.length - deopts.length;
  const osr = tierUps === 0 ? '' : c.dim(` (and ${tierUps} entr${tierUps === 1 ? 'y' : 'ies'} into TurboFan's on-stack-replacement code, which V8 logs as deopts: tier-ups)`);
  if (deopts.length === 0) return [`${indent}deopts: ${c.dim('none')}${osr}`];
  const lines = [`${indent}deopts: ${deopts.length}${osr}`];
  for (const d of deopts.slice(0, DEOPTS_SHOWN)) {
    const inlined = d.inlinedAt.length > 0 ? c.dim(` (inlined at ${d.inlinedAt[0]})`) : '';
    lines.push(
      `${indent}${INDENT_STEP}${c.yellow(d.reason || '(no reason)')} ${c.dim(d.kind)} at ${d.location ?? 'unknown location'}${inlined} ${c.dim(d.phase === 'sample' ? 'during sampling' : 'during warm-up')}`,
    );
  }
  if (deopts.length > DEOPTS_SHOWN) lines.push(`${indent}${INDENT_STEP}${c.dim(`… ${deopts.length - DEOPTS_SHOWN} more in the JSON results`)}`);
  return lines;
}

function cpuLines(profile: ProfileInfo, indent: string, c: Colors): string[] {
  const cpu = profile.cpu!;
  const inner = indent + INDENT_STEP;
  if (cpu.status !== 'measured') return [`${indent}CPU profile: ${cpu.status === 'failed' ? c.red(cpu.reason ?? 'failed') : c.dim(`skipped: ${cpu.reason ?? ''}`)}`];
  const lines = [
    `${indent}hot functions ${c.dim(`(self time; ${cpu.sampleCount} samples at ${cpu.samplingIntervalUs} µs in the timed regions, ${cpu.iterations.toLocaleString('en-US')} iterations; built-ins count as their caller)`)}`,
  ];
  if (cpu.reason !== null) lines.push(`${inner}${c.yellow(`note: ${cpu.reason}`)}`);
  for (const hot of profile.hot ?? []) {
    const where = hot.location === null ? '' : ` ${c.dim(hot.location)}`;
    const kind = hot.kind === 'harness' ? c.dim(' (ubench)') : hot.kind === 'node' ? c.dim(' (Node.js)') : '';
    const inlined = hot.inlinedInto === null ? '' : c.dim(` inlined into ${hot.inlinedInto}`);
    lines.push(`${inner}${percentText(hot.selfPercent)}  ${hot.kind === 'user' ? c.bold(hot.function) : hot.function}${where}${kind}${inlined}`);
  }
  const hotLines = profile.lines ?? [];
  if (hotLines.length > 0) {
    lines.push(`${indent}hot lines`);
    let file = '';
    const width = Math.max(...hotLines.map((l) => String(l.line).length));
    for (const line of hotLines) {
      if (line.file !== file) {
        file = line.file;
        lines.push(`${inner}${c.dim(file)}`);
      }
      lines.push(`${inner}${INDENT_STEP}${String(line.line).padStart(width)} │${percentText(line.percent)}  ${line.text ?? c.dim('(source not readable)')}`);
    }
  }
  if (profile.cpuprofile !== null) lines.push(`${indent}CPU profile: ${profile.cpuprofile} ${c.dim('(Chrome DevTools, speedscope)')}`);
  return lines;
}

/** The loop's instructions, shortened around the hot ones when long. */
function shownInstructions(instructions: readonly DisasmInstruction[]): (DisasmInstruction | number)[] {
  if (instructions.length <= DISASM_SHOWN) return [...instructions];
  const annotated = instructions.some((i) => i.percent !== null);
  const keep = new Set<number>();
  if (annotated) {
    instructions.forEach((instruction, index) => {
      if ((instruction.percent ?? 0) >= HOT_INSTRUCTION_PERCENT) for (let k = index - HOT_CONTEXT; k <= index + HOT_CONTEXT; k++) keep.add(k);
    });
  }
  if (keep.size === 0) for (let k = 0; k < DISASM_SHOWN; k++) keep.add(k);
  const shown: (DisasmInstruction | number)[] = [];
  let skipped = 0;
  instructions.forEach((instruction, index) => {
    if (keep.has(index)) {
      if (skipped > 0) shown.push(skipped);
      skipped = 0;
      shown.push(instruction);
    } else skipped++;
  });
  if (skipped > 0) shown.push(skipped);
  return shown;
}

function disasmLines(d: Disassembly, indent: string, c: Colors): string[] {
  const inner = indent + INDENT_STEP;
  if (d.status !== 'done') return [`${indent}machine code: ${d.status === 'failed' ? c.red(d.reason ?? 'failed') : c.dim(d.reason ?? 'unavailable')}`];
  const share = d.loopPercent === null ? '' : `, ${d.loopPercent.toFixed(1)}% of perf's ${d.perfSampleCount} samples in the loop`;
  const versions = d.compilations > 1 ? `, the one that ran of ${d.compilations} compilations` : '';
  const region = d.loop === null ? 'main code (no loop recognised)' : `loop at +0x${d.loop.startOffset.toString(16)}..+0x${d.loop.endOffset.toString(16)}`;
  const lines = [`${indent}machine code of the measured loop ${c.dim(`(${d.functionName}, TurboFan${versions}; ${region}${share})`)}`];
  if (d.annotationNote !== null) lines.push(`${inner}${c.dim(`not annotated: ${d.annotationNote}`)}`);
  for (const item of shownInstructions(d.instructions)) {
    if (typeof item === 'number') {
      lines.push(`${inner}${c.dim(`        … ${item} instruction${item === 1 ? '' : 's'}`)}`);
      continue;
    }
    const pct = item.percent === null ? '      ' : item.percent > 0 ? percentText(item.percent) : '      ';
    const text = `${pct}  ${item.offset.toString(16).padStart(5)}: ${item.text}`;
    lines.push(`${inner}${(item.percent ?? 0) >= HIGHLIGHTED_INSTRUCTION_PERCENT ? c.yellow(text) : text}`);
  }
  if (d.codeFile !== null) lines.push(`${inner}${c.dim(`full code: ${d.codeFile}`)}`);
  if (d.native.length > 0) {
    lines.push(`${indent}hot native code ${c.dim('(perf, timed regions)')}`);
    for (const n of d.native.slice(0, NATIVE_SHOWN)) lines.push(`${inner}${percentText(n.percent)}  ${n.symbol}`);
  }
  return lines;
}

/** A file a pass wrote (`heap snapshot: <path> (12.3 MB; …)`), or why it could not. */
function passFileLine(f: PassFile, c: Colors): string {
  if (f.path === null) return `${f.what}: ${c.dim(f.note ?? 'not written')}`;
  const facts = [f.bytes === null ? null : formatBytes(f.bytes), f.note].filter((x) => x !== null).join('; ');
  return `${f.what}: ${f.path}${facts === '' ? '' : ` ${c.dim(`(${facts})`)}`}${f.opensIn === null ? '' : ` ${c.dim(`— ${f.opensIn}`)}`}`;
}

export function profilePassLines(benchmarks: readonly BenchmarkResult[], indent: string, c: Colors): string[] {
  const profiled = benchmarks.filter((b) => b.profile.cpu !== null || b.profile.disasm !== null || (b.profile.files?.length ?? 0) > 0);
  const lines: string[] = [];
  for (const b of profiled) {
    const inner = indent + INDENT_STEP;
    lines.push('', `${indent}${c.bold(`profile of ${b.name}`)}`);
    if (b.profile.tier !== null) lines.push(`${inner}${tierLine(b.profile.tier, c)}`);
    lines.push(...deoptLines(b.profile.deopts, inner, c));
    if (b.profile.cpu !== null) lines.push(...cpuLines(b.profile, inner, c));
    if (b.profile.disasm !== null) lines.push(...disasmLines(b.profile.disasm, inner, c));
    for (const f of b.profile.files ?? []) lines.push(`${inner}${passFileLine(f, c)}`);
  }
  return lines;
}
