/**
 * The passes after timing, per bench file, each in fresh processes configured for it: GC-free
 * samples (`--gc-cost`) and allocation sites (`--alloc-sites`). A benchmark that fails or crashes
 * in a pass keeps its timing result; the pass's part records the failure.
 */
import type { ChildRequest, PassRequest, PassResult } from '../engine/events.js';
import type { AllocationSites, ErrorInfo } from '../results/types.js';
import type { ResultCollector } from './collector.js';
import { planAllocSites, planNoGc } from './pass-plans.js';
import { runFile } from './run-file.js';
import type { RunChildOptions } from './run-child.js';

export interface PassContext {
  /** The file's timing request; the pass replaces `only` and `pass`. */
  request: ChildRequest;
  ids: readonly string[];
  collector: ResultCollector;
  childOptions: Omit<RunChildOptions, 'onEvent'>;
  progress(text: string): void;
  /** Writes the results file (after each benchmark). */
  save(): void;
}

const PASS_LABEL: Record<PassRequest['kind'], string> = { 'no-gc': 'GC-free', 'alloc-sites': 'allocation sites' };

type PassOutcome = Parameters<ResultCollector['passOutcome']>[1];

function noSites(status: 'skipped' | 'failed', reason: string): AllocationSites {
  return { status, reason, iterations: 0, samplingIntervalBytes: 0, sampledBytesPerOp: 0, sites: [] };
}

function resultOutcome(result: PassResult): PassOutcome {
  return result.kind === 'no-gc' ? { noGc: { status: 'done', run: result.run } } : { allocSites: result.sites };
}

function errorOutcome(pass: PassRequest, error: ErrorInfo): PassOutcome {
  return pass.kind === 'no-gc' ? { noGc: { status: 'failed', error } } : { allocSites: noSites('failed', `the allocation-site pass failed: ${error.message}`) };
}

/** Runs the pass's process for the file (resuming after a crash) and records each benchmark's outcome. */
async function runPass(pass: PassRequest, context: PassContext): Promise<void> {
  const only = Object.keys(pass.kind === 'no-gc' ? pass.maxIterations : pass.iterations);
  const label = PASS_LABEL[pass.kind];
  const record = (id: string, outcome: PassOutcome): void => {
    context.collector.passOutcome(id, outcome);
    context.save();
  };
  await runFile({ ...context.request, only, pass }, context.childOptions, {
    onEvent(event) {
      if (event.type === 'start' || event.type === 'phase') context.progress(`[${label}] ${event.id}${event.type === 'phase' ? ` ${event.phase}` : ''}`);
      else if (event.type === 'pass-result') record(event.id, resultOutcome(event.result));
      else if (event.type === 'bench-error') record(event.id, errorOutcome(pass, event.error));
    },
    onLost: (id, _status, error) => record(id, errorOutcome(pass, error)),
    onFileError: (error) => {
      for (const id of only) record(id, errorOutcome(pass, error));
    },
  });
}

export async function runPasses(options: { gcCost: boolean; allocSites: boolean; timeBudgetNs: number }, context: PassContext): Promise<void> {
  const { collector } = context;
  if (options.gcCost) {
    const plan = planNoGc(collector.current(context.ids));
    for (const [id, reason] of plan.impossible) collector.passOutcome(id, { noGc: { status: 'impossible', reason } });
    if (plan.pass !== null) await runPass(plan.pass, context);
  }
  if (options.allocSites && !context.childOptions.signal?.aborted) {
    const plan = planAllocSites(collector.current(context.ids), options.timeBudgetNs);
    for (const [id, reason] of plan.skipped) collector.passOutcome(id, { allocSites: noSites('skipped', reason) });
    if (plan.pass !== null) await runPass(plan.pass, context);
  }
}
