/**
 * The GC share measured apart from the samples: after timing, the benchmark runs alone from a
 * forced full GC (the start of a major-GC cycle) until the end of its GC_APART_MAJORS-th major GC,
 * and the share is the pause time of every GC in that window over its length. A window of whole
 * cycles does not depend on where major GCs happened to fall; the timed samples do (a pretenured
 * ring body's sampling phase held 2–4 GCs and read 6.9–22.8% over six runs, docs/memory.md).
 *
 * A body without major GCs stops after GC_APART_MINORS young GCs, or after GC_APART_DECIDING_MINORS
 * where its share is already far under the `gc-heavy` line; the window then ends at the last
 * batch, and with only young GCs in it, where it ends matters little. The time is capped, so a
 * short budget may end the window after fewer cycles (`majorGcCount` says how many).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as tick } from 'node:timers/promises';
import type { GcApart } from '../../results/types.js';
import { fullGc } from './forced-gc.js';
import { gcEntriesDelivered, observeGc } from './gc-observer.js';
import { GC_SHARE_LIMIT } from '../../results/memory-types.js';

/**
 * Major-GC cycles in the window: single cycles of the ring body ranged 5–24% (host noise on the
 * concurrent marker), so their mean over three keeps runs within the 10-point band the project
 * holds GC shares to.
 */
export const GC_APART_MAJORS = 3;
/** Young GCs that end a window without major GCs: each is a similar pause, so 20 give the share to about a tenth of itself. */
export const GC_APART_MINORS = 20;
/**
 * …or this many, where the share with one more of the window's longest pauses counted stays under
 * GC_APART_DECIDED_SHARE: five give it to about a fifth of itself, and `gc-heavy` (GC_SHARE_LIMIT)
 * cannot come of a share that far under its line. The window is there for that finding.
 */
export const GC_APART_DECIDING_MINORS = 5;
/** Half the `gc-heavy` line: a share run to run moves by less than that with the heap's state (8–11% for one body). */
export const GC_APART_DECIDED_SHARE = GC_SHARE_LIMIT / 2;
/** The window may take up to this share of the time budget (it is the benchmark's code running, as sampling is). */
export const GC_APART_BUDGET_SHARE = 1;
/**
 * Where major GCs are due (the body allocates in the old generation, or one was seen), the window
 * may run this long whatever the budget: the ring body's cycles were 190–480 ms apart, and the
 * first after a forced GC longer (a 300 ms window once held none and read 0%).
 */
export const GC_APART_MAJOR_CAP_NS = 2e9;

/**
 * A window apart is worth its time only where GC could reach the gc-heavy limit: a body that fills
 * less than this much young generation in a whole budget sees at most a young GC or two there, whose
 * pauses cannot come near a tenth of it (a number[] sum boxing 16 B every 6 µs: 2.7 MB a second, 1 s
 * windows read 0% for three benchmarks a file).
 */
export const GC_APART_MIN_BUDGET_BYTES = 16 * 1024 * 1024;
/** …unless the samples' own GC pauses already read this share of their time (then whole cycles decide). */
export const GC_APART_SAMPLING_SHARE = 0.025;

/** Whether to measure the GC share apart: born-old allocation (major GCs due), GC already seen in the samples, or enough allocation for it to matter. */
export function gcApartWorthwhile(bytesPerOp: number, nsPerOp: number, timeBudgetNs: number, bornOld: boolean, samplingGcShare: number | null): boolean {
  if (bornOld || (samplingGcShare ?? 0) >= GC_APART_SAMPLING_SHARE) return true;
  return nsPerOp > 0 && (bytesPerOp / nsPerOp) * timeBudgetNs >= GC_APART_MIN_BUDGET_BYTES;
}

export interface GcEvent {
  startMs: number;
  durationMs: number;
  major: boolean;
}

/**
 * The share over a window that starts at `startMs`: up to the end of the GC_APART_MAJORS-th major GC
 * starting in it (or the last one seen), else up to `endMs`.
 */
export function shareOverCycles(gcs: readonly GcEvent[], startMs: number, endMs: number): GcApart {
  const inside = gcs.filter((g) => g.startMs >= startMs && g.startMs <= endMs).sort((a, b) => a.startMs - b.startMs);
  const majors = inside.filter((g) => g.major).slice(0, GC_APART_MAJORS);
  const last = majors.at(-1);
  const windowEnd = last === undefined ? endMs : last.startMs + last.durationMs;
  const counted = inside.filter((g) => g.startMs <= (last === undefined ? endMs : last.startMs));
  const pauseMs = counted.reduce((sum, g) => sum + g.durationMs, 0);
  const windowMs = Math.max(windowEnd - startMs, Number.MIN_VALUE);
  return { share: pauseMs / windowMs, windowNs: windowMs * 1e6, gcCount: counted.length, pauseNs: pauseMs * 1e6, majorGcCount: majors.length };
}

/**
 * Whether the window apart ends, with `inWindow` its GCs so far after `elapsedMs`: at its
 * GC_APART_MAJORS-th major GC; without majors due, at GC_APART_MINORS young GCs, or at
 * GC_APART_DECIDING_MINORS where the share is decided under the `gc-heavy` line; else at its cap.
 */
export function windowEnds(inWindow: readonly GcEvent[], elapsedMs: number, bornOld: boolean, budgetMs: number, majorCapMs: number): boolean {
  const majors = inWindow.filter((g) => g.major).length;
  if (majors >= GC_APART_MAJORS) return true;
  const majorsDue = bornOld || majors > 0;
  if (!majorsDue && inWindow.length >= GC_APART_MINORS) return true;
  if (!majorsDue && inWindow.length >= GC_APART_DECIDING_MINORS && elapsedMs > 0) {
    const pauses = inWindow.reduce((sum, g) => sum + g.durationMs, 0);
    const longest = Math.max(...inWindow.map((g) => g.durationMs));
    if ((pauses + longest) / elapsedMs < GC_APART_DECIDED_SHARE) return true;
  }
  return elapsedMs >= (majorsDue ? majorCapMs : budgetMs);
}

/**
 * The window's share, or null where GCs cannot be forced or observed. `bornOld`: the body's
 * allocation grew the old generation in the memory phase, so major GCs are due even without young ones.
 */
export async function gcShareApart(runBatch: (iterations: number) => unknown, iterations: number, timeBudgetNs: number, bornOld: boolean): Promise<GcApart | null> {
  const full = fullGc();
  if (full === null || !gcEntriesDelivered) return null;
  const gcs: GcEvent[] = [];
  const watch = observeGc((startMs, durationMs, major) => gcs.push({ startMs, durationMs, major }));
  full();
  const startMs = performance.now();
  const budgetMs = (timeBudgetNs * GC_APART_BUDGET_SHARE) / 1e6;
  const majorCapMs = Math.max(budgetMs, GC_APART_MAJOR_CAP_NS / 1e6);
  for (;;) {
    await runBatch(iterations);
    // 'gc' entries arrive a timer tick late.
    await tick(0);
    if (
      windowEnds(
        gcs.filter((g) => g.startMs >= startMs),
        performance.now() - startMs,
        bornOld,
        budgetMs,
        majorCapMs,
      )
    )
      break;
  }
  const endMs = performance.now();
  await watch.stop();
  return shareOverCycles(gcs, startMs, endMs);
}
