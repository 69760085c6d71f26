/**
 * The measured loop's machine code as the user sees it: the compilation that ran (the one with
 * the most perf samples, or the last printed), trimmed to the loop, each instruction annotated
 * with its share of the samples taken in the timed regions (as seed 000 does), and the hottest
 * native symbols beside it.
 */
import path from 'node:path';
import type { Disassembly, DisasmInstruction, NativeSymbol } from '../results/types.js';
import { findLoop } from './loop-region.js';
import { instructionAt, parseOptCode, type CodeDump } from './opt-code-dump.js';
import { samplesInWindows, type PerfSample } from './perf-samples.js';
import type { TimeWindows } from './time-windows.js';

/** Native symbols listed per benchmark. */
export const NATIVE_SYMBOLS_TOP = 10;

export interface DisassemblyInput {
  functionName: string;
  /** What V8 printed (`--print-opt-code`) in the pass's process. */
  codeText: string;
  /** Timed regions, [start, end] in ns of CLOCK_MONOTONIC. */
  windows: TimeWindows;
  /** perf's samples of the process, or why there are none. */
  perf: { samples: readonly PerfSample[] } | { unavailable: string };
  /** How the measured loop is named, e.g. `measured loop for sum`. */
  loopLabel: string;
}

const JIT_TIER: Record<string, string> = { '*': 'optimized', '~': 'unoptimized', '^': 'baseline', '+': 'maglev' };

/** A perf symbol as people read it: JIT code by function name and tier, V8 built-ins by name, libraries by file. */
export function nativeName(sample: Pick<PerfSample, 'symbol' | 'dso'>, loop: { functionName: string; label: string }): string {
  const { symbol, dso } = sample;
  const jit = /^JS:([*~^+]?)(\S*)/.exec(symbol);
  if (jit !== null) {
    if (jit[2] === loop.functionName) return `${loop.label} (JIT)`;
    return `${jit[2] === '' ? '(anonymous)' : jit[2]} (JIT, ${JIT_TIER[jit[1]!] ?? 'code'})`;
  }
  const builtin = /^(?:Builtins_|Builtin:)(.+)$/.exec(symbol);
  if (builtin !== null) return `${builtin[1]} (V8 built-in)`;
  if (dso === '[kernel.kallsyms]') return `${symbol} (kernel)`;
  const file = path.basename(dso);
  return file === 'node' ? symbol : `${symbol} (${file})`;
}

function samplesIn(dump: CodeDump, samples: readonly PerfSample[]): number {
  return samples.filter((s) => instructionAt(dump, s.ip) !== null).length;
}

export function buildDisassembly(input: DisassemblyInput): { disassembly: Omit<Disassembly, 'codeFile'>; shown: CodeDump | null } {
  const dumps = parseOptCode(input.codeText).filter((d) => d.name === input.functionName);
  const base = { functionName: input.functionName, compilations: dumps.length };
  if (dumps.length === 0) {
    const reason = 'V8 printed no optimized code for the measured loop (it was never compiled by TurboFan in the pass)';
    return { disassembly: { ...base, status: 'failed', reason, loop: null, instructions: [], perfSampleCount: null, loopPercent: null, annotationNote: null, native: [] }, shown: null };
  }
  const samples = 'samples' in input.perf ? samplesInWindows(input.perf.samples, input.windows) : null;
  let shown = dumps[dumps.length - 1]!;
  if (samples !== null) {
    let most = samplesIn(shown, samples);
    for (const dump of dumps) {
      const count = samplesIn(dump, samples);
      if (count > most) [shown, most] = [dump, count];
    }
  }
  const counts = new Map<number, number>();
  for (const sample of samples ?? []) {
    const at = instructionAt(shown, sample.ip);
    if (at !== null) counts.set(at.offset, (counts.get(at.offset) ?? 0) + 1);
  }
  const total = samples?.length ?? 0;
  const percent = (n: number): number | null => (samples === null ? null : total === 0 ? 0 : (100 * n) / total);
  const loop = findLoop(shown.instructions);
  const inRegion = shown.instructions.filter((i) => loop === null || (i.offset >= loop.startOffset && i.offset <= loop.endOffset));
  const instructions: DisasmInstruction[] = inRegion.map((i) => ({ offset: i.offset, text: i.text, percent: percent(counts.get(i.offset) ?? 0) }));
  const loopSamples = inRegion.reduce((a, i) => a + (counts.get(i.offset) ?? 0), 0);
  const native = new Map<string, number>();
  for (const sample of samples ?? []) {
    const name = nativeName(sample, { functionName: input.functionName, label: input.loopLabel });
    native.set(name, (native.get(name) ?? 0) + 1);
  }
  const nativeTop: NativeSymbol[] = [...native]
    .sort((a, b) => b[1] - a[1])
    .slice(0, NATIVE_SYMBOLS_TOP)
    .map(([symbol, n]) => ({ symbol, percent: (100 * n) / total }));
  return {
    disassembly: {
      ...base,
      status: 'done',
      reason: null,
      loop,
      instructions,
      perfSampleCount: samples === null ? null : total,
      loopPercent: percent(loopSamples),
      annotationNote: 'unavailable' in input.perf ? input.perf.unavailable : null,
      native: nativeTop,
    },
    shown,
  };
}
