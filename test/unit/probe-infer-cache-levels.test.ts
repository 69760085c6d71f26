import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { inferCacheLevels, type LatencyPoint } from '../../src/probe/infer-cache-levels.js';

const KIB = 1024;
const MIB = 1024 * KIB;

/** Latency of a random chase for a machine with the given levels: miss rate rises as the set outgrows each level. */
function latency(bytes: number, levels: { size: number; ns: number }[], memoryNs: number): number {
  let ns = levels[0]!.ns;
  const tiers = [...levels.slice(1).map((l) => l.ns), memoryNs];
  for (let i = 0; i < levels.length; i++) {
    const missRate = Math.max(0, 1 - levels[i]!.size / bytes);
    ns += missRate * (tiers[i]! - (i === 0 ? levels[0]!.ns : levels[i]!.ns));
  }
  return ns;
}

function sizes(step: number): number[] {
  const out: number[] = [];
  for (let b = 16 * KIB; b <= 512 * MIB; b *= step) out.push(Math.round(b));
  return out;
}

const LEVELS = [
  { size: 48 * KIB, ns: 1.2 },
  { size: 1 * MIB, ns: 4.5 },
  { size: 32 * MIB, ns: 35 },
];

function withinFactor2(found: number, expected: number): boolean {
  return found >= expected / 2 && found <= expected * 2;
}

describe('inferCacheLevels', () => {
  for (const step of [2, Math.SQRT2]) {
    it(`finds steps at 48 KiB, 1 MiB, 32 MiB within 2× (sizes ×${step.toFixed(2)}, ±4% noise)`, () => {
      const noise = [1.04, 0.96, 1.0, 1.03, 0.97, 1.02, 0.98];
      const pts: LatencyPoint[] = sizes(step).map((b, i) => ({ bytes: b, nsPerLoad: latency(b, LEVELS, 110) * noise[i % noise.length]! }));
      const knees = inferCacheLevels(pts.reverse());
      assert.equal(knees.length, 3, JSON.stringify(knees));
      LEVELS.forEach((l, i) => assert.ok(withinFactor2(knees[i]!.sizeBytes, l.size), `level ${i + 1}: ${knees[i]!.sizeBytes} vs ${l.size}`));
      assert.ok(knees.every((k) => k.nsAfter > k.nsBefore));
    });
  }
  it('marks the last climb as the way to main memory only when two flat doublings follow it', () => {
    // 2 ns to 32 KiB, 4.5 ns to 512 KiB, a climb to 50 ns at 8 MiB, then flat (as on a 2-core VM).
    const curve = (largest: number) =>
      sizes(2)
        .filter((b) => b <= largest)
        .map((b) => ({ bytes: b, nsPerLoad: b <= 32 * KIB ? 2 : b <= 512 * KIB ? 4.5 : b >= 8 * MIB ? 50 : 4.5 * (b / (512 * KIB)) ** 0.87 }));
    const flatAfter = inferCacheLevels(curve(64 * MIB));
    assert.deepEqual(
      flatAfter.map((k) => [k.sizeBytes, k.climbEndBytes, k.lastLevel]),
      [
        [32 * KIB, 64 * KIB, false],
        [512 * KIB, 8 * MIB, true],
      ],
    );
    assert.equal(inferCacheLevels(curve(16 * MIB)).at(-1)!.lastLevel, false); // one flat doubling: maybe a level's plateau
    const climbsAgain = curve(64 * MIB).map((p) => (p.bytes === 64 * MIB ? { ...p, nsPerLoad: 70 } : p));
    assert.equal(inferCacheLevels(climbsAgain).at(-1)!.lastLevel, false); // still climbing at the end
  });

  it('finds no level on a flat curve', () => {
    assert.deepEqual(inferCacheLevels(sizes(2).map((b) => ({ bytes: b, nsPerLoad: 3 }))), []);
  });
  it('ignores a single small bump', () => {
    const pts = sizes(2).map((b) => ({ bytes: b, nsPerLoad: b === 1 * MIB ? 3.9 : 3 }));
    assert.deepEqual(inferCacheLevels(pts), []);
  });
});
