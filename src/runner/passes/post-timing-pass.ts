/**
 * A pass after timing (the automatic pretenuring-off pass, `--gc-cost`, `--alloc-sites`, `--profile`, `--disasm`): what every pass is to
 * the runner — whether the options ask for it, and how it runs for one bench file — and the process
 * every pass's measurements come from. Each pass lives in a folder of its own beside this file (its
 * plan from the timing results, its processes, its outcomes); the child's side is in
 * engine/passes/<pass>/. Adding a pass: a folder here and there, its option, its report.
 */
import type { ChildRequest, PassRequest, PassResult } from '../../engine/process/events.js';
import type { RuntimeName } from '../../results/runtime-identity.js';
import type { BenchmarkResult, ErrorInfo } from '../../results/types.js';
import type { PassOutcome } from '../collector.js';
import { runFile } from '../run-file.js';
import type { RunChildOptions } from '../run-child.js';
import type { ProfileFiles } from './profile-files.js';

/** The options the passes read. */
export interface PassOptions {
  gcCost: boolean;
  allocSites: boolean;
  profile: boolean;
  disasm: boolean;
  instructions: boolean;
  cacheSim: boolean;
  forks: number;
  profileTop: number;
  timeBudgetNs: number;
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
  /** The option that asks for it, e.g. `--gc-cost`. */
  option: string;
  /** Runs without being asked, where the timing results call for it (never reported as missing on a runtime that cannot run it). */
  automatic?: boolean;
  enabled(options: PassOptions): boolean;
  /** The runtimes whose processes can run it (results/runtime-capabilities.ts says why not elsewhere). */
  runsOn: readonly RuntimeName[];
  /** Plans from the file's timing results, runs its processes, and records each benchmark's outcome. */
  run(context: PassContext, options: PassOptions): Promise<void>;
}

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
