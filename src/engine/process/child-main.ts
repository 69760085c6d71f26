/**
 * Entry point of a benchmark process: imports one bench file, then measures its benchmarks one by
 * one, reporting to the parent over the event channel. Started by the parent; not a public API.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resetRegistry } from '../../define/registry.js';
import type { DeclaredBenchmark } from '../../define/types.js';
import { createRng } from '../../stats/random.js';
import { emit, useChannelFile } from './channel.js';
import { runtimeIdentity } from '../../results/runtime-identity.js';
import { measureConfig } from './child-config.js';
import { hrtimeNow, measureClock } from '../loop/clock.js';
import { isHarnessFile, toErrorInfo } from './error-info.js';
import path from 'node:path';
import type { ChildRequest, DeclaredInfo } from './events.js';
import { DeoptLogReader } from '../loop/deopt-log.js';
import { createJitControl } from '../loop/jit-tier.js';
import { createJscControl } from '../loop/jsc-control.js';
import { runBenchmark, sink } from '../loop/run-benchmark.js';
import { runPass } from '../passes/run-pass.js';
import { THROTTLE_REFERENCE_STEPS, timeReference } from '../host/throttle.js';
import { HostReference } from '../host/host-reference.js';
import { runInterleaved } from '../loop/interleaved-run.js';

/** The ubench package folder (its `dist/` and, through source maps, `src/` are not user code). */
const packageRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cwd = process.cwd();
const errorInfo = (thrown: unknown) => toErrorInfo(thrown, packageRoot, cwd);

let finished = false;
process.on('exit', (code) => {
  if (!finished) emit({ type: 'exit', code });
});
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (thrown: unknown) => {
    emit({ type: 'crash', error: errorInfo(thrown) });
    finished = true;
    process.exit(1);
  });
}

function describe(bench: DeclaredBenchmark): DeclaredInfo {
  return { id: bench.id, name: bench.name, baseName: bench.baseName, group: bench.group, params: { ...bench.params }, baseline: bench.baseline };
}

function select(all: DeclaredBenchmark[], request: ChildRequest): DeclaredBenchmark[] {
  const filter = request.filter === null ? null : new RegExp(request.filter);
  const only = request.only === null ? null : new Set(request.only);
  return all.filter((b) => (filter === null || filter.test(b.id)) && (only === null || only.has(b.id)));
}

async function main(request: ChildRequest): Promise<void> {
  const clock = measureClock(hrtimeNow);
  const throttleBaselineNs = request.throttleBaselineNs ?? timeReference(hrtimeNow);
  emit({ type: 'hello', pid: process.pid, clock, execArgv: process.execArgv, throttleBaselineNs, runtime: runtimeIdentity() });
  const registry = resetRegistry(request.displayFile);
  try {
    await import(pathToFileURL(request.file).href);
  } catch (thrown) {
    emit({ type: 'load-error', error: errorInfo(thrown) });
    return;
  }
  const selected = select(registry.benchmarks, request);
  emit({ type: 'declared', benchmarks: selected.map(describe) });
  if (request.listOnly) return;
  registry.running = true;
  const config = measureConfig(request, clock);
  const jitControl = process.versions['bun'] === undefined ? createJitControl() : await createJscControl();
  const context = {
    config,
    host: HostReference.forSamples(hrtimeNow, config.sampleTargetNs, throttleBaselineNs / THROTTLE_REFERENCE_STEPS),
    errorInfo,
    rng: createRng(request.seed),
    jitControl,
    deoptLog: request.deoptLogPath === null ? null : new DeoptLogReader(request.deoptLogPath),
    throttleBaselineNs,
    processKey: request.processKey ?? process.pid,
    cwd,
    isHarness: (location: string) => isHarnessFile(path.resolve(cwd, location), packageRoot),
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
      if (pass === null) emit({ type: 'measured', id: bench.id, result: await runBenchmark(bench, context, onPhase) });
      else emit({ type: 'pass-result', id: bench.id, result: await runPass(pass, bench, { ...context, sink, file: request.file }, onPhase) });
    } catch (thrown) {
      emit({ type: 'bench-error', id: bench.id, error: errorInfo(thrown) });
    }
  }
}

const request = JSON.parse(process.argv[2] ?? '{}') as ChildRequest;
if (request.channelFile !== undefined) useChannelFile(request.channelFile);
await main(request);
emit({ type: 'done' });
finished = true;
// User code may leave timers or sockets open; the results are delivered, so end the process now.
process.exit(0);
