/**
 * The passes after timing, per bench file, each in fresh processes configured for it: GC-free
 * samples (`--gc-cost`) and allocation sites (`--alloc-sites`). A benchmark that fails or crashes
 * in a pass keeps its timing result; the pass's part records the failure.
 */
import type { NoGcOutcome } from '../analysis/gc-cost.js';
import type { ChildEvent, ChildRequest, PassRequest } from '../engine/events.js';
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

function failedSites(error: ErrorInfo): AllocationSites {
  return { status: 'failed', reason: `the allocation-site pass failed: ${error.message}`, iterations: 0, samplingIntervalBytes: 0, sampledBytesPerOp: 0, sites: [] };
}

async function runPass(pass: PassRequest, context: PassContext, record: (id: string, outcome: { ok: ChildEvent & { type: 'pass-result' } } | { error: ErrorInfo }) => void): Promise<void> {
  const only = Object.keys(pass.kind === 'no-gc' ? pass.maxIterations : pass.iterations);
  const label = PASS_LABEL[pass.kind];
  const finish = (id: string, outcome: Parameters<typeof record>[1]): void => {
    record(id, outcome);
    context.save();
  };
  await runFile({ ...context.request, only, pass }, context.childOptions, {
    onEvent(event) {
      if (event.type === 'start' || event.type === 'phase') context.progress(`[${label}] ${event.id}${event.type === 'phase' ? ` ${event.phase}` : ''}`);
      else if (event.type === 'pass-result') finish(event.id, { ok: event });
      else if (event.type === 'bench-error') finish(event.id, { error: event.error });
    },
    onLost: (id, _status, error) => finish(id, { error }),
    onFileError: (error) => {
      for (const id of only) finish(id, { error });
    },
  });
}

export async function runPasses(options: { gcCost: boolean; allocSites: boolean; timeBudgetNs: number }, context: PassContext): Promise<void> {
  const { collector } = context;
  if (options.gcCost) {
    const plan = planNoGc(collector.current(context.ids));
    for (const [id, reason] of plan.impossible) collector.passOutcome(id, { noGc: { status: 'impossible', reason } });
    const semiSpaceMiB = plan.pass?.semiSpaceMiB ?? 0;
    if (plan.pass !== null) {
      await runPass(plan.pass, context, (id, outcome) => {
        const noGc: NoGcOutcome = 'error' in outcome
          ? { status: 'failed', error: outcome.error }
          : outcome.ok.result.kind === 'no-gc' ? { status: 'done', run: outcome.ok.result.run, semiSpaceMiB } : { status: 'failed', error: { message: 'internal: wrong pass result', location: null, stack: null } };
        collector.passOutcome(id, { noGc });
      });
    }
  }
  if (options.allocSites && !context.childOptions.signal?.aborted) {
    const plan = planAllocSites(collector.current(context.ids), options.timeBudgetNs);
    for (const [id, reason] of plan.skipped) {
      collector.passOutcome(id, { allocSites: { status: 'skipped', reason, iterations: 0, samplingIntervalBytes: 0, sampledBytesPerOp: 0, sites: [] } });
    }
    if (plan.pass !== null) {
      await runPass(plan.pass, context, (id, outcome) => {
        const allocSites = 'error' in outcome
          ? failedSites(outcome.error)
          : outcome.ok.result.kind === 'alloc-sites' ? outcome.ok.result.sites : failedSites({ message: 'internal: wrong pass result', location: null, stack: null });
        collector.passOutcome(id, { allocSites });
      });
    }
  }
}
