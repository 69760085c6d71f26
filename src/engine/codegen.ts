/**
 * Generates one measured loop per benchmark with `new Function`.
 *
 * Each loop's source carries a unique marker: V8's eval cache hands identical sources the same
 * compiled code, so without it every benchmark would share one loop and its type feedback
 * (DESIGN §3 measured `Math.sqrt` at 4.5–7.7 ns shared vs 0.27 ns unique). The clock is read only
 * around the whole batch, and the last result is kept in a local and published once after the
 * loop, which costs ~0 ns per iteration (per-iteration stores cost 3–5 ns).
 */
import type { Now } from './clock.js';

/** Where loops publish their last result, so V8 must compute it. */
export interface Sink {
  value: unknown;
}

export type LoopBody = (...args: never[]) => unknown;

/** Runs `n` calls of `body` and returns the elapsed nanoseconds. */
export type SyncLoop = (n: number, body: LoopBody, state: unknown, args: unknown) => number;
export type AsyncLoop = (n: number, body: LoopBody, state: unknown, args: unknown) => Promise<number>;

export interface LoopSpec {
  /** Unique number within the process: part of the function name and of the marker. */
  uid: number;
  /** Human label (the benchmark id), written into the marker comment. */
  label: string;
  /** `plain`: `body()`; `setup`: `body(state, args)`. */
  call: 'plain' | 'setup';
  async: boolean;
}

/** The generated function's name, e.g. for `--print-opt-code-filter`. */
export function loopFunctionName(uid: number): string {
  return `ubench_loop_${uid}`;
}

/** The source of a loop, exported so tests can check the marker and shape. */
export function loopSource(spec: LoopSpec): string {
  const label = spec.label.replace(/\*\//g, '* /').replace(/[\r\n]/g, ' ');
  const call = spec.call === 'plain' ? 'body()' : 'body(state, args)';
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
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const factory = new Function('now', 'sink', loopSource(spec)) as (now: Now, sink: Sink) => SyncLoop | AsyncLoop;
  return factory(now, sink);
}
