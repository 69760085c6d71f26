/**
 * One line from a benchmark process made into an event, or the reason it is not one, naming the
 * event's type or the line's first characters (never the whole line: it may be megabytes).
 */
import type { ChildEvent } from '../../engine/process/events.js';
import { eventShapeError } from './event-shape.js';

/** Characters of an unreadable line (or an id) quoted in a message: enough to recognise a benchmark id or an event's start, short enough for one line. */
const QUOTED_CHARS = 80;

/** The first characters of a line, printable and quoted. */
export function lineHead(text: string): string {
  const head = text.slice(0, QUOTED_CHARS).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return JSON.stringify(text.length > QUOTED_CHARS ? `${head}…` : head);
}

export function parseEvent(line: string): { event: ChildEvent } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { problem: `not JSON: ${lineHead(line)}` };
  }
  const problem = eventShapeError(value);
  return problem === null ? { event: value as ChildEvent } : { problem: `${problem}: ${lineHead(line)}` };
}
