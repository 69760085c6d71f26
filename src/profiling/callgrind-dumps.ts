/**
 * callgrind's dump files, as `--dump-before=<fn>` leaves them: `<out>.1`, `<out>.2`, … one per call
 * of the function, each holding the counts since the dump before (callgrind zeroes its counters at
 * every dump), and `<out>` itself for what ran after the last. Each file names its events
 * (`events: Ir …`) and sums them (`summary: …`, or `totals:` in older files).
 */
import { readFileSync } from 'node:fs';

export interface CallgrindDump {
  /** Event names in file order, e.g. ['Ir'] or ['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', …]. */
  events: string[];
  /** Each event's total over the dump's part of the run. */
  totals: Record<string, number>;
}

/** Reads a dump's event totals from its text. */
export function parseCallgrindDump(text: string): CallgrindDump {
  let events: string[] | null = null;
  let totals: number[] | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('events:')) events = line.slice('events:'.length).trim().split(/\s+/);
    else if (line.startsWith('summary:') || (totals === null && line.startsWith('totals:')))
      totals = line
        .slice(line.indexOf(':') + 1)
        .trim()
        .split(/\s+/)
        .map(Number);
  }
  if (events === null || totals === null) throw new Error('not a callgrind dump: it has no events or summary line');
  return { events, totals: Object.fromEntries(events.map((name, i) => [name, totals![i] ?? 0])) };
}

/** The dump callgrind wrote at the `n`-th call of the dump function (1-based). */
export function readCallgrindDump(outFile: string, n: number): CallgrindDump {
  return parseCallgrindDump(readFileSync(`${outFile}.${n}`, 'utf8'));
}
