/**
 * What every benchmark process does with the parent's request, whatever it runs in (a Node, Bun or
 * Deno process, or a browser page): measure the clock, load the bench file, declare its benchmarks,
 * then measure them (interleaved or one after another) or run a pass, reporting each step as an
 * event. The host gives what differs: how the file loads, how events leave, the engine's controls.
 */
import { takeDeferredLoadError } from '../../define/foreign/deferred-load-error.js';
import { resetRegistry } from '../../define/registry.js';
import type { DeclaredBenchmark } from '../../define/types.js';
import type { RuntimeIdentity } from '../../results/runtime-identity.js';
import type { ErrorInfo, ModuleIsolation } from '../../results/types.js';
import { createRng } from '../../stats/random.js';
import { DetachProbe, DetachWatch } from '../host/detach-probe.js';
import { HostReference } from '../host/host-reference.js';
import { THROTTLE_REFERENCE_STEPS, timeReference } from '../host/throttle.js';
import { hrtimeNow, measureClock } from '../loop/clock.js';
import type { DeoptLogSource } from '../loop/deopt-log.js';
import { runInterleaved } from '../loop/interleaved-run.js';
import type { JitControl } from '../loop/jit-tier.js';
import { runBenchmark, sink } from '../loop/run-benchmark.js';
import type { runPass } from '../passes/run-pass.js';
import { measureConfig } from './child-config.js';
import { ownInstances, type InstanceLoader } from './own-instances.js';
import { bodySourceHash } from './body-source.js';
import type { ChildEvent, ChildRequest, DeclaredInfo } from './events.js';

export interface RequestHost {
  /** Imports the bench file (its bench() calls fill the registry). */
  load(): Promise<unknown>;
  emit(event: ChildEvent): void;
  errorInfo(thrown: unknown): ErrorInfo;
  jitControl: JitControl | null;
  deoptLog: DeoptLogSource | null;
  cwd: string;
  /** Whether a source location is ubench's own code (its deoptimizations are not the benchmark's). */
  isHarness(location: string): boolean;
  pid: number;
  execArgv: string[];
  identity: RuntimeIdentity;
  /** The process's side of a pass after timing; absent where passes do not run (a browser page). */
  runPass?: typeof runPass;
  /** Imports further instances of the bench file, one per benchmark (own-instances.ts); null where the runtime loads modules itself. */
  instances: InstanceLoader | null;
  /** Why benchmarks share one instance of the modules where `instances` is null. */
  sharedModules: string;
  /** Waits until the process's other threads are quiet after loading (settle-threads.ts); absent where it cannot tell. */
  settle?: () => Promise<unknown>;
  /** What in this process the user's build would not have, for one benchmark (interop-facts.ts), once its modules are loaded; absent where not read. */
  interop?: (bench: DeclaredBenchmark) => Pick<ModuleIsolation, 'loaders' | 'getters'>;
}

function describe(bench: DeclaredBenchmark): DeclaredInfo {
  return {
    id: bench.id,
    name: bench.name,
    baseName: bench.baseName,
    group: bench.group,
    params: { ...bench.params },
    baseline: bench.baseline,
    bytesPerItem: bench.bytesPerItem,
    bodyHash: bodySourceHash(bench),
  };
}

function select(all: DeclaredBenchmark[], request: ChildRequest): DeclaredBenchmark[] {
  const filter = request.filter === null ? null : new RegExp(request.filter);
  const only = request.only === null ? null : new Set(request.only);
  return all.filter((b) => (filter === null || filter.test(b.id)) && (only === null || only.has(b.id)));
}

/** Runs the request to its end; the caller then sends `done`. */
export async function runRequest(request: ChildRequest, host: RequestHost): Promise<void> {
  const { emit, errorInfo } = host;
  const clock = measureClock(hrtimeNow);
  const throttleBaselineNs = request.throttleBaselineNs ?? timeReference(hrtimeNow);
  emit({ type: 'hello', pid: host.pid, clock, execArgv: host.execArgv, throttleBaselineNs, runtime: host.identity });
  const registry = resetRegistry(request.displayFile, request.args);
  takeDeferredLoadError();
  try {
    await host.load();
    // An error of the file's code that a stand-in met once its synchronous code was over (deferred-load-error.ts).
    const deferred = takeDeferredLoadError();
    if (deferred !== undefined) throw deferred.error;
  } catch (thrown) {
    emit({ type: 'load-error', error: errorInfo(thrown) });
    return;
  }
  const declared = select(registry.benchmarks, request);
  if (request.listOnly) {
    emit({ type: 'declared', benchmarks: declared.map(describe) });
    return;
  }
  const { benchmarks: selected, isolation } = await ownInstances(declared, registry, host.instances, host.sharedModules);
  // Loading leaves work on V8's background threads, which also optimize the benchmark's code.
  await host.settle?.();
  emit({ type: 'declared', benchmarks: selected.map((bench, i) => ({ ...describe(bench), modules: { ...isolation[i]!, ...host.interop?.(bench) } })) });
  registry.running = true;
  const config = measureConfig(request, clock);
  const context = {
    config,
    host: HostReference.forSamples(hrtimeNow, config.sampleTargetNs, throttleBaselineNs / THROTTLE_REFERENCE_STEPS),
    errorInfo,
    rng: createRng(request.seed),
    jitControl: host.jitControl,
    deoptLog: host.deoptLog,
    throttleBaselineNs,
    processKey: request.processKey ?? host.pid,
    cwd: host.cwd,
    isHarness: host.isHarness,
    timingOnly: request.timingOnly === true,
    // JavaScriptCore has no such protector; a pass's process measures no figure a fall could change.
    detached: new DetachWatch(host.identity.runtime === 'bun' || request.pass !== null ? null : new DetachProbe(hrtimeNow, host.jitControl)),
  };
  const pass = request.pass;
  if (pass === null && request.interleave === true) {
    await runInterleaved(selected, context, emit);
    return;
  }
  for (const bench of selected) {
    emit({ type: 'start', id: bench.id });
    const onPhase = (phase: 'floor' | 'warmup' | 'sample'): void => emit({ type: 'phase', id: bench.id, phase });
    try {
      if (pass === null) {
        const result = await runBenchmark(bench, context, onPhase);
        context.detached.after(bench);
        emit({ type: 'measured', id: bench.id, result: { ...result, detachedBuffers: context.detached.seenBy(bench.id) } });
      } else if (host.runPass === undefined) throw new Error(`the ${pass.kind} pass does not run here`);
      else emit({ type: 'pass-result', id: bench.id, result: await host.runPass(pass, bench, { ...context, sink, file: request.file }, onPhase) });
    } catch (thrown) {
      emit({ type: 'bench-error', id: bench.id, error: errorInfo(thrown) });
    }
  }
}
