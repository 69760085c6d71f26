/**
 * With several runtimes in one run, the same benchmark runs in each: its processes name it by its
 * plain id, and the runner keys it by `<id> [<runtime>]` (results/runtime-keys.ts). These map one to
 * the other at the boundary, so the engine and the passes stay unaware of runtimes.
 */
import type { ChildEvent } from '../../engine/process/events.js';
import type { PassCollector } from '../passes/post-timing-pass.js';

/** The event with its benchmark ids mapped by `key`. */
export function keyedEvent(event: ChildEvent, key: (id: string) => string): ChildEvent {
  switch (event.type) {
    case 'declared':
      return { ...event, benchmarks: event.benchmarks.map((b) => ({ ...b, id: key(b.id) })) };
    case 'round':
      return { ...event, active: event.active.map(key) };
    case 'start':
    case 'phase':
    case 'current':
    case 'measured':
    case 'pass-result':
    case 'bench-error':
      return { ...event, id: key(event.id) };
    default:
      return event;
  }
}

/** The collector as a pass sees it: plain ids in, keyed ids inside. */
export function keyedCollector(collector: PassCollector, key: (id: string) => string): PassCollector {
  return {
    current: (ids) => ids.flatMap((id) => collector.current([key(id)]).map((result) => ({ ...result, id }))),
    passOutcome: (id, outcome) => collector.passOutcome(key(id), outcome),
  };
}
