/**
 * The engine's state for one child process, made once and shared by every measuring of it: the
 * settings, the host reference, the random sequence, the JIT and deopt hooks, the loop floors, and
 * the process-wide objects every generated loop and timed region uses (`sink`, `observer`).
 */
import type { ErrorInfo } from '../../results/types.js';
import type { DetachWatch } from '../host/detach-probe.js';
import type { HostReference } from '../host/host-reference.js';
import type { Sink } from './codegen.js';
import type { DeoptLogSource } from './deopt-log.js';
import type { EmptyRunners } from './floor.js';
import type { JitControl } from './jit-tier.js';
import type { MeasureConfig } from './measure.js';
import { RegionObserver } from './timed-region.js';

/** Where every generated loop publishes its last result. Exported so V8 cannot prove it unread. */
export const sink: Sink = { value: undefined };
// A number stored once now generalizes the field to any value before a loop's optimized code
// depends on it: a loop's first Smi or double result otherwise changed the field's representation
// and deoptimized every loop compiled before it ("dependent field representation changed").
sink.value = 0;

/** Watches every timed region of the process; switched per phase. */
export const observer = new RegionObserver();

export interface ProcessContext {
  config: MeasureConfig;
  /** The host-speed reference, read once every round. */
  host: HostReference;
  /** Turns what a benchmark threw into the error its result reports. */
  errorInfo: (thrown: unknown) => ErrorInfo;
  rng: () => number;
  jitControl: JitControl | null;
  deoptLog: DeoptLogSource | null;
  throttleBaselineNs: number;
  /** Makes the key of each round (see `Sample.round`). */
  processKey: number;
  /** Rounds this process has run so far: every round of the process gets a key of its own, across the several measurings of one process (`--sequential`, a foreign harness's run() calls). */
  roundsRun: number;
  /** The empty loop of each loop kind, made once per process. */
  emptyRunners: EmptyRunners;
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
