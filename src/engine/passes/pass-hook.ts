/**
 * A pass after timing as the benchmark process sees it: the request the runner sends for it (its
 * `kind` and what it planned per benchmark id), the result it sends back, and the function that
 * runs one benchmark for it. Each pass's folder holds its hook (`<pass>/hook.ts`); run-pass.ts
 * lists them, and the event protocol's pass request and result (process/events.ts) are the union
 * of theirs.
 */
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import type { PassContext } from './pass-process.js';

export type PassPhase = 'warmup' | 'sample';

export interface PassHook<Request extends { kind: string }, Result extends { kind: Request['kind'] }> {
  kind: Request['kind'];
  /** What must happen before the bench file loads (V8 instruments only code compiled afterwards). */
  beforeLoad?(request: Request): void;
  /** Runs `bench` as the request asks and measures what the pass reads; `onPhase` reports progress. */
  run(request: Request, bench: DeclaredBenchmark, context: PassContext, onPhase: (phase: PassPhase) => void): Promise<Result>;
}

/** The request's entry for a benchmark; its absence is the runner's bug, said as such. */
export function required<T>(value: T | undefined, what: string, id: string): T {
  if (value === undefined) throw new Error(`internal: no ${what} for ${id} in the pass`);
  return value;
}
