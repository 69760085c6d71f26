/**
 * The measuring loop: the benchmarks given (all of a file's, or one under `--sequential`) are
 * warmed up in turn, then sampled — with the empty-loop floor of each loop kind and the host-speed
 * reference — in rounds, one sample each per round, in a fresh random order every round. A step or a
 * burst of the host's speed then lands on all of them alike, and the paired samples of a round cancel
 * it in relative results (Google Benchmark's random interleaving). Each benchmark leaves the rounds
 * when its own stopping rule says enough; the work after sampling (setup and state probes, memory
 * phase, GC share apart, retention) runs for one benchmark at a time at the end.
 */
import { perOpValues } from '../../results/derived-values.js';
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import type { DeoptEvent, FloorEstimate, Sample } from '../../results/types.js';
import { medianWithInterval } from '../../stats/median-ci.js';
import { runRounds } from './rounds.js';
import { createBatchRunner, type BatchRunner } from './batch-runner.js';
import { hrtimeNow } from './clock.js';
import { parseDeoptLog } from './deopt-log.js';
import type { ChildEvent, MeasuredBenchmark } from '../process/events.js';
import { FootprintTracker } from '../memory/footprint.js';
import { retentionStretch } from '../memory/retention-stretch.js';
import { gcApartWorthwhile, gcShareApart } from '../memory/gc-share-apart.js';
import { allocates } from '../../results/memory-types.js';
import { GcRateMeter } from '../memory/gc-rate.js';
import { gcEntriesDelivered, observeGc } from '../memory/gc-observer.js';
import { markSamplePauses } from '../memory/gc-in-windows.js';
import { ensureMeasuredCodeOptimized } from './jit-tier.js';
import { settledEarlyCheck } from './early-settle.js';
import { Sampler, startSampling, warmUpChecked, type MeasureDeps } from './measure.js';
import { measureMemory } from '../memory/memory-phase.js';
import { observer, sink, type ProcessContext } from './process-context.js';
import { checkThrottle, timeReferenceAfter, type ThrottleCheck } from '../host/throttle.js';
import { readSchedstat, timedPartWait } from '../host/cpu-wait.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { roundEvents } from './round-events.js';
import type { JitInfo } from '../../results/types.js';
import { type ProbeFigures, runProbes } from '../probes/index.js';

/** Floor samples are this share of a benchmark sample: an empty loop needs little time for 1% precision, and the floor's time adds to every round it takes part in. */
const FLOOR_SAMPLE_SHARE = 0.25;
/** Process key × this + the process's round count: a key unique to one round of one process (see `Sample.round`); keys up to 2³² keep it below 2⁵³. */
const ROUND_KEY_STRIDE = 1_000_000;

interface Session {
  bench: DeclaredBenchmark;
  runner: BatchRunner;
  floorKey: string;
  before: ThrottleCheck;
  footprint: FootprintTracker;
  warmup: Awaited<ReturnType<typeof warmUpChecked>>;
  sampler: Sampler;
  optimizationRequested: boolean;
  afterWarmup: JitInfo['afterWarmup'] | null;
  bodyAfterWarmup: JitInfo['afterWarmup'] | null;
  deoptText: Record<DeoptEvent['phase'], string>;
  /** Own sample windows [start, end] in ms of the performance clock, one pair per sample, for attributing GC pauses. */
  windows: number[];
  sched: { onCpuNs: number; waitingNs: number; helpersNs: number; wallNs: number; known: boolean };
}

interface FloorParticipant {
  key: string;
  sampler: Sampler;
}

export async function measureInRounds(selected: readonly DeclaredBenchmark[], context: ProcessContext, emit: (event: ChildEvent) => void): Promise<void> {
  const { config, rng, emptyRunners } = context;
  const sessions: Session[] = [];
  const fail = (id: string, thrown: unknown): void => emit({ type: 'bench-error', id, error: context.errorInfo(thrown) });

  for (const bench of selected) {
    emit({ type: 'start', id: bench.id });
    try {
      sessions.push(await warmUpSession(bench, context, emit));
    } catch (thrown) {
      fail(bench.id, thrown);
    }
    context.detached.after(bench);
  }

  // One floor per loop kind in use, warmed up like a benchmark and sampled in the first rounds (see rounds.ts).
  const floorParticipants: FloorParticipant[] = [];
  for (const key of new Set(sessions.map((s) => s.floorKey))) {
    const [mode, call] = key.split('/') as [BatchRunner['mode'], BatchRunner['call']];
    const empty = await emptyRunners.of(mode, call);
    const floorConfig = { ...config, sampleTargetNs: config.sampleTargetNs * FLOOR_SAMPLE_SHARE };
    const meter = new GcRateMeter();
    const deps: MeasureDeps = { runBatch: (n) => empty.runBatch(n), now: hrtimeNow, rng, settledEarly: undefined };
    const jit = context.jitControl;
    deps.settledEarly = settledEarlyCheck(jit, empty.tierTarget, meter, () => jit !== null && ensureMeasuredCodeOptimized(jit, empty));
    meter.start();
    observer.current = meter;
    const warm = await warmUpChecked(deps, floorConfig);
    observer.current = null;
    floorParticipants.push({ key, sampler: new Sampler(deps, floorConfig, await startSampling(deps, floorConfig, warm.nsPerOp)) });
  }
  // The forced full GCs that bracket each warm-up (retention) let V8 drop maps that only short-lived
  // objects used, and optimized code embedding them deoptimizes ("weak objects") on its next run —
  // which, without this, was inside the rounds. Each benchmark runs a few batches again, so such
  // deopts happen now, and is optimized again before sampling.
  for (const session of [...sessions]) {
    emit({ type: 'current', id: session.bench.id });
    try {
      await resettle(session, context);
    } catch (thrown) {
      fail(session.bench.id, thrown);
      sessions.splice(sessions.indexOf(session), 1);
    }
  }
  const host = context.host;

  const gcs = { starts: [] as number[], pausesMs: [] as number[] };
  const gcWatch = observeGc((start, duration) => {
    gcs.starts.push(start);
    gcs.pausesMs.push(duration);
  });
  const participants = sessions.map((session) => ({
    id: session.bench.id,
    get done() {
      return session.sampler.done;
    },
    get sampleCount() {
      return session.sampler.samples.length;
    },
    take: (key: number) => takeSessionSample(session, key, context),
  }));
  const failed = await runRounds(
    participants,
    floorParticipants.map((f) => f.sampler),
    () => host.read(),
    rng,
    () => context.processKey * ROUND_KEY_STRIDE + context.roundsRun++,
    { ...roundEvents(emit, hrtimeNow), onError: fail },
  );
  const measuredSessions = sessions.filter((_, i) => !failed.has(participants[i]!));
  await gcWatch.stop();
  context.detached.after(null);

  const floorEstimates = new Map<string, FloorEstimate>(
    floorParticipants.map((f) => {
      const { median, lower, upper } = medianWithInterval(perOpValues(f.sampler.samples));
      return [f.key, { nsPerOp: median, ciLower: lower, ciUpper: upper, samples: f.sampler.samples }];
    }),
  );
  // Before anything forces a GC again: the tiers at the end of sampling, the reference, the in-loop probes.
  const afterNs = timeReferenceAfter(hrtimeNow, context.throttleBaselineNs);
  const ended = new Map<Session, { jit: JitInfo | null; probed: Partial<ProbeFigures> }>();
  for (const session of measuredSessions) {
    emit({ type: 'current', id: session.bench.id });
    try {
      const jit = jitInfo(session, context);
      const { samples, start } = session.sampler;
      const probed =
        context.timingOnly || context.quick
          ? {}
          : await runProbes({
              runner: session.runner,
              samples,
              baseIterations: start.baseIterations,
              nsPerOp: medianPerOp(samples),
              rng: context.rng,
              timeBudgetNs: context.config.timeBudgetNs,
              sink,
            });
      ended.set(session, { jit, probed });
    } catch (thrown) {
      fail(session.bench.id, thrown);
    }
  }
  for (const [session, end] of ended) {
    emit({ type: 'current', id: session.bench.id });
    try {
      const gcPauseMs = markSamplePauses(session.sampler.samples, session.windows, gcs);
      emit({ type: 'measured', id: session.bench.id, result: await finishSession(session, { ...end, afterNs, floor: floorEstimates.get(session.floorKey)!, gc: gcPauseMs }, context) });
    } catch (thrown) {
      fail(session.bench.id, thrown);
    }
  }
}

/** Batches run again after every warm-up's forced GCs, before the rounds (see measureInRounds). */
const RESETTLE_BATCHES = 3;

async function resettle(session: Session, context: ProcessContext): Promise<void> {
  const { runner } = session;
  const n = session.sampler.start.baseIterations;
  // Without forced GCs around the warm-ups (`--quick`, timing only) there is nothing to resettle from.
  if (session.footprint.forcesGcs) for (let i = 0; i < RESETTLE_BATCHES; i++) await runner.runBatch(n);
  if (context.jitControl !== null && ensureMeasuredCodeOptimized(context.jitControl, runner)) session.optimizationRequested = true;
  await runner.runBatch(n);
  if (context.deoptLog !== null) session.deoptText.warmup += context.deoptLog.readNew();
  if (context.jitControl !== null) {
    session.afterWarmup = context.jitControl.read(runner.tierTarget.fn);
    const body = runner.tierTarget.body;
    session.bodyAfterWarmup = body === null ? null : context.jitControl.read(body.fn);
  }
}

function jitInfo(session: Session, context: ProcessContext): JitInfo | null {
  const { runner } = session;
  const { jitControl } = context;
  if (jitControl === null || session.afterWarmup === null) return null;
  return {
    target: runner.tierTarget.target,
    functionName: runner.tierTarget.functionName,
    optimizationRequested: session.optimizationRequested,
    afterWarmup: session.afterWarmup,
    afterSampling: jitControl.read(runner.tierTarget.fn),
    body:
      runner.tierTarget.body === null || session.bodyAfterWarmup == null
        ? null
        : { functionName: runner.tierTarget.body.functionName, afterWarmup: session.bodyAfterWarmup, afterSampling: jitControl.read(runner.tierTarget.body.fn) },
  };
}

const medianPerOp = (samples: readonly Sample[]): number => {
  const perOp = perOpValues(samples).sort((a, b) => a - b);
  return perOp[perOp.length >> 1]!;
};

async function warmUpSession(bench: DeclaredBenchmark, context: ProcessContext, emit: (event: ChildEvent) => void): Promise<Session> {
  const { config, rng, jitControl, deoptLog } = context;
  const runner = await createBatchRunner(bench, hrtimeNow, sink, observer);
  const before = await checkThrottle(hrtimeNow, context.throttleBaselineNs, (ms) => sleep(ms));
  const footprint = new FootprintTracker(!context.quick && !context.timingOnly);
  const gcRate = new GcRateMeter();
  const deoptText: Session['deoptText'] = { warmup: '', sample: '' };
  const session = {
    bench,
    runner,
    floorKey: `${runner.mode}/${runner.call}`,
    before,
    footprint,
    deoptText,
    optimizationRequested: false,
    windows: [],
    sched: { onCpuNs: 0, waitingNs: 0, helpersNs: 0, wallNs: 0, known: true },
  } as Partial<Session> as Session;
  const deps: MeasureDeps = {
    runBatch: (n) => runner.runBatch(n),
    untimedNsPerOp: () => runner.untimedNsPerOp,
    spreadFixedCost: runner.mode === 'manual',
    now: hrtimeNow,
    rng,
    ensureOptimized() {
      if (jitControl !== null && ensureMeasuredCodeOptimized(jitControl, runner)) session.optimizationRequested = true;
    },
    gcIntervalNs: () => gcRate.stop(),
  };
  deps.settledEarly = settledEarlyCheck(jitControl, runner.tierTarget, gcRate, () => deps.ensureOptimized?.());
  emit({ type: 'phase', id: bench.id, phase: 'warmup' });
  deoptLog?.mark();
  gcRate.start();
  observer.current = gcRate;
  session.warmup = await warmUpChecked(deps, config);
  observer.current = null;
  if (deoptLog !== null) deoptText.warmup += deoptLog.readNew();
  if (jitControl !== null) {
    session.afterWarmup = jitControl.read(runner.tierTarget.fn);
    const body = runner.tierTarget.body;
    session.bodyAfterWarmup = body === null ? null : jitControl.read(body.fn);
  }
  session.sampler = new Sampler(deps, config, await startSampling(deps, config, session.warmup.nsPerOp));
  // What the warm-up kept is this benchmark's; what the rounds keep is shared (see FootprintTracker).
  footprint.pause();
  return session;
}

async function takeSessionSample(session: Session, key: number, context: ProcessContext): Promise<Sample> {
  // Before the sample's window, so that its own GC count does not hold the collection its file asked for.
  session.runner.forcedGc?.beforeSample();
  const from = readSchedstat();
  const startMs = performance.now();
  const sample = await session.sampler.take(key);
  session.windows.push(startMs, performance.now());
  const to = readSchedstat();
  if (from === null || to === null) session.sched.known = false;
  else {
    const onCpu = to.onCpuNs - from.onCpuNs;
    const waiting = to.waitingNs - from.waitingNs;
    const helpers = Math.max(0, to.processCpuNs - from.processCpuNs - onCpu);
    session.sched.onCpuNs += onCpu;
    session.sched.waitingNs += waiting;
    session.sched.helpersNs += helpers;
    session.sched.wallNs += to.wallNs - from.wallNs;
    // Other programs' wait (what the process's own helper threads cannot account for), in the timed part.
    sample.waitNs = timedPartWait(Math.max(0, waiting - helpers), to.wallNs - from.wallNs, sample.elapsedNs);
  }
  if (context.deoptLog !== null) session.deoptText.sample += context.deoptLog.readNew();
  return sample;
}

interface SessionEnd {
  jit: JitInfo | null;
  probed: Partial<ProbeFigures>;
  /** The throttling reference right after the rounds. */
  afterNs: number;
  floor: FloorEstimate;
  gc: { count: number; pauseMs: number };
}

/** The memory phase and the retention stretch (each forcing GCs; neither when timing only), then the measured result. */
async function finishSession(session: Session, end: SessionEnd, context: ProcessContext): Promise<MeasuredBenchmark> {
  const { runner, sampler } = session;
  const { config } = context;
  const { jit, probed, afterNs, floor, gc } = end;
  const deopts = (['warmup', 'sample'] as const).flatMap((phase) => parseDeoptLog(session.deoptText[phase], phase, context.cwd, context.isHarness));
  const samples = sampler.samples;
  const nsPerOp = medianPerOp(samples);
  const { baseIterations } = sampler.start;
  // Collections the file asked for ran before the samples only: the memory phase sees the body as it runs.
  const forcedGc = runner.forcedGc?.reading() ?? null;
  runner.forcedGc?.stop();
  const empty = await context.emptyRunners.of(runner.mode, runner.call);
  const allocation = context.timingOnly ? null : await measureMemory(runner, empty, observer, baseIterations, nsPerOp, config.timeBudgetNs);
  const precision = sampler.precision();
  const samplingGcShare = gcEntriesDelivered ? (gc.pauseMs * 1e6) / Math.max(precision.durationNs, 1) : null;
  const bornOld = allocation?.accounting?.heapSource === 'young-and-old';
  const gcApart =
    allocation !== null && !context.quick && allocates(allocation) && gcApartWorthwhile(allocation.bytesPerOp, nsPerOp, config.timeBudgetNs, bornOld, samplingGcShare)
      ? await gcShareApart((n) => runner.runBatch(n), baseIterations, config.timeBudgetNs, bornOld)
      : null;
  // The retention stretch: this benchmark alone again (what other benchmarks keep during the rounds
  // is not this one's), the heap read after a full GC after every sample.
  if (allocation !== null && !context.quick) {
    session.footprint.resume();
    await retentionStretch((n) => runner.runBatch(n), baseIterations, session.footprint, allocation);
  }
  const s = session.sched;
  const memory =
    allocation === null
      ? null
      : {
          ...allocation,
          gcCount: gcEntriesDelivered ? gc.count : null,
          gcTimeNs: gcEntriesDelivered ? gc.pauseMs * 1e6 : null,
          gcShare: gcApart?.share ?? samplingGcShare,
          samplingGcShare,
          gcApart,
          footprint: session.footprint.finish(),
        };
  return {
    samples,
    warmup: session.warmup.info,
    calibration: sampler.start.calibration,
    precision,
    mode: runner.mode,
    floor,
    jit,
    deopts,
    ...probed,
    perCallChunk: runner.perCallChunk,
    forcedGc,
    throttle: {
      baselineNs: context.throttleBaselineNs,
      beforeNs: session.before.referenceNs,
      afterNs,
      waitedMs: session.before.waitedMs,
      retries: session.before.retries,
      cpuWaitShare: s.known && s.onCpuNs + s.waitingNs > 0 ? s.waitingNs / (s.onCpuNs + s.waitingNs) : null,
      helperCpuShare: s.known && s.wallNs > 0 ? s.helpersNs / s.wallNs : null,
    },
    timerReadsPerSample: runner.timerReadsPerSample,
    memory,
    detachedBuffers: context.detached.seenBy(session.bench.id),
  };
}
