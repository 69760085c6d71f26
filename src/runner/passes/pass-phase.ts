/**
 * After every file is timed: the passes (run-passes.ts) of each file on each runtime that can run
 * one, with a warning for the passes asked for that a runtime cannot run.
 */
import { passesWhyNot } from '../../results/runtime-capabilities.js';
import { unqualifiedId } from '../../results/runtime-keys.js';
import { requestFor } from '../child/child-request.js';
import type { BenchFile } from '../select/discover.js';
import { ProfileFiles } from './profile-files.js';
import { anyPassOn, passesNotOn, runPasses } from './run-passes.js';
import type { RunState } from '../run-state.js';
import { keyedCollector } from '../runtimes/runtime-events.js';

export async function runPassPhase(state: RunState, files: readonly BenchFile[]): Promise<void> {
  const { options, deps, targets, collector } = state;
  const multi = targets.length > 1;
  const profileFiles = new ProfileFiles(options.profileDir, new Date(state.environment.startedAt), options.cwd);
  for (const target of targets) {
    const missing = passesNotOn(options, target.kind);
    if (missing.length > 0) deps.warn?.(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not available on ${target.label}: ${passesWhyNot(target.kind)}`);
  }
  for (const file of files) {
    for (const runtime of targets.filter((t) => anyPassOn(options, t.kind))) {
      if (state.childOptions.signal?.aborted === true) return;
      const key = state.keyFor(runtime);
      await runPasses(options, {
        request: requestFor(file, options, { runtime, fork: 1, throttleBaselineNs: state.baselineOf(runtime), only: null }),
        ids: collector.idsOf(file.display, runtime.label).map((id) => (multi ? unqualifiedId(id, runtime.label) : id)),
        collector: multi ? keyedCollector(collector, key) : collector,
        childOptions: state.childOptions,
        progress: deps.progress,
        ...(deps.passStarted === undefined ? {} : { passLine: deps.passStarted }),
        save: () => state.save(null),
        files: profileFiles,
      });
    }
  }
}
