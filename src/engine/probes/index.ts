/**
 * Every in-loop probe, in the order the measuring loop runs them after a benchmark's samples. A
 * result's probe fields, the event check and the results record derive from this list.
 */
import type { LoopProbe, ProbeTarget } from './loop-probe.js';
import { returnValueProbe } from './return-value/probe.js';
import { setupOverheadProbe } from './setup-overhead/probe.js';
import { setupStateProbe } from './setup-state/probe.js';

export const LOOP_PROBES = [setupOverheadProbe, setupStateProbe, returnValueProbe] as const;

type FieldsOf<P> = P extends LoopProbe<infer F> ? F : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The figures of every probe, by result field. */
export type ProbeFigures = Intersection<FieldsOf<(typeof LOOP_PROBES)[number]>>;

/** Every result field a probe fills. */
export const PROBE_FIELDS: readonly string[] = LOOP_PROBES.flatMap((probe) => probe.fields);

/** Runs every probe on one benchmark; its figures by field. */
export async function runProbes(target: ProbeTarget): Promise<ProbeFigures> {
  const figures: Record<string, object | null> = {};
  for (const probe of LOOP_PROBES) Object.assign(figures, await probe.run(target));
  return figures as ProbeFigures;
}
