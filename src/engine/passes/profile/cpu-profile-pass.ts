/**
 * The `--profile` pass: V8's CPU profiler (inspector `Profiler`) over a replay of the timing run's
 * samples, in a process of its own, after timing.
 *
 * The profiler starts before warm-up: only code compiled while it runs records where inlined code
 * came from (docs/design.md §3), so the measured loop's samples can be handed to the functions inlined
 * into it. The warm-up profile is then dropped and a fresh one covers the replay; only samples
 * inside the timed regions count (setup and teardown are left out).
 */
import { functionLocation } from './function-location.js';
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { fileURLToPath } from 'node:url';
import type { DeclaredBenchmark } from '../../../define/declaration-types.js';
import type { CpuProfileFindings } from '../../../results/types.js';
import { writeTextAtomic } from '../../../results/files/write-results.js';
import { summarizeCpuProfile, type CpuProfile } from '../../../profiling/cpu-profile-summary.js';
import { ScriptFunctions, type ScriptCoverage } from '../../../profiling/script-functions.js';
import { isMeasuredLoopFrame, LOOP_SCRIPT_PREFIX } from '../../loop/codegen.js';
import { postNow } from '../inspector-post.js';
import { warmedUpRunner, type PassContext } from '../pass-process.js';
import { readablePosition } from '../../process/source-position.js';
import { RegionObserver, TimedWindows } from '../../loop/timed-region.js';
import { CPU_SAMPLING_INTERVAL_US, PROFILED_LOOP_LINE_OFFSET } from './profile-settings.js';

export { CPU_SAMPLING_INTERVAL_US, PROFILED_LOOP_LINE_OFFSET } from './profile-settings.js';

const observer = new RegionObserver();

function urlPath(url: string): string {
  try {
    return url.startsWith('file://') ? fileURLToPath(url) : url;
  } catch {
    return url;
  }
}

/** Reads sources through the debugger (transpiled TypeScript exists only in memory), then turns it off again. */
function scriptFunctions(session: Session, coverage: ScriptCoverage[], wanted: (url: string) => boolean): Map<string, ScriptFunctions> {
  const scripts = new Map<string, ScriptFunctions>();
  postNow(session, 'Debugger.enable');
  try {
    for (const script of coverage) {
      if (!wanted(script.url)) continue;
      try {
        const { scriptSource } = postNow(session, 'Debugger.getScriptSource', { scriptId: script.scriptId }) as { scriptSource: string };
        scripts.set(script.scriptId, new ScriptFunctions(script.scriptId, script.url, scriptSource, script.functions));
      } catch {
        // A script that went away has no functions to offer.
      }
    }
  } finally {
    postNow(session, 'Debugger.disable');
  }
  return scripts;
}

export function lineReader(cwd: string): (file: string, line: number) => string | null {
  const cache = new Map<string, string[] | null>();
  return (file, line) => {
    if (!cache.has(file)) {
      try {
        cache.set(file, readFileSync(file.startsWith('/') ? file : `${cwd}/${file}`, 'utf8').split('\n'));
      } catch {
        cache.set(file, null);
      }
    }
    const text = cache.get(file)?.[line - 1];
    return text === undefined ? null : text.trim();
  };
}

/** Why some lines are missing, when transpiled code was packed into a few lines. */
export function packedNote(urls: readonly string[], locate: (url: string, line: number, column: number) => string): string | null {
  if (urls.length === 0) return null;
  const files = urls.map((url) => locate(url, 1, 1).replace(/:1:1$/, '')).join(', ');
  return `the code of ${files} ran packed into a few lines, so its lines could not be told apart: code inlined from there counts as the function it was inlined into, and its hot lines are not shown`;
}

/** Profiles a replay of `sampleIterations` and saves the profile to `outFile`. */
export async function profileCpu(bench: DeclaredBenchmark, context: PassContext, sampleIterations: readonly number[], outFile: string, top: number): Promise<CpuProfileFindings> {
  const session = new Session();
  session.connect();
  const recorder = new TimedWindows();
  let profile: CpuProfile;
  let coverage: ScriptCoverage[];
  try {
    postNow(session, 'Profiler.enable');
    postNow(session, 'Profiler.setSamplingInterval', { interval: CPU_SAMPLING_INTERVAL_US });
    postNow(session, 'Profiler.start');
    const runner = await warmedUpRunner(bench, context, observer, { lineOffset: PROFILED_LOOP_LINE_OFFSET });
    postNow(session, 'Profiler.stop');
    postNow(session, 'Profiler.start');
    observer.current = recorder;
    try {
      for (const n of sampleIterations) await runner.runBatch(n);
    } finally {
      observer.current = null;
    }
    profile = (postNow(session, 'Profiler.stop') as { profile: CpuProfile }).profile;
    coverage = (postNow(session, 'Profiler.getBestEffortCoverage') as { result: ScriptCoverage[] }).result;
    postNow(session, 'Profiler.disable');
  } catch (error) {
    session.disconnect();
    throw error;
  }
  const { cwd, isHarness } = context;
  const locate = (url: string, line: number, column: number): string => readablePosition(url, line, column, cwd);
  const isLoopUrl = (url: string): boolean => url.startsWith(LOOP_SCRIPT_PREFIX);
  const classify = (url: string): 'user' | 'harness' | 'node' => (url.startsWith('node:') ? 'node' : isHarness(locate(url, 1, 1)) ? 'harness' : 'user');
  const isUserScript = (url: string): boolean => url !== '' && !isLoopUrl(url) && classify(url) === 'user';
  let scripts: Map<string, ScriptFunctions>;
  let bodies: { scriptId: string; offset: number }[];
  try {
    scripts = scriptFunctions(session, coverage, isUserScript);
    const body = functionLocation(session, bench.body, scripts);
    bodies = body === null ? [] : [body];
  } finally {
    session.disconnect();
  }
  const scriptsByUrl = new Map([...scripts.values()].map((s) => [s.url, s]));
  const benchScripts = [...scripts.values()].filter((s) => urlPath(s.url) === context.file).map((s) => s.scriptId);
  const others = [...scripts.keys()].filter((id) => !benchScripts.includes(id));
  const summary = summarizeCpuProfile(profile, {
    // The profiler's timestamps are µs of the same clock.
    windows: recorder.windows.map(([start, end]) => [start / 1e3, end / 1e3] as const),
    scripts,
    inlineCandidates: [...benchScripts, ...others],
    bodies,
    isLoop: isMeasuredLoopFrame,
    loopLabel: `measured loop for ${bench.name}`,
    loopLineOffset: PROFILED_LOOP_LINE_OFFSET,
    classify,
    locate,
    originalLine(url, line) {
      if (!isUserScript(url)) return null;
      // The first token of the line, not column 1: the indentation may map to the line before.
      const position = locate(url, line, scriptsByUrl.get(url)?.firstColumn(line) ?? 1);
      const match = /^(.*):(\d+):\d+$/.exec(position);
      return match === null ? null : { file: match[1]!, line: Number(match[2]) };
    },
    lineText: lineReader(cwd),
    top,
  });
  writeTextAtomic(outFile, JSON.stringify(profile));
  const iterations = sampleIterations.reduce((a, b) => a + b, 0);
  return {
    cpu: { status: 'measured', reason: packedNote(summary.packedScripts, locate), iterations, sampleCount: summary.sampleCount, samplingIntervalUs: CPU_SAMPLING_INTERVAL_US },
    hot: summary.hot,
    lines: summary.lines,
    cpuprofile: outFile,
  };
}
