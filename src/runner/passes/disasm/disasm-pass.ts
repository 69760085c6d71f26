/**
 * The `--disasm` pass: each benchmark replayed in a process of its own that prints the generated
 * loop's optimized code to a file (and, where perf works, runs under `perf record`), then the code
 * and the samples put together here once the process has ended.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PassResult } from '../../../engine/process/events.js';
import { buildDisassembly } from '../../../profiling/disassembly.js';
import { perfUnavailable, readPerfSamples, type PerfSample } from '../../../profiling/perf-samples.js';
import { oneLineMessage } from '../../../results/text/one-line-message.js';
import type { Disassembly, ErrorInfo } from '../../../results/types.js';
import { writeTextAtomic } from '../../../results/files/write-results.js';
import { runPassProcess, type PassContext, type PostTimingPass } from '../post-timing-pass.js';
import { planReplay } from '../replay-plan.js';

let passes = 0;

function noDisassembly(status: 'failed' | 'unavailable', reason: string, functionName = ''): Disassembly {
  return { status, reason, functionName, compilations: 0, codeFile: null, loop: null, instructions: [], perfSampleCount: null, loopPercent: null, annotationNote: null, native: [] };
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** perf's JIT symbol maps (`/tmp/perf-<pid>.map`) the process left behind. */
function jitMaps(samples: readonly PerfSample[]): string[] {
  return [...new Set(samples.map((s) => s.dso).filter((dso) => /\/perf-\d+\.map$/.test(dso)))];
}

function disassemble(id: string, result: Extract<PassResult, { kind: 'disasm' }>, codeFile: string, perfData: string | null, context: PassContext): Disassembly {
  if (result.functionName === null) return noDisassembly('unavailable', 'a manual-loop benchmark runs its own loop: there is no generated measured loop to disassemble');
  const codeText = readText(codeFile);
  if (codeText === null || !codeText.includes('--- Optimized code ---')) {
    return noDisassembly('failed', 'V8 printed no optimized code: the loop was not optimized in the pass, or this Node build lacks the disassembler', result.functionName);
  }
  let perf: { samples: PerfSample[] } | { unavailable: string };
  if (perfData === null) perf = { unavailable: perfUnavailable() ?? 'perf was not used' };
  else {
    try {
      perf = { samples: readPerfSamples(perfData) };
    } catch (error) {
      perf = { unavailable: oneLineMessage(error) };
    }
  }
  if ('samples' in perf) for (const map of jitMaps(perf.samples)) rmSync(map, { force: true });
  const name = context.collector.current([id])[0]?.name ?? id;
  const { disassembly, shown } = buildDisassembly({ functionName: result.functionName, codeText, windows: result.windows, perf, loopLabel: `measured loop for ${name}` });
  let saved: string | null = null;
  if (shown !== null) {
    saved = context.files.pathFor(id, '.asm');
    writeTextAtomic(saved, `${shown.raw}\n`);
  }
  return { ...disassembly, codeFile: saved === null ? null : context.files.display(saved) };
}

/** The outcome is put together once the process has ended (the code file and perf's samples are complete then). */
const NOTHING_YET = { result: () => null, error: () => null };

/** Runs the pass for each benchmark with samples to replay. */
async function runDisasmPass(samples: Record<string, number[]>, context: PassContext): Promise<void> {
  const perfReason = perfUnavailable();
  for (const [id, replay] of Object.entries(samples)) {
    if (context.childOptions.signal?.aborted) return;
    passes++;
    // A private folder (mode 0700): names in /tmp that another local user could guess and plant.
    const dir = mkdtempSync(path.join(tmpdir(), 'ubench-disasm-'));
    const codeFile = path.join(dir, `code-${passes}.txt`);
    const perfData = perfReason === null ? path.join(dir, `perf-${passes}.data`) : null;
    let outcome: PassResult | ErrorInfo | null = null;
    try {
      await runPassProcess({ kind: 'disasm', samples: { [id]: replay }, codeFile, perfData }, [id], context, disasmPass.label, NOTHING_YET, (_id, result) => {
        outcome = result;
      });
      const result = outcome as PassResult | ErrorInfo | null;
      let disasm: Disassembly;
      if (result === null) disasm = noDisassembly('failed', 'the machine-code pass ended without a result');
      else if (!('kind' in result)) disasm = noDisassembly('failed', `the machine-code pass failed: ${result.message}`);
      else if (result.kind !== 'disasm') disasm = noDisassembly('failed', 'internal: the machine-code pass answered for another pass');
      else disasm = disassemble(id, result, codeFile, perfData, context);
      context.collector.passOutcome(id, { disasm });
      context.save();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

export const disasmPass = {
  label: 'machine code',
  switches: [
    {
      key: 'disasm',
      flag: '--disasm',
      help: ["also print the measured loop's optimized machine code, annotated", 'with perf samples per instruction where perf works (UBENCH_PERF=path)'],
    },
  ],
  runsOn: ['node'],
  async run(context, options) {
    const plan = planReplay(context.collector.current(context.ids), options.timeBudgetNs);
    if (plan.samples !== null) await runDisasmPass(plan.samples, context);
  },
} as const satisfies PostTimingPass;
