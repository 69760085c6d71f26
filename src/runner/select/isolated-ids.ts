/**
 * `--isolate benchmark`: every file's benchmark ids on every runtime, listed by a process each (not
 * yet declared to the collector: each benchmark's own process declares it), cut to the shard's share
 * with `--shard`.
 */
import type { RuntimeTarget } from '../../engine/process/events.js';
import { requestFor } from '../child/child-request.js';
import type { BenchFile } from './discover.js';
import { runFile, type FileCallbacks } from '../child/run-file.js';
import type { RunState } from '../run-state.js';
import { shareOf } from './shard.js';

export const listKey = (file: BenchFile, runtime: RuntimeTarget): string => `${file.display}\u0000${runtime.label}`;

/** The ids to run by `listKey(file, runtime)`. */
export async function isolatedIds(state: RunState, files: readonly BenchFile[], callbacksFor: (file: BenchFile, runtime: RuntimeTarget) => FileCallbacks): Promise<Map<string, string[]>> {
  const { options } = state;
  const listed = new Map<string, string[]>();
  for (const file of files) {
    for (const runtime of state.targets) {
      const callbacks = callbacksFor(file, runtime);
      const quiet: FileCallbacks = { ...callbacks, onEvent: (event) => (event.type === 'declared' ? undefined : callbacks.onEvent(event)) };
      const request = requestFor(file, options, { runtime, fork: 1, throttleBaselineNs: state.baselineOf(runtime), only: null, listOnly: true });
      const benchmarks = await runFile(request, state.childOptions, quiet);
      listed.set(listKey(file, runtime), benchmarks?.map((b) => b.id) ?? []);
    }
  }
  if (options.shard === null) return listed;
  const share = new Set(shareOf([...new Set([...listed.values()].flat())], (id) => id, options.shard));
  return new Map([...listed].map(([key, ids]) => [key, ids.filter((id) => share.has(id))]));
}
