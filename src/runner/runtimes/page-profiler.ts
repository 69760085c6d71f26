/**
 * The parent's side of a page's `--profile` pass: V8's CPU profiler driven through the DevTools
 * protocol when the page asks (engine/browser/page-profile-pass.ts), and the profile summarized here,
 * where the bundle's source map and the source files are: hot functions and lines at the bench
 * file's positions, ubench's own code told apart by where the bundle's code came from.
 *
 * The timed regions are the samples with the measured loop on their stack: the profiler's clock is
 * the browser's, not the page's `performance.now()`, so the page's region times cannot be matched.
 */
import { isHarnessFile } from '../../engine/process/error-info.js';
import type { PageProfilerStep } from '../../engine/process/events.js';
import { isMeasuredLoopFrame } from '../../engine/loop/codegen.js';
import { lineReader, packedNote } from '../../engine/passes/profile/cpu-profile-pass.js';
import { CPU_SAMPLING_INTERVAL_US, PROFILED_LOOP_LINE_OFFSET } from '../../engine/passes/profile/profile-settings.js';
import { summarizeCpuProfile, type CpuProfile } from '../../profiling/cpu-profile-summary.js';
import { ScriptFunctions, type ScriptCoverage } from '../../profiling/script-functions.js';
import type { CpuProfileFindings } from '../../results/types.js';
import { writeTextAtomic } from '../../results/files/write-results.js';
import { bundleOrigin } from './page-positions.js';

/** Where code of the bundle that no source file wrote (esbuild's module glue) is located. */
export const BUNDLER_CODE = '<page bundle glue>';

/** A DevTools protocol session on the page. */
export interface CdpSession {
  send(method: string, params?: object): Promise<unknown>;
}

export interface PageBundleSource {
  url: string;
  /** esbuild's source map of the bundle (sources relative to `cwd`). */
  map: string;
}

/** Answers the page's profiler steps; `stop` answers with the findings as JSON. */
export function pageProfiler(session: CdpSession, bundle: PageBundleSource, cwd: string, packageRoot: string): (message: string) => Promise<string> {
  const original = bundleOrigin(bundle.map, cwd);
  const relative = (file: string): string => (file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file);
  const locate = (url: string, line: number, column: number): string => {
    if (url !== bundle.url) return `${url}:${line}:${column}`;
    const at = original(line, column);
    // The bundler's own module glue has no original position.
    return at === null ? BUNDLER_CODE : `${relative(at.file)}:${at.line}:${at.column}`;
  };
  const classify = (url: string, line: number, column: number): 'user' | 'harness' => {
    if (url !== bundle.url) return 'user';
    // Bundle code with no original position is the bundler's own glue: not the user's either.
    const at = original(line, column);
    return at === null || isHarnessFile(at.file, packageRoot) ? 'harness' : 'user';
  };

  async function stop(step: Extract<PageProfilerStep, { step: 'stop' }>): Promise<CpuProfileFindings> {
    const { profile } = (await session.send('Profiler.stop')) as { profile: CpuProfile };
    const { result: coverage } = (await session.send('Profiler.getBestEffortCoverage')) as { result: ScriptCoverage[] };
    await session.send('Profiler.disable');
    const scripts = new Map<string, ScriptFunctions>();
    await session.send('Debugger.enable');
    try {
      for (const script of coverage.filter((s) => s.url === bundle.url)) {
        const { scriptSource } = (await session.send('Debugger.getScriptSource', { scriptId: script.scriptId })) as { scriptSource: string };
        scripts.set(script.scriptId, new ScriptFunctions(script.scriptId, script.url, scriptSource, script.functions));
      }
    } finally {
      await session.send('Debugger.disable');
    }
    const summary = summarizeCpuProfile(profile, {
      windows: null,
      scripts,
      inlineCandidates: [...scripts.keys()],
      isLoop: isMeasuredLoopFrame,
      loopLabel: `measured loop for ${step.benchName}`,
      loopLineOffset: PROFILED_LOOP_LINE_OFFSET,
      classify,
      locate,
      originalLine(url, line) {
        if (url !== bundle.url) return null;
        const at = original(line, [...scripts.values()][0]?.firstColumn(line) ?? 1);
        return at === null || isHarnessFile(at.file, packageRoot) ? null : { file: relative(at.file), line: at.line };
      },
      lineText: lineReader(cwd),
      top: step.top,
    });
    writeTextAtomic(step.outFile, JSON.stringify(profile));
    return {
      cpu: { status: 'measured', reason: packedNote(summary.packedScripts, locate), iterations: step.iterations, sampleCount: summary.sampleCount, samplingIntervalUs: CPU_SAMPLING_INTERVAL_US },
      hot: summary.hot,
      lines: summary.lines,
      cpuprofile: step.outFile,
    };
  }

  return async (message) => {
    const step = JSON.parse(message) as PageProfilerStep;
    switch (step.step) {
      case 'start':
        await session.send('Profiler.enable');
        await session.send('Profiler.setSamplingInterval', { interval: CPU_SAMPLING_INTERVAL_US });
        await session.send('Profiler.start');
        return '';
      case 'restart':
        await session.send('Profiler.stop');
        await session.send('Profiler.start');
        return '';
      case 'stop':
        return JSON.stringify(await stop(step));
    }
  };
}
