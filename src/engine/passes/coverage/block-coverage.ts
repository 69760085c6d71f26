/**
 * `--coverage`, in the benchmark's process: which blocks of the user's code the benchmark runs, and
 * how often, through V8's precise block coverage (the inspector's Profiler domain). The counts
 * are taken over `iterations` calls after warm-up (taking coverage resets V8's counters, so the
 * warm-up's calls are left out). Coverage starts before the bench file loads: V8 gives no block
 * counts for a function compiled before it started. A branch the benchmark never takes is a path it does not measure.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeclaredBenchmark } from '../../../define/declaration-types.js';
import { RegionObserver } from '../../loop/timed-region.js';
import { postNow } from '../inspector-post.js';
import { type PassContext, warmedUpRunner } from '../pass-process.js';

interface CoverageRange {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface FunctionCoverage {
  functionName: string;
  ranges: CoverageRange[];
  isBlockCoverage: boolean;
}
interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: FunctionCoverage[];
}

export interface CoverageReading {
  /** The file written (absolute): V8's coverage of the user's scripts, `{ result: ScriptCoverage[] }` as NODE_V8_COVERAGE writes it. */
  file: string;
  iterations: number;
  /** The user's script files the benchmark ran code of. */
  scripts: number;
  /** Block ranges (function bodies and the blocks inside them) in those scripts, and those that never ran. */
  blocks: number;
  blocksNeverRun: number;
}

/** The user's own scripts: files on disk that are not ubench's. */
function userScripts(scripts: readonly ScriptCoverage[], isHarness: (location: string) => boolean): ScriptCoverage[] {
  return scripts.filter((script) => {
    if (!script.url.startsWith('file:')) return false;
    try {
      return !isHarness(fileURLToPath(script.url));
    } catch {
      return false;
    }
  });
}

/** The inspector session counting blocks, from before the bench file loaded. */
let counting: Session | null = null;

/** Starts block coverage; called before the bench file loads. */
export function startBlockCoverage(): void {
  if (counting !== null) return;
  counting = new Session();
  counting.connect();
  postNow(counting, 'Profiler.enable');
  postNow(counting, 'Profiler.startPreciseCoverage', { callCount: true, detailed: true });
}

/** Warms the benchmark up under block coverage, runs `iterations` of it, and writes the counts to `outFile`. */
export async function coverAfterRunning(bench: DeclaredBenchmark, context: PassContext, iterations: number, outFile: string): Promise<CoverageReading> {
  startBlockCoverage();
  const session = counting!;
  try {
    const runner = await warmedUpRunner(bench, context, new RegionObserver());
    postNow(session, 'Profiler.takePreciseCoverage');
    await runner.runBatch(iterations);
    const taken = postNow(session, 'Profiler.takePreciseCoverage') as { result: ScriptCoverage[] };
    const scripts = userScripts(taken.result, context.isHarness);
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, JSON.stringify({ result: scripts }));
    const ranges = scripts.flatMap((s) => s.functions.flatMap((f) => f.ranges));
    return { file: outFile, iterations, scripts: scripts.length, blocks: ranges.length, blocksNeverRun: ranges.filter((r) => r.count === 0).length };
  } finally {
    postNow(session, 'Profiler.stopPreciseCoverage');
    session.disconnect();
    counting = null;
  }
}
