/**
 * What the runner does with a timing process's events: the runtime's identity from its hello, the
 * benchmarks it declares, progress, and each benchmark's result or failure (recorded, the results
 * saved, the benchmark told finished). Ids are keyed by runtime at this boundary
 * (runtimes/runtime-events.ts), so the engine stays unaware of runtimes.
 */
import type { ChildEvent, RuntimeTarget } from '../engine/process/events.js';
import { engineOf, type RuntimeIdentity } from '../results/runtime-identity.js';
import { qualifiedId } from '../results/runtime-keys.js';
import type { BenchmarkRuntime, ErrorInfo, RunRuntime } from '../results/types.js';
import { fingerprintOf } from '../analysis/machine-fingerprint.js';
import type { BenchFile } from './select/discover.js';
import { harnessFlags } from './child/node-flags.js';
import type { FileCallbacks } from './child/run-file.js';
import type { RunState } from './run-state.js';
import { keyedEvent } from './runtimes/runtime-events.js';
import { filesHash, sourceFingerprint } from './record/source-fingerprint.js';
import { THIS_RUNTIME } from '../results/runtimes/this-runtime.js';

/** What a runtime's first process said about itself, as the results file keeps it. */
function runRuntime(target: RuntimeTarget, identity: RuntimeIdentity, event: { clock: RunRuntime['clock']; execArgv: string[]; throttleBaselineNs: number }): RunRuntime {
  return {
    ...benchmarkRuntime(target, identity),
    executable: target.executable,
    clock: event.clock,
    flags: event.execArgv.filter((a, i, all) => a !== '--import' && all[i - 1] !== '--import'),
    throttleBaselineNs: event.throttleBaselineNs,
  };
}

function benchmarkRuntime(target: RuntimeTarget, identity: RuntimeIdentity): BenchmarkRuntime {
  return { label: target.label, name: identity.runtime, version: identity.runtimeVersion, ...engineOf(identity) };
}

/** The run's count of finished benchmarks, and the progress text of where it stands. */
export class TimingProgress {
  done = 0;
  constructor(private readonly state: RunState) {}

  /** Benchmarks to run so far: each bench file declares its own when its process starts. */
  total(): number {
    return this.state.collector.declaredCount * this.state.options.forks;
  }

  prefix(fork: number): string {
    const forks = this.state.options.forks > 1 ? ` fork ${fork}/${this.state.options.forks}` : '';
    return `[${this.done + 1}/${Math.max(this.total(), this.done + 1)}]${forks}`;
  }

  /** Counts a finished benchmark (its result already given to the collector) and saves the results so far. */
  finish(id: string, fork: number, target: RuntimeTarget): void {
    const { state } = this;
    this.done++;
    state.save(null);
    const [result] = state.collector.current([id]);
    if (result === undefined || state.deps.finished === undefined) return;
    const forks = state.options.forks > 1 ? { index: fork, count: state.options.forks } : null;
    state.deps.finished({ result, done: this.done, total: this.total(), fork: forks, runtime: state.targets.length > 1 ? target.label : null, label: null });
  }
}

function onHello(state: RunState, target: RuntimeTarget, event: Extract<ChildEvent, { type: 'hello' }>): void {
  const { runtimes, environment } = state;
  if (runtimes.has(target.label)) return;
  const identity = event.runtime ?? THIS_RUNTIME;
  runtimes.set(target.label, runRuntime(target, identity, event));
  if (target !== state.targets[0]) return;
  // The environment describes the first (reference) runtime, as it did before --runtime.
  Object.assign(environment, { runtime: identity.runtime, runtimeVersion: identity.runtimeVersion, v8Version: identity.v8Version });
  environment.clock ??= event.clock;
  environment.throttleBaselineNs ??= event.throttleBaselineNs;
  environment.harnessV8Flags ??= harnessFlags(runtimes.get(target.label)!.flags, state.options.nodeFlags ?? []);
  environment.fingerprint = fingerprintOf(environment, null);
}

/** The callbacks of one timing process of `file` (fork `fork`, on `target`). */
export function timingCallbacks(state: RunState, progress: TimingProgress, file: BenchFile, fork: number, target: RuntimeTarget): FileCallbacks {
  const { collector, deps } = state;
  const key = state.keyFor(target);
  const runtimeText = state.targets.length > 1 ? ` ${target.label}` : '';
  const handle = (event: ChildEvent): void => {
    switch (event.type) {
      case 'hello':
        onHello(state, target, event);
        break;
      case 'declared': {
        const info = state.runtimes.get(target.label);
        const files = filesHash(file.absolute);
        collector.declare(
          file.display,
          event.benchmarks.map((b) => (b.bodyHash === undefined ? b : { ...b, sourceFingerprint: sourceFingerprint(files, b.bodyHash) })),
          info === undefined ? undefined : { label: info.label, name: info.name, version: info.version, engine: info.engine, engineVersion: info.engineVersion },
        );
        break;
      }
      case 'start':
      case 'phase':
        deps.progress(`${progress.prefix(fork)} ${event.id}${event.type === 'phase' ? ` ${event.phase}` : ''}`);
        break;
      case 'round':
        deps.progress(`${progress.prefix(fork)} ${file.display}${runtimeText}: round ${event.round + 1}, ${event.active.length} benchmark${event.active.length === 1 ? '' : 's'} sampling`);
        break;
      case 'measured':
        collector.measured(event.id, event.result);
        progress.finish(event.id, fork, target);
        break;
      case 'bench-error':
        collector.failed(event.id, 'error', event.error);
        progress.finish(event.id, fork, target);
        break;
      default:
        break;
    }
  };
  return {
    onEvent: (event) => handle(keyedEvent(event, key)),
    onLost: (id: string, status: 'error' | 'timeout', error: ErrorInfo) => {
      collector.failed(key(id), status, error);
      progress.finish(key(id), fork, target);
    },
    onFileError: (error: ErrorInfo) => {
      collector.fileError(state.targets.length > 1 ? qualifiedId(file.display, target.label) : file.display, error);
      state.save(null);
    },
  };
}
