/**
 * `--instructions`: every bench file's benchmarks counted under valgrind's callgrind, in
 * `processes` processes of their own after timing — machine instructions per operation of the
 * optimized measured loop, a figure the host's speed does not move (docs/instructions.md).
 *
 * Planned from the timing results: one region unit is UNIT_TARGET_NS of the benchmark's time, and
 * each process runs regions of REGION_SIZES units; instructions over iterations give the slope.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PassResult } from '../../../engine/process/events.js';
import { SWITCH_FAILED } from '../../../engine/passes/instructions/instrumentation-switch.js';
import { readCallgrindDump } from '../../../profiling/callgrind-dumps.js';
import { callgrindControl, callgrindControlFailed, DETERMINISTIC_V8_FLAGS, REGION_ALLOCATION_BYTES, valgrindVersion } from '../../../profiling/callgrind-command.js';
import { oneLineMessage } from '../../../results/text/one-line-message.js';
import type { InstructionCount } from '../../../results/types.js';
import { UsageError } from '../../usage-error.js';
import { runPassProcess, type PassContext, type PassSelection, type PostTimingPass } from '../post-timing-pass.js';
import { PROCESS_START_MS } from '../../child/run-child.js';
import { instructionFigures, type RegionCount } from '../../../analysis/instruction-fit.js';

/**
 * One region unit: 2 ms of the benchmark's own time. Under callgrind (measured here: ~50–80× slower
 * than native) the 10 units of one process then take about a second, and a unit of a 50 ns body
 * (40,000 iterations, ~10⁷ instructions) dwarfs what a region pays once.
 */
export const UNIT_TARGET_NS = 2e6;
/** Regions of 1 to 4 units: four points per process, so the residuals show a count that is not linear. */
export const REGION_SIZES = [1, 2, 3, 4];
/**
 * Counting processes: `--forks` (default 1). Separate processes agreed to 0.003% on the same regions
 * here (a 1024-step chain, 25 million instructions a region), so a second process mostly costs its
 * start-up under callgrind (~10 s); ask for more with --forks to see processes differ.
 */
export const MIN_INSTRUCTION_PROCESSES = 1;

/**
 * How much longer a counting process may take than a timing one, to say hello and per benchmark:
 * Node under callgrind starts in ~10 s here and runs 50–80× slower, and on this 2-core VM with other
 * work running a counted benchmark took up to 82 s against ~13 s when quiet (measured), past the
 * 30 s start allowance and the 60 s default timeout that suit a timing run.
 */
export const UNDER_VALGRIND_TIMEOUT_FACTOR = 10;

let passes = 0;

/**
 * Iterations of one region unit: UNIT_TARGET_NS of the benchmark's time, rounded down to a power of
 * two so that runs whose timings differ by a few percent mostly plan the same regions, and small
 * enough that the largest region's allocations (`bytesPerOp` from the timing run, when known) stay
 * under REGION_ALLOCATION_BYTES: a region then runs without a collection, whose place would depend
 * on the region's size rather than on the code.
 */
export function regionUnit(nsPerOp: number, bytesPerOp: number | null): number {
  const byTime = UNIT_TARGET_NS / Math.max(nsPerOp, 1e-3);
  const byAllocation = bytesPerOp === null || bytesPerOp <= 0 ? Number.POSITIVE_INFINITY : REGION_ALLOCATION_BYTES / (Math.max(...REGION_SIZES) * bytesPerOp);
  const raw = Math.min(byTime, byAllocation);
  return raw < 2 ? 1 : 2 ** Math.floor(Math.log2(raw));
}

export function noInstructions(status: 'skipped' | 'failed', reason: string): InstructionCount {
  return {
    status,
    reason,
    perOp: null,
    ciLower: null,
    ciUpper: null,
    floorPerOp: null,
    collectionPerOp: null,
    processes: 0,
    regions: 0,
    unitIterations: 0,
    tool: '',
    flags: [],
    simulatedCache: null,
    wallSeconds: 0,
  };
}

/**
 * The regions one process counted (for a benchmark, or its empty loop), read from callgrind's dumps:
 * the program's events apart from the collections'. Where a scavenge falls depends on how many
 * iterations a region runs, not on the code, so counted in the slope it moved an allocating body's
 * figure by 1% between runs (a 16-number sort: +0.5 M instructions in a region with one scavenge,
 * measured); they are summed apart instead (`collectionPerOp`).
 */
function regionsOf(result: { firstMarker: number; iterations: number[] }, outFile: string): RegionCount[] {
  // Region i opens at marker firstMarker + 2i and closes at the next marker, whose dump holds it.
  return result.iterations.map((iterations, i) => {
    const dump = readCallgrindDump(outFile, result.firstMarker + 2 * i + 1);
    const program = Object.fromEntries(Object.entries(dump.totals).map(([event, total]) => [event, total - (dump.collection[event] ?? 0)]));
    return { iterations, events: program, collectionInstructions: dump.collection['Ir'] ?? 0 };
  });
}

export interface InstructionOptions {
  passes: PassSelection;
  forks: number;
}

async function countFile(timingContext: PassContext, units: Record<string, number>, options: InstructionOptions, tool: string): Promise<void> {
  const { childOptions } = timingContext;
  const context: PassContext = {
    ...timingContext,
    childOptions: { ...childOptions, timeoutMs: childOptions.timeoutMs * UNDER_VALGRIND_TIMEOUT_FACTOR, startMs: PROCESS_START_MS * UNDER_VALGRIND_TIMEOUT_FACTOR },
  };
  const processes = Math.max(MIN_INSTRUCTION_PROCESSES, options.forks);
  const counted = new Map<string, RegionCount[]>(Object.keys(units).map((id) => [id, []]));
  const floors = new Map<string, RegionCount[]>(Object.keys(units).map((id) => [id, []]));
  const failed = new Map<string, string>();
  const started = process.hrtime.bigint();
  for (let p = 0; p < processes; p++) {
    const instrumentation = callgrindControl();
    if (context.childOptions.signal?.aborted) return;
    const dir = mkdtempSync(path.join(tmpdir(), `ubench-callgrind-${process.pid}-${++passes}-`));
    const callgrindOut = path.join(dir, 'callgrind.out');
    const results = new Map<string, PassResult | { message: string }>();
    try {
      const only = Object.keys(units).filter((id) => !failed.has(id));
      await runPassProcess(
        { kind: 'instructions', units, sizes: REGION_SIZES, callgrindOut, cacheSim: options.passes['cacheSim'] === true, instrumentation },
        only,
        context,
        instructionsPass.label,
        { result: () => null, error: () => null },
        (id, result) => {
          results.set(id, result);
        },
      );
      if (instrumentation !== null && [...results.values()].some((r) => 'message' in r && r.message.startsWith(SWITCH_FAILED))) {
        // callgrind_control could not reach the process (vgdb needs ptrace): count again, and every later process, instrumented from the start.
        callgrindControlFailed();
        p--;
        continue;
      }
      for (const id of only) {
        const result = results.get(id);
        if (result === undefined || !('kind' in result) || result.kind !== 'instructions') {
          failed.set(id, result !== undefined && 'message' in result ? result.message : 'the counting process ended without a result');
          continue;
        }
        try {
          counted.get(id)!.push(...regionsOf(result, callgrindOut));
          if (result.floor !== null) floors.get(id)!.push(...regionsOf(result.floor, callgrindOut));
        } catch (error) {
          failed.set(id, `callgrind's counts could not be read: ${oneLineMessage(error)}`);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9 / Math.max(1, Object.keys(units).length);
  for (const [id, regions] of counted) {
    const why = failed.get(id);
    const floor = floors.get(id)!;
    const figures = why === undefined ? instructionFigures(regions, floor) : null;
    const instructions: InstructionCount =
      figures === null
        ? noInstructions('failed', `the instruction count failed: ${why ?? 'no regions to fit'}`)
        : {
            status: 'measured',
            reason: null,
            ...figures,
            processes,
            regions: REGION_SIZES.length,
            unitIterations: units[id]!,
            tool,
            flags: DETERMINISTIC_V8_FLAGS,
            wallSeconds,
            regionCounts: { benchmark: regions, floor },
          };
    context.collector.passOutcome(id, { instructions });
  }
  context.save();
}

/** Refuses `--instructions` up front, with the package to install, where valgrind is missing. */
export function requireValgrind(): string {
  const probe = valgrindVersion();
  if ('missing' in probe) throw new UsageError(`--instructions needs valgrind: ${probe.missing}`);
  return `callgrind (${probe.version})`;
}

export const instructionsPass = {
  label: 'instructions',
  switches: [
    {
      key: 'instructions',
      flag: '--instructions',
      help: ["also count machine instructions per operation under valgrind's callgrind:", 'a figure host noise does not move (slow: seconds per benchmark)'],
    },
    { key: 'cacheSim', flag: '--cache-sim', help: ["with --instructions: callgrind's simulated cache misses per operation too"], implies: 'instructions' },
  ],
  preflight: () => void requireValgrind(),
  runsOn: ['node'],
  async run(context, options) {
    const units: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const b of context.collector.current(context.ids)) {
      if (b.status !== 'ok' || b.estimate === null) context.collector.passOutcome(b.id, { instructions: noInstructions('skipped', 'it has no timing result to plan the regions from') });
      else units[b.id] = regionUnit(b.estimate.nsPerOp, b.memory?.bytesPerOp ?? null);
    }
    if (Object.keys(units).length > 0) await countFile(context, units, options, requireValgrind());
  },
} as const satisfies PostTimingPass;
