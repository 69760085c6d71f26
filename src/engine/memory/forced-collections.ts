/**
 * Full collections a benchmark's file asked for, run outside the timing (mitata's `.gc('inner')`:
 * one before every sample, as mitata collects before every sample outside its timing;
 * `.gc('once')`: one before the first). The samplers call `beforeSample()` before a sample begins,
 * outside what the sample's time and its GC count cover; the warm-up runs without them, as
 * mitata's does. Each collection is timed, for the results and for the file's own harness figures.
 * The memory phase and the GC share measured apart run the body as it runs without them: the
 * process stops them after the timing (`stop()`).
 */
import type { ForcedGc } from '../../results/memory-types.js';
import { hrtimeNow } from '../loop/clock.js';
import { fullGc } from './forced-gc.js';

export class ForcedCollections {
  #count = 0;
  #totalNs = 0;
  #minNs = Number.POSITIVE_INFINITY;
  #maxNs = 0;
  #stopped = false;

  private constructor(
    private readonly asked: { mode: ForcedGc['mode']; by: string },
    private readonly gc: () => void,
  ) {}

  /** What the declaration asks for, or null: nothing asked, or no collection can be had here. */
  static of(asked: { mode: ForcedGc['mode']; by: string } | undefined): ForcedCollections | null {
    const gc = asked === undefined ? null : fullGc();
    return gc === null ? null : new ForcedCollections(asked!, gc);
  }

  /** Called before every sample, outside the timing. */
  beforeSample(): void {
    if (this.#stopped || (this.asked.mode === 'once' && this.#count > 0)) return;
    const start = hrtimeNow();
    this.gc();
    const ns = hrtimeNow() - start;
    this.#count++;
    this.#totalNs += ns;
    this.#minNs = Math.min(this.#minNs, ns);
    this.#maxNs = Math.max(this.#maxNs, ns);
  }

  /** After the timing: the memory phase and the GC share apart see the body without them. */
  stop(): void {
    this.#stopped = true;
  }

  /** What ran so far (null: none). */
  reading(): ForcedGc | null {
    if (this.#count === 0) return null;
    return { mode: this.asked.mode, by: this.asked.by, count: this.#count, totalNs: this.#totalNs, minNs: this.#minNs, maxNs: this.#maxNs };
  }
}
