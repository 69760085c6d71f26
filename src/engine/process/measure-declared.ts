/**
 * Measures a set of a process's declared benchmarks (or runs the request's pass on them): gives
 * each its own instance of the user's modules, announces them to the parent (`declared`), then
 * samples them in rounds (all together, or one at a time under `--sequential`), reporting each step
 * as an event. A process calls it once after loading the file, and once more for every foreign
 * harness's `run()` the file makes while it loads (foreign-runs.ts); the engine's per-process state (the clock's figures, the random
 * sequence, the host reference) is made on the first call and kept for the others.
 */
import type { Registry } from '../../define/registry.js';
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import type { ClockInfo, ModuleIsolation } from '../../results/types.js';
import { createRng } from '../../stats/random.js';
import { DetachProbe, DetachWatch } from '../host/detach-probe.js';
import { HostReference } from '../host/host-reference.js';
import { THROTTLE_REFERENCE_STEPS } from '../host/throttle.js';
import { hrtimeNow } from '../loop/clock.js';
import { measureInRounds } from '../loop/measuring-loop.js';
import { EmptyRunners } from '../loop/floor.js';
import { observer, type ProcessContext, sink } from '../loop/process-context.js';
import { bodySourceHash } from './body-source.js';
import { measureConfig } from './child-config.js';
import type { ChildEvent, ChildRequest, DeclaredInfo } from './events.js';
import { type InstanceLoader, ownInstances } from './own-instances.js';
import type { RequestHost } from './request-host.js';

export function describeDeclared(bench: DeclaredBenchmark): DeclaredInfo {
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

export interface MeasureSetup {
  request: ChildRequest;
  host: RequestHost;
  registry: Registry;
  clock: ClockInfo;
  throttleBaselineNs: number;
  /** Further instances of the bench file for the benchmarks after the first of a set (null: they share one). */
  instances: InstanceLoader | null;
  /** Every event of the measuring (the caller reads the results from them). */
  emit(event: ChildEvent): void;
}

export class DeclaredMeasurer {
  #context: ProcessContext | null = null;

  constructor(private readonly setup: MeasureSetup) {}

  /** The engine's state for this process, made once. */
  #contextOf(): ProcessContext {
    if (this.#context !== null) return this.#context;
    const { request, host, clock, throttleBaselineNs } = this.setup;
    const config = measureConfig(request, clock);
    const rng = createRng(request.seed);
    this.#context = {
      config,
      host: HostReference.forSamples(hrtimeNow, config.sampleTargetNs, throttleBaselineNs / THROTTLE_REFERENCE_STEPS),
      errorInfo: host.errorInfo,
      rng,
      jitControl: host.jitControl,
      deoptLog: host.deoptLog,
      throttleBaselineNs,
      processKey: request.processKey ?? host.pid,
      roundsRun: 0,
      emptyRunners: new EmptyRunners(hrtimeNow, sink, observer),
      cwd: host.cwd,
      isHarness: host.isHarness,
      timingOnly: request.timingOnly === true,
      quick: request.quick === true,
      // JavaScriptCore has no such protector; a pass's process measures no figure a fall could change.
      detached: new DetachWatch(host.identity.runtime === 'bun' || request.pass !== null ? null : new DetachProbe(hrtimeNow, host.jitControl)),
    };
    return this.#context;
  }

  /** Measures `declared` (none: nothing happens); resolves when every one is measured or failed. */
  async measure(declared: readonly DeclaredBenchmark[]): Promise<void> {
    if (declared.length === 0) return;
    const { host, registry, emit } = this.setup;
    const { benchmarks: selected, isolation } = await ownInstances(declared, registry, this.setup.instances, host.sharedModules);
    // Loading leaves work on V8's background threads, which also optimize the benchmark's code.
    await host.settle?.();
    emit({ type: 'declared', benchmarks: selected.map((bench, i) => ({ ...describeDeclared(bench), modules: { ...(isolation[i] as ModuleIsolation), ...host.interop?.(bench) } })) });
    const context = this.#contextOf();
    registry.running = true;
    try {
      await this.#run(selected, context);
    } finally {
      registry.running = false;
    }
  }

  async #run(selected: DeclaredBenchmark[], context: ProcessContext): Promise<void> {
    const { request, host, emit } = this.setup;
    const pass = request.pass;
    if (pass === null) {
      // `--sequential` is the same loop with one benchmark at a time.
      if (request.interleave === true) await measureInRounds(selected, context, emit);
      else for (const bench of selected) await measureInRounds([bench], context, emit);
      return;
    }
    for (const bench of selected) {
      emit({ type: 'start', id: bench.id });
      const onPhase = (phase: 'floor' | 'warmup' | 'sample'): void => emit({ type: 'phase', id: bench.id, phase });
      try {
        if (host.runPass === undefined) throw new Error(`the ${pass.kind} pass does not run here`);
        emit({ type: 'pass-result', id: bench.id, result: await host.runPass(pass, bench, { ...context, sink, file: request.file }, onPhase) });
      } catch (thrown) {
        emit({ type: 'bench-error', id: bench.id, error: host.errorInfo(thrown) });
      }
    }
  }
}
