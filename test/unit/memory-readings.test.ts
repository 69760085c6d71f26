/** The memory phase's readings: impossible ones (negative, or with a GC in the region) are measured again. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AllocationReading } from '../../src/engine/memory/allocation-meter.js';
import { perOpReadings, type ReadRegion } from '../../src/engine/memory/memory-phase.js';

const ITERATIONS = 100;

/** A fake meter: the benchmark's regions read from `benchmark` in order (per op), the harness's always 0 bytes and no GC. */
function fakeRegions(benchmark: { perOp: number; gcCount: number }[]): { read: ReadRegion; reads: () => number } {
  let next = 0;
  const read: ReadRegion = async (which) => {
    if (which === 'harness') return { bytes: 0, oldBytes: 0, externalBytes: 0, gcCount: 0 } satisfies AllocationReading;
    const step = benchmark[Math.min(next++, benchmark.length - 1)]!;
    return { bytes: step.perOp * ITERATIONS, oldBytes: 0, externalBytes: 0, gcCount: step.gcCount };
  };
  return { read, reads: () => next };
}

const clean = { perOp: 232, gcCount: 0 };
/** A GC in the region: the reconstruction over-counts, as the 693.6 B/op reading of `'x'.repeat(100)` did. */
const withGc = { perOp: 693.6, gcCount: 1 };

describe('perOpReadings', () => {
  it('drops a reading whose region had a GC in every GC-free attempt and measures again', async () => {
    // First repeat clean; the second repeat's region has a GC in all four GC-free attempts; then clean.
    const { read } = fakeRegions([clean, withGc, withGc, withGc, withGc, clean, clean]);
    const readings = await perOpReadings(read, ITERATIONS);
    assert.deepEqual(readings.perOp, [232, 232, 232]);
    assert.equal(readings.withGc, false);
  });

  it('does not add back off-heap bytes the sweeper freed during the empty loop’s region', async () => {
    let harnessReads = 0;
    const read: ReadRegion = async (which) => {
      if (which === 'benchmark') return { bytes: 0, oldBytes: 0, externalBytes: 800_000 * ITERATIONS, gcCount: 0 };
      // One harness region sees two earlier 800,000-byte buffers freed.
      return { bytes: 0, oldBytes: 0, externalBytes: harnessReads++ === 1 ? -1_600_000 : 0, gcCount: 0 };
    };
    const readings = await perOpReadings(read, ITERATIONS);
    assert.deepEqual(readings.externalPerOp, [800_000, 800_000, 800_000]);
  });

  it('drops a reading whose harness region had a GC', async () => {
    let harnessReads = 0;
    const read: ReadRegion = async (which) => {
      if (which === 'benchmark') return { bytes: 232 * ITERATIONS, oldBytes: 0, externalBytes: 0, gcCount: 0 };
      // The second repeat's harness region has a GC in every attempt and reads low.
      const gc = harnessReads >= 1 && harnessReads <= 4;
      harnessReads++;
      return { bytes: gc ? -46_000 : 0, oldBytes: 0, externalBytes: 0, gcCount: gc ? 1 : 0 };
    };
    assert.deepEqual((await perOpReadings(read, ITERATIONS)).perOp, [232, 232, 232]);
  });

  it('still drops negative readings', async () => {
    const { read } = fakeRegions([clean, { perOp: -400, gcCount: 0 }, clean, clean]);
    assert.deepEqual((await perOpReadings(read, ITERATIONS)).perOp, [232, 232, 232]);
  });

  it('uses readings with a GC when no region can run without one, stopping after the usual repeats', async () => {
    const { read, reads } = fakeRegions([withGc]);
    const readings = await perOpReadings(read, ITERATIONS);
    assert.deepEqual(readings.perOp, [693.6, 693.6, 693.6]);
    assert.equal(readings.withGc, true);
    // Three repeats of four GC-free attempts each, not the extra attempts on top.
    assert.equal(reads(), 12);
  });
});
