/**
 * Allocation sites from V8's sampling heap profiler (inspector `HeapProfiler.startSampling`, with
 * the objects that minor and major GCs already collected kept in the profile): the functions that
 * allocated the most bytes per operation, with their source locations and callers.
 *
 * The code runs as it was timed, inlining included: without inlining, escape analysis could not
 * remove allocations (`Array#reduce` with an arrow callback went from 16 B/op to ~160 KB/op of
 * boxed numbers). The profiler attributes an allocation to the innermost real frame, so what
 * TurboFan inlined into the measured loop shows as the benchmark body.
 */
import { Session } from 'node:inspector';
import type { DeclaredBenchmark } from '../../../define/declaration-types.js';
import type { AllocationSite, AllocationSites } from '../../../results/types.js';
import { postNow } from '../inspector-post.js';
import { warmedUpRunner, type PassContext } from '../pass-process.js';
import { readablePosition } from '../../process/source-position.js';
import { RegionObserver } from '../../loop/timed-region.js';

/** Mean bytes between samples: V8's default is 32 KiB; 1 KiB resolves sites of a few bytes per operation at a stack walk per KiB. */
export const ALLOC_SITES_SAMPLING_INTERVAL = 1_024;
/** Sites listed per benchmark. */
export const ALLOC_SITES_TOP = 10;
/** Callers listed per site. */
const MAX_CALLERS = 3;
const LOOP_NAME = /^ubench_loop_\d+$/;
/** How allocation by code inlined into the measured loop is named (the loop itself allocates nothing). */
export const INLINED_BODY = 'benchmark body (inlined into the measured loop)';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  callFrame: CallFrame;
  selfSize: number;
  children: ProfileNode[];
}

interface Frame {
  name: string;
  location: string | null;
  harness: boolean;
}

function frameOf(callFrame: CallFrame, cwd: string, isHarness: (location: string) => boolean): Frame {
  if (LOOP_NAME.test(callFrame.functionName)) return { name: 'measured loop', location: null, harness: true };
  const location = callFrame.url === '' ? null : readablePosition(callFrame.url, callFrame.lineNumber + 1, callFrame.columnNumber + 1, cwd);
  const name = callFrame.functionName === '' ? '(anonymous)' : callFrame.functionName;
  return { name: location === null && !name.startsWith('(') ? `${name} (built-in)` : name, location, harness: location !== null && isHarness(location) };
}

const frameText = (frame: Frame): string => (frame.location === null ? frame.name : `${frame.name} (${frame.location})`);

const isNodeInternal = (frame: Frame): boolean => frame.location?.startsWith('node:') === true;
/** The benchmark's own code: the measured loop, or a user function (not ubench's, not Node's). */
const isBenchmarkFrame = (frame: Frame): boolean => frame.name === 'measured loop' || (frame.location !== null && !frame.harness && !isNodeInternal(frame));

/**
 * Sums the profile's self sizes per function, largest first. Only allocations made by the
 * benchmark's code count (a benchmark frame on the stack): the profiler's own inspector messages
 * and the harness's bookkeeping are not the benchmark's. Callers stop at the measured loop.
 */
export function aggregateSites(head: ProfileNode, iterations: number, cwd: string, isHarness: (location: string) => boolean): { sampledBytesPerOp: number; sites: AllocationSite[] } {
  const sites = new Map<string, { frame: Frame; bytes: number; callers: string[] }>();
  let total = 0;
  const walk = (node: ProfileNode, callers: Frame[], inBenchmark: boolean): void => {
    const frame = frameOf(node.callFrame, cwd, isHarness);
    const counted = inBenchmark || isBenchmarkFrame(frame);
    if (node.selfSize > 0 && counted) {
      total += node.selfSize;
      const site = frame.name === 'measured loop' ? { name: INLINED_BODY, location: null, harness: false } : frame;
      const key = `${site.name}\0${site.location ?? ''}`;
      const known = sites.get(key);
      if (known === undefined) sites.set(key, { frame: site, bytes: node.selfSize, callers: callers.slice(0, MAX_CALLERS).map(frameText) });
      else known.bytes += node.selfSize;
    }
    // Callers above the measured loop are the harness's; a fresh chain starts below it.
    const inner = frame.name === 'measured loop' ? [frame] : node.callFrame.functionName === '(root)' || frame.harness ? [] : [frame, ...callers];
    for (const child of node.children) walk(child, inner, counted);
  };
  walk(head, [], false);
  const ranked = [...sites.values()].sort((a, b) => b.bytes - a.bytes).slice(0, ALLOC_SITES_TOP);
  return {
    sampledBytesPerOp: total / iterations,
    sites: ranked.map(({ frame, bytes, callers }) => ({
      function: frame.name,
      location: frame.location,
      bytesPerOp: bytes / iterations,
      share: total > 0 ? bytes / total : 0,
      harness: frame.harness,
      callers,
    })),
  };
}

const observer = new RegionObserver();

/**
 * Samples allocation inside the timed region only (between the batch runner's enter and leave),
 * so per-sample setup and teardown are left out, as in the exact bytes/op.
 */
class SamplingRegion {
  profile: ProfileNode | null = null;

  constructor(private readonly session: Session) {}

  enter(): void {
    postNow(this.session, 'HeapProfiler.startSampling', {
      samplingInterval: ALLOC_SITES_SAMPLING_INTERVAL,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }

  leave(): void {
    const { profile } = postNow(this.session, 'HeapProfiler.stopSampling') as { profile: { head: ProfileNode } };
    this.profile = profile.head;
  }
}

/** Warms the benchmark up, then runs `iterations` of it under the sampling heap profiler. */
export async function profileAllocationSites(bench: DeclaredBenchmark, context: PassContext, iterations: number): Promise<AllocationSites> {
  const runner = await warmedUpRunner(bench, context, observer);
  const session = new Session();
  session.connect();
  const region = new SamplingRegion(session);
  try {
    postNow(session, 'HeapProfiler.enable');
    observer.current = region;
    await runner.runBatch(iterations);
  } finally {
    observer.current = null;
    session.disconnect();
  }
  if (region.profile === null) throw new Error('internal: the heap profile was not taken');
  const aggregated = aggregateSites(region.profile, iterations, context.cwd, context.isHarness);
  return { status: 'measured', reason: null, iterations, samplingIntervalBytes: ALLOC_SITES_SAMPLING_INTERVAL, ...aggregated };
}
