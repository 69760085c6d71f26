/**
 * One pass's process for a bench file: runs it (resuming after a crash) and turns what it reports
 * into each benchmark's outcome. A benchmark that fails or crashes in a pass keeps its timing
 * result; the pass's part records the failure.
 */
import type { ChildRequest, PassRequest, PassResult } from '../engine/process/events.js';
import { CPU_SAMPLING_INTERVAL_US } from '../engine/passes/cpu-profile-pass.js';
import type { AllocationSites, CpuProfileFindings, ErrorInfo } from '../results/types.js';
import type { PassOutcome, ResultCollector } from './collector.js';
import { runFile } from './run-file.js';
import type { RunChildOptions } from './run-child.js';
import type { ProfileFiles } from './profile-files.js';

export interface PassContext {
  /** The file's timing request; the pass replaces `only` and `pass`. */
  request: ChildRequest;
  ids: readonly string[];
  collector: ResultCollector;
  childOptions: Omit<RunChildOptions, 'onEvent'>;
  progress(text: string): void;
  /** Writes the results file (after each benchmark). */
  save(): void;
  /** Where this run's profiles and machine code go. */
  files: ProfileFiles;
}

export const PASS_LABEL: Record<PassRequest['kind'], string> = { 'no-gc': 'GC-free', 'alloc-sites': 'allocation sites', 'cpu-profile': 'CPU profile', disasm: 'machine code' };

export function noSites(status: 'skipped' | 'failed', reason: string): AllocationSites {
  return { status, reason, iterations: 0, samplingIntervalBytes: 0, sampledBytesPerOp: 0, sites: [] };
}

export function noProfile(status: 'skipped' | 'failed', reason: string): CpuProfileFindings {
  return { cpu: { status, reason, iterations: 0, sampleCount: 0, samplingIntervalUs: CPU_SAMPLING_INTERVAL_US }, hot: null, lines: null, cpuprofile: null };
}

function resultOutcome(result: PassResult, context: PassContext): PassOutcome | null {
  switch (result.kind) {
    case 'no-gc':
      return { noGc: { status: 'done', run: result.run } };
    case 'alloc-sites':
      return { allocSites: result.sites };
    case 'cpu-profile':
      return { cpuProfile: { ...result.findings, cpuprofile: result.findings.cpuprofile === null ? null : context.files.display(result.findings.cpuprofile) } };
    case 'disasm':
      return null;
  }
}

function errorOutcome(pass: PassRequest, error: ErrorInfo): PassOutcome | null {
  switch (pass.kind) {
    case 'no-gc':
      return { noGc: { status: 'failed', error } };
    case 'alloc-sites':
      return { allocSites: noSites('failed', `the allocation-site pass failed: ${error.message}`) };
    case 'cpu-profile':
      return { cpuProfile: noProfile('failed', `the profiling pass failed: ${error.message}`) };
    case 'disasm':
      return null;
  }
}

/**
 * Runs the pass's process for the file (resuming after a crash) and records each benchmark's
 * outcome; hands every event to `onEvent` as well (the disassembly pass needs the process id).
 */
export async function runPassProcess(pass: PassRequest, only: string[], context: PassContext, onResult?: (id: string, result: PassResult | ErrorInfo) => void): Promise<void> {
  const label = PASS_LABEL[pass.kind];
  const record = (id: string, outcome: PassOutcome | null): void => {
    if (outcome === null) return;
    context.collector.passOutcome(id, outcome);
    context.save();
  };
  await runFile({ ...context.request, only, pass }, context.childOptions, {
    onEvent(event) {
      if (event.type === 'start' || event.type === 'phase') context.progress(`[${label}] ${event.id}${event.type === 'phase' ? ` ${event.phase}` : ''}`);
      else if (event.type === 'pass-result') {
        onResult?.(event.id, event.result);
        record(event.id, resultOutcome(event.result, context));
      } else if (event.type === 'bench-error') {
        onResult?.(event.id, event.error);
        record(event.id, errorOutcome(pass, event.error));
      }
    },
    onLost: (id, _status, error) => {
      onResult?.(id, error);
      record(id, errorOutcome(pass, error));
    },
    onFileError: (error) => {
      for (const id of only) {
        onResult?.(id, error);
        record(id, errorOutcome(pass, error));
      }
    },
  });
}
