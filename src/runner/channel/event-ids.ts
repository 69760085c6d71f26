/**
 * Checks that a benchmark process speaks only of its own benchmarks: it declares each once, each of
 * the requested file (and, when the request names ids, one of those), and every later event names
 * a declared id. A process may declare in several events (a foreign harness's run() measures its
 * benchmarks while the file loads, engine/process/foreign-runs.ts), never an id twice. Returns
 * null for a consistent event, else why not.
 */
import type { ChildEvent, ChildRequest } from '../../engine/process/events.js';
import { lineHead } from './parse-event.js';

export function createIdGuard(request: Pick<ChildRequest, 'displayFile' | 'only'>): (event: ChildEvent) => string | null {
  let declared: Set<string> | null = null;
  const prefix = `${request.displayFile}#`;
  const unknown = (event: ChildEvent, id: string): string | null =>
    declared?.has(id) === true ? null : `a ${event.type} event for ${lineHead(id)}, ${declared === null ? 'before declaring its benchmarks' : 'which it did not declare'}`;
  return (event) => {
    switch (event.type) {
      case 'declared': {
        const ids = event.benchmarks.map((b) => b.id);
        const foreign = ids.find((id) => !id.startsWith(prefix) || (request.only !== null && !request.only.includes(id)));
        if (foreign !== undefined) return `a declared event for ${lineHead(foreign)}, not a benchmark of ${request.displayFile}${request.only === null ? '' : ' it was asked to run'}`;
        if (new Set(ids).size !== ids.length) return 'a declared event naming a benchmark twice';
        const again = ids.find((id) => declared?.has(id) === true);
        if (again !== undefined) return `a second declared event for ${lineHead(again)}`;
        declared = new Set([...(declared ?? []), ...ids]);
        return null;
      }
      case 'start':
      case 'phase':
      case 'current':
      case 'measured':
      case 'pass-result':
      case 'bench-error':
        return unknown(event, event.id);
      case 'round': {
        const stray = event.active.find((id) => declared?.has(id) !== true);
        return stray === undefined ? null : unknown(event, stray);
      }
      default:
        return null;
    }
  };
}
