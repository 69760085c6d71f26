// Trap: one file of benchmarks that keep state across calls. Three of them append to module-level
// lists that are never cleared and scan them, so each grows slower with its own call count; the
// fourth, a rate-limit check, keeps every request time of the run in a buffer it scans, so its work
// grows with wall time. Sampled in the same rounds, the neighbours' growth must not be taken for the
// host's. Run with `--warmup 300ms --time 2s --precision 0.01%`. Expected for the rate-limit check: `drift`.
import { bench } from 'ubench';

const history: number[] = [];
const tags: string[] = [];
const events: { id: number }[] = [];
let n = 0;

bench('undo history summed on every edit', () => {
  history.push(n++ & 1023);
  let total = 0;
  for (let i = 0; i < history.length; i += 16) total += history[i]!;
  return total;
});

bench('tag list checked for duplicates before insert', () => {
  const tag = `t${n++}`;
  if (!tags.includes(tag)) tags.push(tag);
  return tags.length;
});

bench('event log searched for the latest id', () => {
  events.push({ id: n++ });
  let latest = 0;
  for (let i = 0; i < events.length; i += 16) latest = Math.max(latest, events[i]!.id);
  return latest;
});

/** Per-client limits: a fixed table every call checks. */
const limits = Int32Array.from({ length: 256 }, (_, i) => 50 + ((i * 37) % 200));
/** One request time recorded every 2 ms of wall time, whatever the call rate, in a preallocated buffer. */
const requestTimes = new Float64Array(1 << 16);
let recorded = 0;
let calls = 0;
let startedAt = -1;
let now = 0;

bench('rate-limit check over every request time of the run', () => {
  if ((calls++ & 63) === 0) {
    now = performance.now();
    if (startedAt < 0) startedAt = now;
    while (recorded < requestTimes.length && startedAt + 2 * recorded < now) requestTimes[recorded++] = now;
  }
  let budget = 0;
  for (let i = 0; i < limits.length; i++) budget += limits[i]!;
  let recent = 0;
  for (let i = 0; i < recorded; i += 8) if (now - requestTimes[i]! < 1_000) recent++;
  return budget - recent;
});
