/**
 * callgrind's dump files, as `--dump-before=<fn>` leaves them: `<out>.1-01`, `<out>.2-01`, … one per
 * call of the function (`-01`: the thread that called it, with `--separate-threads=yes`), each holding the counts since the dump before (callgrind zeroes its counters at
 * every dump), and `<out>` itself for what ran after the last. Each file names its events
 * (`events: Ir …`) and sums them (`summary: …`, or `totals:` in older files).
 */
import { readFileSync } from 'node:fs';

export interface CallgrindDump {
  /** Event names in file order, e.g. ['Ir'] or ['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', …]. */
  events: string[];
  /** Each event's total over the dump's part of the run. */
  totals: Record<string, number>;
  /** The part of `totals` spent in garbage collections (calls of COLLECTION_ENTRY, inclusive). */
  collection: Record<string, number>;
}

/**
 * Where every collection's pause runs: V8's `Heap::CollectGarbage`, entered by allocation that finds
 * the young generation full (a scavenge) or by the old generation's limits (a mark-compact). Its
 * calls' inclusive counts are the collections' instructions; incremental marking steps between them
 * are left with the program, as they run in small steps a fixed amount of allocation apart.
 */
export const COLLECTION_ENTRY = 'v8::internal::Heap::CollectGarbage(';

/** `(12) name` defines a compressed name, `(12)` uses it. */
function compressedName(spec: string, names: Map<string, string>): string {
  const match = /^\((\d+)\)\s?(.*)$/.exec(spec);
  if (match === null) return spec;
  if (match[2] !== '') names.set(match[1]!, match[2]!);
  return names.get(match[1]!) ?? '';
}

/** Reads a dump's event totals from its text. */
export function parseCallgrindDump(text: string): CallgrindDump {
  let events: string[] | null = null;
  let totals: number[] | null = null;
  const collection: number[] = [];
  const names = new Map<string, string>();
  let caller = '';
  let callee = '';
  let costOfCall = false;
  for (const line of text.split('\n')) {
    if (costOfCall) {
      // The line after `calls=` holds the call's inclusive counts: a position, then the events.
      costOfCall = false;
      if (callee.startsWith(COLLECTION_ENTRY) && !caller.startsWith(COLLECTION_ENTRY)) {
        line
          .trim()
          .split(/\s+/)
          .slice(1)
          .forEach((value, i) => {
            collection[i] = (collection[i] ?? 0) + Number(value);
          });
      }
    } else if (line.startsWith('fn=')) caller = compressedName(line.slice(3), names);
    else if (line.startsWith('cfn=')) callee = compressedName(line.slice(4), names);
    else if (line.startsWith('calls=')) costOfCall = true;
    else if (line.startsWith('events:')) events = line.slice('events:'.length).trim().split(/\s+/);
    else if (line.startsWith('summary:') || (totals === null && line.startsWith('totals:')))
      totals = line
        .slice(line.indexOf(':') + 1)
        .trim()
        .split(/\s+/)
        .map(Number);
  }
  if (events === null || totals === null) throw new Error('not a callgrind dump: it has no events or summary line');
  return { events, totals: Object.fromEntries(events.map((name, i) => [name, totals![i] ?? 0])), collection: Object.fromEntries(events.map((name, i) => [name, collection[i] ?? 0])) };
}

/** callgrind's number of the process's first thread in a dump's name. */
const MAIN_THREAD = '01';

/**
 * The main thread's dump callgrind wrote at the `n`-th call of the dump function (1-based). With
 * `--separate-threads=yes` each thread has its own counts and the dump at a marker is the calling
 * thread's, `<out>.<n>-01` for the main thread (the one that runs the measured loop); other threads'
 * work (a worker's, Node's own) is not in it.
 */
export function readCallgrindDump(outFile: string, n: number): CallgrindDump {
  return parseCallgrindDump(readFileSync(`${outFile}.${n}-${MAIN_THREAD}`, 'utf8'));
}
