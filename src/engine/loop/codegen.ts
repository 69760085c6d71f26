/**
 * Generates one measured loop per benchmark with `new Function`.
 *
 * Each loop's source carries a unique marker: V8's eval cache hands identical sources the same
 * compiled code, so without it every benchmark would share one loop and its type feedback
 * (docs/design.md §3 measured `Math.sqrt` at 4.5–7.7 ns shared vs 0.27 ns unique). The clock is read only
 * around the whole batch, and the last result is kept in a local and published once after the
 * loop, which costs ~0 ns per iteration (per-iteration stores cost 3–5 ns).
 */
import vm from 'node:vm';
import type { Now } from './clock.js';

/** Where loops publish their last result, so V8 must compute it. */
export interface Sink {
  value: unknown;
}

export type LoopBody = (...args: never[]) => unknown;

/** How the generated loop calls the body (and which floor measures it). */
export type LoopCall = 'plain' | 'setup' | 'per-call';

/** Runs `n` calls of `body` and returns the elapsed nanoseconds. */
export type SyncLoop = (n: number, body: LoopBody, state: unknown, args: unknown) => number;
export type AsyncLoop = (n: number, body: LoopBody, state: unknown, args: unknown) => Promise<number>;

export interface LoopSpec {
  /** Unique number within the process: part of the function name and of the marker. */
  uid: number;
  /** Human label (the benchmark id), written into the marker comment. */
  label: string;
  /** `plain`: `body()`; `setup`: `body(state, args)`; `per-call`: `body(state[i], args)`, a state of its own per call. */
  call: LoopCall;
  async: boolean;
  /**
   * Compile the loop as a script of its own whose lines start here (`vm.compileFunction`), named
   * `ubench-measured-loop-<uid>`. The machine code is the same; a CPU profile can then tell the
   * loop's own lines from the lines of code inlined into it. Timing runs leave it unset.
   */
  lineOffset?: number;
}

/** The script name of a loop compiled with a line offset. */
export function loopScriptName(uid: number): string {
  return `${LOOP_SCRIPT_PREFIX}${uid}`;
}

export const LOOP_SCRIPT_PREFIX = 'ubench-measured-loop-';

/** The generated function's name, e.g. for `--print-opt-code-filter`. */
export function loopFunctionName(uid: number): string {
  return `${LOOP_NAME_PREFIX}${uid}`;
}

export const LOOP_NAME_PREFIX = 'ubench_loop_';

const LOOP_NAME = new RegExp(`^${LOOP_NAME_PREFIX}\\d+$`);

/** Whether a profiler's frame is a generated measured loop: by its script name, or by its function name. */
export function isMeasuredLoopFrame(frame: { url: string; functionName: string }): boolean {
  return frame.url.startsWith(LOOP_SCRIPT_PREFIX) || LOOP_NAME.test(frame.functionName);
}

/** The source of a loop, exported so tests can check the marker and shape. */
export function loopSource(spec: LoopSpec): string {
  const label = spec.label.replace(/\*\//g, '* /').replace(/[\r\n]/g, ' ');
  const call = spec.call === 'plain' ? 'body()' : spec.call === 'setup' ? 'body(state, args)' : 'body(state[i], args)';
  const invoke = spec.async ? `await ${call}` : call;
  return [
    `"use strict";`,
    `/* ubench measured loop #${spec.uid}: ${label} */`,
    `return ${spec.async ? 'async ' : ''}function ${loopFunctionName(spec.uid)}(n, body, state, args) {`,
    `  let result;`,
    `  const start = now();`,
    `  for (let i = 0; i < n; i++) {`,
    `    result = ${invoke};`,
    `  }`,
    `  const elapsed = now() - start;`,
    `  sink.value = result;`,
    `  return elapsed;`,
    `};`,
  ].join('\n');
}

export function compileLoop(spec: LoopSpec & { async: false }, now: Now, sink: Sink): SyncLoop;
export function compileLoop(spec: LoopSpec & { async: true }, now: Now, sink: Sink): AsyncLoop;
export function compileLoop(spec: LoopSpec, now: Now, sink: Sink): SyncLoop | AsyncLoop;
export function compileLoop(spec: LoopSpec, now: Now, sink: Sink): SyncLoop | AsyncLoop {
  if (spec.lineOffset !== undefined) {
    const factory = vm.compileFunction(loopSource(spec), ['now', 'sink'], { lineOffset: spec.lineOffset, filename: loopScriptName(spec.uid) }) as (now: Now, sink: Sink) => SyncLoop | AsyncLoop;
    return factory(now, sink);
  }
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const factory = new Function('now', 'sink', loopSource(spec)) as (now: Now, sink: Sink) => SyncLoop | AsyncLoop;
  return factory(now, sink);
}
