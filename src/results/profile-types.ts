/**
 * What ubench learns about how V8 ran a benchmark: the JIT tier of the measured code and the
 * deoptimizations (recorded on every run), the CPU-profiling pass (`--profile`: hot functions and
 * hot lines) and the machine code of the measured loop (`--disasm`).
 */

/** JIT tiers as `%GetOptimizationStatus` reports them. */
/**
 * V8's tiers, and JavaScriptCore's as bun:jsc tells them: `dfg` is its optimizing tiers (DFG or FTL:
 * the function was compiled by DFG), `unoptimized` its interpreter or baseline JIT (it was not).
 */
export type JitTier = 'interpreted' | 'baseline' | 'maglev' | 'turbofan' | 'not-compiled' | 'unknown' | 'dfg' | 'unoptimized';

export interface TierReading {
  /** Raw `%GetOptimizationStatus` bits (on JavaScriptCore: how many times DFG compiled the function). */
  status: number;
  tier: JitTier;
  /** V8's MaybeDeopted bit: the function was deoptimized at some point (on JavaScriptCore: it was reoptimized after an exit). */
  maybeDeopted: boolean;
  /** Marked for (concurrent) optimization, not yet optimized (absent in older files: read from V8 11's bits 8 and 9). */
  markedForOptimization?: boolean;
}

/** One function's tier after warm-up and at the end of sampling. */
export interface TierTrack {
  functionName: string;
  afterWarmup: TierReading;
  afterSampling: TierReading;
}

/**
 * The tier of the measured code: the generated loop (the body is inlined into it), or the body of
 * a manual loop; plus, for generated loops, the benchmark function's own tier.
 */
export interface JitInfo {
  target: 'loop' | 'body';
  functionName: string;
  /** True when warm-up ended before V8 optimized the measured code, and ubench asked it to (`%OptimizeFunctionOnNextCall`). */
  optimizationRequested: boolean;
  afterWarmup: TierReading;
  afterSampling: TierReading;
  /**
   * The benchmark function itself when the measured code is the generated loop. When V8 inlined it
   * into the loop, its own code is not what runs, and its tier may stay low without harm.
   */
  body: TierTrack | null;
}

/** A V8 deoptimization seen while the benchmark ran (from `--log-deopt`). */
/**
 * V8 13 and later leave Maglev code with this reason to enter TurboFan's on-stack-replacement code:
 * a step up, not a step down (seen on Deno 2.9.6 and Chromium 156, V8 15, in every loop that tiers up).
 */
const TIER_UP_REASON = /prepare for on stack replacement/i;

/** Whether a logged deoptimization is really a tier-up into TurboFan's OSR code. */
export const isTierUp = (deopt: DeoptEvent): boolean => TIER_UP_REASON.test(deopt.reason);

export interface DeoptEvent {
  phase: 'warmup' | 'sample';
  /** e.g. `deopt-eager`, `deopt-soft`, `deopt-lazy`. */
  kind: string;
  /** V8's reason, e.g. `not a Smi`, `wrong map`. */
  reason: string;
  /** `file:line:column` of the deoptimizing position (`unknown:…` inside generated code). */
  location: string | null;
  /** Enclosing positions when the code was inlined, innermost first. */
  inlinedAt: string[];
}

/**
 * Where a hot function's code comes from: the benchmark's own code (`user`), the generated
 * measured loop, ubench itself, Node's internals, V8 built-ins (no script), or V8's pseudo-frames
 * such as `(garbage collector)` and `(program)` (`vm`).
 */
export type HotFunctionKind = 'user' | 'measured-loop' | 'harness' | 'node' | 'builtin' | 'vm';

export interface HotFunction {
  /** Display name, e.g. `heavy`, `measured loop for sum`, `sort (built-in)`, `(garbage collector)`. */
  function: string;
  /** `file:line:column` of the function's start (source-mapped), or null for code without a script. */
  location: string | null;
  /** Share of the profiling pass's samples (timed regions only) that were in this function itself, in percent. */
  selfPercent: number;
  kind: HotFunctionKind;
  /** The function its samples ran inlined into (its machine code is part of that function's), or null. */
  inlinedInto: string | null;
}

/** A source line of the benchmark's own code with its share of samples (V8's `positionTicks`). */
export interface HotLine {
  file: string;
  line: number;
  /** The line's source text (trimmed), or null when the file cannot be read. */
  text: string | null;
  percent: number;
}

/** How the CPU-profiling pass went. */
export interface CpuSampling {
  status: 'measured' | 'failed' | 'skipped';
  reason: string | null;
  /** Iterations replayed under the profiler (the timing run's samples, within the time budget). */
  iterations: number;
  /** Profiler samples inside the timed regions. */
  sampleCount: number;
  samplingIntervalUs: number;
}

/** One instruction of the measured loop's machine code. */
export interface DisasmInstruction {
  /** Offset from the code object's start. */
  offset: number;
  /** The instruction as V8 prints it, with its comments (e.g. the builtin a call goes to). */
  text: string;
  /** Share of the disassembly pass's CPU samples at this instruction, in percent; null when not annotated. */
  percent: number | null;
}

/** A native symbol (JIT code, V8 built-in or C++ function) from the sampling profiler `perf`. */
export interface NativeSymbol {
  symbol: string;
  percent: number;
}

/** The optimized machine code of the generated measured loop (`--disasm`). */
export interface Disassembly {
  status: 'done' | 'failed' | 'unavailable';
  reason: string | null;
  /** The generated loop's function name (`ubench_loop_<n>`). */
  functionName: string;
  /** How many optimized versions V8 printed for it (re-optimization after deopts, OSR). */
  compilations: number;
  /** The full printed code of the version shown, saved beside the CPU profiles. */
  codeFile: string | null;
  /** Offsets of the measured loop's back edge target and back edge; null when no loop was found (then the whole main code is shown). */
  loop: { startOffset: number; endOffset: number } | null;
  instructions: DisasmInstruction[];
  /** Samples taken by `perf` in the timed regions; null when not annotated (see `annotationNote`). */
  perfSampleCount: number | null;
  /** Share of those samples inside the loop shown, in percent. */
  loopPercent: number | null;
  /** Why instructions are not annotated (perf missing or not permitted), or null. */
  annotationNote: string | null;
  /** Hottest native symbols in the timed regions, by perf. */
  native: NativeSymbol[];
}

export interface ProfileInfo {
  /** Null where the runtime cannot report JIT tiers. */
  tier: JitInfo | null;
  /** Deoptimizations during warm-up and sampling of the timing run. */
  deopts: DeoptEvent[];
  /** The `--profile` pass (null unless it was asked for). */
  cpu: CpuSampling | null;
  /** Hottest functions by self time, most first (null without `--profile`). */
  hot: HotFunction[] | null;
  /** The benchmark's hottest source lines, in file and line order (null without `--profile`). */
  lines: HotLine[] | null;
  /** Path of the saved `.cpuprofile` (opens in Chrome DevTools or speedscope), or null. */
  cpuprofile: string | null;
  /** The `--disasm` pass (null unless it was asked for). */
  disasm: Disassembly | null;
  /** Files passes after timing wrote for the benchmark, for a tool to open (absent: none, and in older files). */
  files?: PassFile[];
}

/**
 * A file a pass after timing wrote for one benchmark (a heap snapshot, …), or why it could not.
 * A pass that only writes files records them here and needs no field of its own in the results.
 */
export interface PassFile {
  /** What the file holds, as reports name it, e.g. `heap snapshot`. */
  what: string;
  /** The flag of the pass that wrote it, e.g. `--heap-snapshot`. */
  pass: string;
  /** Relative to where ubench ran (absolute when outside it); null when the pass failed or skipped the benchmark. */
  path: string | null;
  /** The file's size. */
  bytes: number | null;
  /** The tools that open it, e.g. `Chrome DevTools, Memory tab`. */
  opensIn: string | null;
  /** A fact about what it holds (e.g. the heap's size when it was written), or why there is no file. */
  note: string | null;
}

/** What the `--profile` pass adds to a benchmark's profile. */
export type CpuProfileFindings = Pick<ProfileInfo, 'cpu' | 'hot' | 'lines' | 'cpuprofile'>;
