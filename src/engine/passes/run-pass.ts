/**
 * Every pass after timing as the benchmark process knows it: one line each. The event protocol's
 * pass request and result (process/events.ts) are the union of these hooks' own, and a process runs
 * one benchmark through a pass (see PassRequest) by the hook of the request's kind.
 */
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import { allocSitesHook } from './alloc-sites/hook.js';
import { coverageHook } from './coverage/hook.js';
import { disasmHook } from './disasm/hook.js';
import { noGcHook } from './gc-cost/hook.js';
import { heapSnapshotHook } from './heap-snapshot/hook.js';
import { instructionsHook } from './instructions/hook.js';
import type { PassHook, PassPhase } from './pass-hook.js';
import type { PassContext } from './pass-process.js';
import { pretenuringOffHook } from './pretenuring-off/hook.js';
import { cpuProfileHook } from './profile/hook.js';

export const PASS_HOOKS = [pretenuringOffHook, noGcHook, allocSitesHook, cpuProfileHook, disasmHook, instructionsHook, heapSnapshotHook, coverageHook] as const;

type Hook = (typeof PASS_HOOKS)[number];
type RequestOf<H> = H extends PassHook<infer Request, infer _Result> ? Request : never;
type ResultOf<H> = H extends PassHook<infer _Request, infer Result> ? Result : never;

/** What the runner asks a pass's process to measure, per benchmark id. */
export type PassRequest = RequestOf<Hook>;
/** What a pass's process sends back for one benchmark. */
export type PassResult = ResultOf<Hook>;

/** Every kind of pass result, for the runner's check of a process's events (runner/channel/event-shape.ts). */
export const PASS_RESULT_KINDS: readonly string[] = PASS_HOOKS.map((hook) => hook.kind);

const byKind = new Map<string, PassHook<PassRequest, PassResult>>(PASS_HOOKS.map((hook) => [hook.kind, hook as PassHook<PassRequest, PassResult>]));

/** Readies the process for its pass before the bench file loads. */
export function beforeLoadingFor(pass: PassRequest | null): void {
  if (pass !== null) byKind.get(pass.kind)?.beforeLoad?.(pass);
}

export async function runPass(pass: PassRequest, bench: DeclaredBenchmark, context: PassContext, onPhase: (phase: PassPhase) => void): Promise<PassResult> {
  const hook = byKind.get(pass.kind);
  if (hook === undefined) throw new Error(`the ${pass.kind} pass does not run here`);
  return hook.run(pass, bench, context, onPhase);
}
