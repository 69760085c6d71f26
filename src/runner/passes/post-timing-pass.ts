/**
 * A pass after timing (the automatic pretenuring-off pass, `--gc-cost`, `--alloc-sites`, `--profile`,
 * `--disasm`, `--instructions`, …): what every pass is to the runner — the switches that ask for it
 * (each one a CLI flag, an API option and a results setting of one name), its help, the runtimes it
 * runs on, and how it runs for one bench file — and the process every pass's measurements come
 * from. Each pass lives in a folder of its own beside this file (its plan from the timing results,
 * its processes, its outcomes); the child's side is in engine/passes/<pass>/; pass-registry.ts lists
 * them. Adding a pass: a folder here and there, a line in the registry, its reading and report.
 */
import type { ChildRequest, PassRequest, PassResult } from '../../engine/process/events.js';
import type { RuntimeName } from '../../results/runtime-identity.js';
import type { BenchmarkResult, ErrorInfo } from '../../results/types.js';
import type { PassOutcome } from '../record/collector.js';
import { runFile } from '../child/run-file.js';
import type { RunChildOptions } from '../child/run-child.js';
import type { ProfileFiles } from './profile-files.js';

/**
 * A run option a pass declares. Its `key` names it everywhere: in `RunOptions.passes`, as the
 * API's option (`run({ gcCost: true })`) and in the results file's `settings`; its `flag` is the CLI's.
 */
export interface PassSwitch {
  key: string;
  /** e.g. `--gc-cost`. */
  flag: `--${string}`;
  /** Its lines in `ubench --help`, as printed after the flag column. */
  help: readonly string[];
  /** The switch this one turns on too (`--cache-sim` asks for `--instructions`); such a switch is not a setting of its own. */
  implies?: string;
}

/** Which switches are on, by key (every registered key present: pass-registry.ts `passSelection`). */
export type PassSelection = Readonly<Record<string, boolean>>;

/** The options the passes read. */
export interface PassOptions {
  passes: PassSelection;
  forks: number;
  profileTop: number;
  timeBudgetNs: number;
  /** `--quick`: the automatic passes do not run (asked-for ones do). */
  quick?: boolean;
}

export interface PassContext {
  /** The file's timing request; the pass replaces `only` and `pass`. */
  request: ChildRequest;
  ids: readonly string[];
  collector: PassCollector;
  childOptions: Omit<RunChildOptions, 'onEvent'>;
  progress(text: string): void;
  /** A line that stays in a CI log when a pass starts on a benchmark (passes run long: under valgrind, seconds a benchmark). */
  passLine?(text: string): void;
  /** Writes the results file (after each benchmark). */
  save(): void;
  /** Where this run's profiles and machine code go. */
  files: ProfileFiles;
}

/** What a pass reads of the timing results and records into them, by the ids its processes use. */
export interface PassCollector {
  current(ids: readonly string[]): BenchmarkResult[];
  passOutcome(id: string, outcome: PassOutcome): void;
}

export interface PostTimingPass {
  /** The name progress lines use, e.g. `GC-free`. */
  label: string;
  /** The switches that ask for it, the first being the pass's own (none: it runs without being asked, where the timing results call for it, and is never reported as missing on a runtime that cannot run it). */
  switches: readonly PassSwitch[];
  /** The runtimes whose processes can run it (results/runtime-capabilities.ts says why not elsewhere). */
  runsOn: readonly RuntimeName[];
  /** Checked before any measuring when the pass is asked for: throws a one-line usage error when it cannot run here (a missing tool). */
  preflight?(): void;
  /** Plans from the file's timing results, runs its processes, and records each benchmark's outcome. */
  run(context: PassContext, options: PassOptions): Promise<void>;
}

/** Whether the options ask for the pass (an automatic pass always may run). */
export function passEnabled(pass: PostTimingPass, options: Pick<PassOptions, 'passes' | 'quick'>): boolean {
  const own = pass.switches[0];
  return own === undefined ? options.quick !== true : options.passes[own.key] === true;
}

/** Whether the pass's processes can run on the runtime. */
export const passRunsOn = (pass: PostTimingPass, runtime: RuntimeName): boolean => pass.runsOn.includes(runtime);

/** How a pass turns what its process said about a benchmark into that benchmark's outcome (null: nothing to record now). */
export interface OutcomeOf {
  result(result: PassResult, context: PassContext): PassOutcome | null;
  error(error: ErrorInfo): PassOutcome | null;
}

/**
 * Runs a pass's process for the file (resuming after a crash) and records each benchmark's
 * outcome; hands every result to `onResult` as well (the disassembly pass needs it after the process).
 */
export async function runPassProcess(
  pass: PassRequest,
  only: string[],
  context: PassContext,
  label: string,
  outcomeOf: OutcomeOf,
  onResult?: (id: string, result: PassResult | ErrorInfo) => void,
): Promise<void> {
  const record = (id: string, outcome: PassOutcome | null): void => {
    if (outcome === null) return;
    context.collector.passOutcome(id, outcome);
    context.save();
  };
  await runFile({ ...context.request, only, pass }, context.childOptions, {
    onEvent(event) {
      if (event.type === 'start' || event.type === 'phase') context.progress(`[${label}] ${event.id}${event.type === 'phase' ? ` ${event.phase}` : ''}`);
      if (event.type === 'start') context.passLine?.(`[${label}] ${event.id}`);
      else if (event.type === 'pass-result') {
        onResult?.(event.id, event.result);
        record(event.id, outcomeOf.result(event.result, context));
      } else if (event.type === 'bench-error') {
        onResult?.(event.id, event.error);
        record(event.id, outcomeOf.error(event.error));
      }
    },
    onLost: (id, _status, error) => {
      onResult?.(id, error);
      record(id, outcomeOf.error(error));
    },
    onFileError: (error) => {
      for (const id of only) {
        onResult?.(id, error);
        record(id, outcomeOf.error(error));
      }
    },
  });
}
