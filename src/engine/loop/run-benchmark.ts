/**
 * Measures one declared benchmark in this process: its loop and floor, throttling checks around
 * it, warm-up and samples, the JIT tier and deopts of the measured code, and the setup probe.
 */
import { perOpValues } from '../../results/derived-values.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeclaredBenchmark } from '../../define/types.js';
import type { DeoptEvent, ErrorInfo, JitInfo, ThrottleInfo } from '../../results/types.js';
import type { HostReference } from '../host/host-reference.js';
import { createBatchRunner } from './batch-runner.js';
import { hrtimeNow } from './clock.js';
import type { Sink } from './codegen.js';
import { parseDeoptLog, type DeoptLogSource } from './deopt-log.js';
import type { DetachWatch } from '../host/detach-probe.js';
import type { MeasuredBenchmark } from '../process/events.js';
import { FloorCache } from './floor.js';
import { GcRateMeter } from '../memory/gc-rate.js';
import { measureMemory } from '../memory/memory-phase.js';
import { gcEntriesDelivered, watchGarbageCollection, type GcActivity } from '../memory/gc-observer.js';
import { RegionObserver } from './timed-region.js';
import { FootprintTracker } from '../memory/footprint.js';
import { retentionStretch } from '../memory/retention-stretch.js';
import { gcApartWorthwhile, gcShareApart } from '../memory/gc-share-apart.js';
import { allocates } from '../../results/memory-types.js';
import { ensureMeasuredCodeOptimized, type JitControl } from './jit-tier.js';
import { measure, type MeasureConfig } from './measure.js';
import { probeSetup } from './setup-probe.js';
import { probeSetupStates } from './setup-state-probes.js';
import { median } from '../../stats/quantile.js';
import { checkThrottle, timeReferenceAfter } from '../host/throttle.js';
import { helperThreadsShare, readSchedstat, waitShare, type SchedReading } from '../host/cpu-wait.js';

/** Where every generated loop publishes its last result. Exported so V8 cannot prove it unread. */
export const sink: Sink = { value: undefined };
// A number stored once now generalizes the field to any value before a loop's optimized code
// depends on it: a loop's first Smi or double result otherwise changed the field's representation
// and deoptimized every loop compiled before it ("dependent field representation changed").
sink.value = 0;

export interface ProcessContext {
  config: MeasureConfig;
  /** The host-speed reference, read next to every sample. */
  host: HostReference;
  /** Turns what a benchmark threw into the error its result reports. */
  errorInfo: (thrown: unknown) => ErrorInfo;
  rng: () => number;
  jitControl: JitControl | null;
  deoptLog: DeoptLogSource | null;
  throttleBaselineNs: number;
  /** Makes the key of each interleaved round (see `Sample.round`). */
  processKey: number;
  cwd: string;
  /** Whether a (cwd-relative or absolute) source location is ubench's own code. */
  isHarness: (location: string) => boolean;
  /** V8's detaching protector, watched across the process's benchmarks (detach-probe.ts). */
  detached: DetachWatch;
  /** Time only (`ChildRequest.timingOnly`): the probes and the memory phase after sampling are skipped, their figures null. */
  timingOnly: boolean;
  /** `--quick` (`ChildRequest.quick`): bytes/op is the only measurement after sampling; the probes, the GC share apart and the retention stretch are skipped. */
  quick: boolean;
}

let floors: FloorCache | null = null;
/** Watches every timed region of the process; switched per phase. */
export const observer = new RegionObserver();

export async function runBenchmark(bench: DeclaredBenchmark, context: ProcessContext, onPhase: (phase: 'floor' | 'warmup' | 'sample') => void): Promise<MeasuredBenchmark> {
  const { config, rng, jitControl, deoptLog } = context;
  const gcRate = new GcRateMeter();
  const runner = await createBatchRunner(bench, hrtimeNow, sink, observer);
  floors ??= new FloorCache(hrtimeNow, sink, rng, config, observer);
  onPhase('floor');
  const floor = await floors.floorFor(runner.mode, runner.call);
  const before = await checkThrottle(hrtimeNow, context.throttleBaselineNs, (ms) => sleep(ms));
  const footprint = new FootprintTracker();
  // Raw log text per phase; parsed (through source maps) only after sampling, so no harness work
  // runs between warm-up and the samples.
  const deoptText: Record<DeoptEvent['phase'], string> = { warmup: '', sample: '' };
  const readDeopts = (phase: DeoptEvent['phase']): void => {
    if (deoptLog !== null) deoptText[phase] += deoptLog.readNew();
  };
  let schedAtSampling: SchedReading | null = null;
  let gcWatch = null as { stop(): Promise<GcActivity> } | null;
  const tier = () => jitControl!.read(runner.tierTarget.fn);
  const bodyTarget = runner.tierTarget.body;
  const bodyTier = () => (bodyTarget === null ? null : jitControl!.read(bodyTarget.fn));
  let optimizationRequested = false;
  let afterWarmup: JitInfo['afterWarmup'] | null = null;
  let bodyAfterWarmup: JitInfo['afterWarmup'] | null = null;
  deoptLog?.mark();
  const measured = await measure(
    {
      runBatch: (n) => runner.runBatch(n),
      beforeSample: () => runner.forcedGc?.beforeSample(),
      spreadFixedCost: runner.mode === 'manual',
      now: hrtimeNow,
      rng,
      ensureOptimized() {
        if (jitControl !== null && ensureMeasuredCodeOptimized(jitControl, runner)) optimizationRequested = true;
      },
      afterSample: () => footprint.afterSample(),
      hostReference: () => context.host.read(),
      gcIntervalNs: () => {
        observer.current = null;
        return gcRate.stop();
      },
      onPhase(phase) {
        if (phase === 'warmup') {
          gcRate.start();
          observer.current = gcRate;
        }
        if (phase === 'sample') {
          readDeopts('warmup');
          if (jitControl !== null) {
            afterWarmup = tier();
            bodyAfterWarmup = bodyTier();
          }
          schedAtSampling = readSchedstat();
          gcWatch = watchGarbageCollection();
        }
        onPhase(phase);
      },
    },
    config,
  );
  const schedAfterSampling = readSchedstat();
  const cpuWaitShare = waitShare(schedAtSampling, schedAfterSampling);
  const helperCpuShare = helperThreadsShare(schedAtSampling, schedAfterSampling);
  const gc = (await gcWatch?.stop()) ?? { count: 0, pauseNs: 0 };
  readDeopts('sample');
  const deopts: DeoptEvent[] = (['warmup', 'sample'] as const).flatMap((phase) => parseDeoptLog(deoptText[phase], phase, context.cwd, context.isHarness));
  const jit: JitInfo | null =
    jitControl === null || afterWarmup === null
      ? null
      : {
          target: runner.tierTarget.target,
          functionName: runner.tierTarget.functionName,
          optimizationRequested,
          afterWarmup,
          afterSampling: tier(),
          body: bodyTarget === null || bodyAfterWarmup === null ? null : { functionName: bodyTarget.functionName, afterWarmup: bodyAfterWarmup, afterSampling: bodyTier()! },
        };
  const throttle: ThrottleInfo = {
    baselineNs: context.throttleBaselineNs,
    beforeNs: before.referenceNs,
    afterNs: timeReferenceAfter(hrtimeNow, context.throttleBaselineNs),
    waitedMs: before.waitedMs,
    retries: before.retries,
    cpuWaitShare,
    helperCpuShare,
  };
  const nsPerOp = median(perOpValues(measured.samples));
  const { baseIterations } = measured.calibration;
  const setupProbe = context.timingOnly || context.quick ? null : await probeSetup((n) => runner.runBatch(n), baseIterations, nsPerOp, config.timeBudgetNs);
  const { stateProbe, stateChange } =
    context.timingOnly || context.quick ? { stateProbe: null, stateChange: null } : await probeSetupStates(runner.states, rng, measured.samples, baseIterations, nsPerOp, config.timeBudgetNs);
  // Collections the file asked for ran before the samples only: the memory phase sees the body as it runs.
  const forcedGc = runner.forcedGc?.reading() ?? null;
  runner.forcedGc?.stop();
  const empty = await floors.emptyRunner(runner.mode, runner.call);
  const allocation = context.timingOnly ? null : await measureMemory(runner, empty, observer, baseIterations, nsPerOp, config.timeBudgetNs);
  const samplingGcShare = gcEntriesDelivered ? gc.pauseNs / measured.precision.durationNs : null;
  const bornOld = allocation?.accounting?.heapSource === 'young-and-old';
  const gcApart =
    allocation !== null && !context.quick && allocates(allocation) && gcApartWorthwhile(allocation.bytesPerOp, nsPerOp, config.timeBudgetNs, bornOld, samplingGcShare)
      ? await gcShareApart((n) => runner.runBatch(n), baseIterations, config.timeBudgetNs, bornOld)
      : null;
  if (allocation !== null && !context.quick) await retentionStretch((n) => runner.runBatch(n), baseIterations, footprint, allocation);
  const memory =
    allocation === null
      ? null
      : {
          ...allocation,
          gcCount: gcEntriesDelivered ? gc.count : null,
          gcTimeNs: gcEntriesDelivered ? gc.pauseNs : null,
          gcShare: gcApart?.share ?? samplingGcShare,
          samplingGcShare,
          gcApart,
          footprint: footprint.finish(),
        };
  return {
    ...measured,
    mode: runner.mode,
    floor,
    jit,
    deopts,
    setupProbe,
    stateProbe,
    stateChange,
    perCallChunk: runner.perCallChunk,
    forcedGc,
    throttle,
    timerReadsPerSample: runner.timerReadsPerSample,
    memory,
  };
}
