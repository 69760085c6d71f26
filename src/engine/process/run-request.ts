/**
 * What every benchmark process does with the parent's request, whatever it runs in (a Node, Bun or
 * Deno process, or a browser page): measure the clock, load the bench file, declare its benchmarks,
 * then measure them (in rounds: all together, or one at a time) or run a pass, reporting each step as an
 * event. A foreign harness's run() that the file calls while it loads measures its benchmarks there
 * and then (foreign-runs.ts); the rest are measured after the file has loaded. The host gives what
 * differs: how the file loads, how events leave, the engine's controls.
 */
import { takeDeferredLoadError } from '../../define/foreign/deferred-load-error.js';
import { afterForeignRun, clearForeignRun, setForeignRunHost } from '../../define/foreign/foreign-run.js';
import { resetRegistry } from '../../define/registry.js';
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import { timeReference } from '../host/throttle.js';
import { hrtimeNow, measureClock } from '../loop/clock.js';
import type { ChildRequest } from './events.js';
import { ForeignRuns } from './foreign-runs.js';
import { DeclaredMeasurer, describeDeclared } from './measure-declared.js';
import type { InstanceLoader } from './own-instances.js';
import type { InstanceImporter, RequestHost } from './request-host.js';

export type { InstanceImporter, RequestHost } from './request-host.js';

function select(all: readonly DeclaredBenchmark[], request: ChildRequest): DeclaredBenchmark[] {
  const filter = request.filter === null ? null : new RegExp(request.filter);
  const only = request.only === null ? null : new Set(request.only);
  return all.filter((b) => (filter === null || filter.test(b.id)) && (only === null || only.has(b.id)));
}

/** Further instances numbered on across the sets a process measures, each import ending at its foreign run() where it makes one. */
function gatedInstances(importer: InstanceImporter | null, foreign: ForeignRuns): InstanceLoader | null {
  if (importer === null) return null;
  let imported = 0;
  return {
    load: (_k, wanted) => foreign.withInstanceGate(wanted, (until) => importer.load(++imported, until)),
    ...(importer.heapBytes === undefined ? {} : { heapBytes: () => importer.heapBytes!() }),
  };
}

/** Runs the request to its end; the caller then sends `done`. */
export async function runRequest(request: ChildRequest, host: RequestHost): Promise<void> {
  const { emit, errorInfo } = host;
  const clock = measureClock(hrtimeNow);
  const throttleBaselineNs = request.throttleBaselineNs ?? timeReference(hrtimeNow);
  emit({ type: 'hello', pid: host.pid, clock, execArgv: host.execArgv, throttleBaselineNs, runtime: host.identity });
  const registry = resetRegistry(request.displayFile, request.args);
  let measurer: DeclaredMeasurer | null = null;
  const foreign = new ForeignRuns(
    registry,
    request,
    (all) => select(all, request),
    (set) => measurer!.measure(set),
  );
  measurer = new DeclaredMeasurer({
    request,
    host,
    registry,
    clock,
    throttleBaselineNs,
    instances: gatedInstances(host.instances, foreign),
    emit: (event) => {
      foreign.observe(event);
      emit(event);
    },
  });
  clearForeignRun();
  takeDeferredLoadError();
  setForeignRunHost(foreign);
  try {
    try {
      await host.load();
      await foreign.idle();
      // An error of the file's code that a stand-in met once its synchronous code was over (deferred-load-error.ts).
      const deferred = takeDeferredLoadError();
      if (deferred !== undefined) throw deferred.error;
    } catch (thrown) {
      // Code after a foreign run() that reads the results of benchmarks measured elsewhere finds NaN: say so.
      if (thrown instanceof Error && afterForeignRun() !== '' && !thrown.message.endsWith(afterForeignRun())) thrown.message += afterForeignRun();
      emit({ type: 'load-error', error: errorInfo(thrown) });
      return;
    }
  } finally {
    foreign.close();
    setForeignRunHost(null);
    for (const text of registry.notes.splice(0)) emit({ type: 'note', text });
  }
  if (request.listOnly) {
    emit({ type: 'declared', benchmarks: select(registry.benchmarks, request).map(describeDeclared) });
    return;
  }
  const rest = foreign.rest();
  // A file that declares nothing says so (an empty declared event); one whose run() calls measured everything has said it.
  if (rest.length === 0 && !foreign.tookAny) emit({ type: 'declared', benchmarks: [] });
  await measurer.measure(rest);
}
