import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { matchKnees } from '../../src/probe/experiments/cache-size-experiment.js';
import type { OsCache } from '../../src/probe/os-cache-facts.js';
import { renderAsciiChart } from '../../src/report/ascii-chart.js';
import { formatProbeValue } from '../../src/probe/probe-value-text.js';

const KIB = 1024;
const MIB = 1024 * KIB;

describe('matchKnees', () => {
  // This machine's sysfs: L1d 48 KiB, L2 2 MiB, L3 480 MiB; knees seen at 48 KiB and 1 MiB, chase up to 512 MiB.
  const caches: OsCache[] = [
    { level: 1, type: 'Data', sizeBytes: 48 * KIB, lineBytes: 64 },
    { level: 1, type: 'Instruction', sizeBytes: 64 * KIB, lineBytes: 64 },
    { level: 2, type: 'Unified', sizeBytes: 2 * MIB, lineBytes: 64 },
    { level: 3, type: 'Unified', sizeBytes: 480 * MIB, lineBytes: 64 },
  ];
  const knees = [
    { sizeBytes: 48 * KIB, nsBefore: 1.2, nsAfter: 3, climbEndBytes: 4 * 48 * KIB, lastLevel: false },
    { sizeBytes: 1 * MIB, nsBefore: 5, nsAfter: 180, climbEndBytes: 4 * 1 * MIB, lastLevel: false },
  ];

  it('matches knees within 2× and calls an L3 beyond half the largest working set not resolvable', () => {
    const f = matchKnees(knees, caches, 512 * MIB);
    assert.deepEqual(
      f.map((x) => [x.name, x.value, x.os, x.agrees]),
      [
        ['L1d size', 48 * KIB, 48 * KIB, true],
        ['L2 size', 1 * MIB, 2 * MIB, true],
        ['L3 size', null, 480 * MIB, null],
      ],
    );
    assert.match(f[2]!.note!, /not resolvable: .* largest measured is 512 MiB/);
  });

  it('marks a cache with no knee within 2× as differing when it could have been seen', () => {
    const f = matchKnees(knees, caches, 2048 * MIB);
    assert.equal(f.find((x) => x.name === 'L3 size')!.agrees, false);
  });

  it('does not use one knee for two caches, and lists unmatched knees', () => {
    const f = matchKnees([{ sizeBytes: 8 * MIB, nsBefore: 14, nsAfter: 90, climbEndBytes: 4 * 8 * MIB, lastLevel: false }, ...knees], caches.slice(0, 3), 64 * MIB);
    assert.deepEqual(
      f.map((x) => [x.name, x.value]),
      [
        ['L1d size', 48 * KIB],
        ['L2 size', 1 * MIB],
        ['knee', 8 * MIB],
      ],
    );
    assert.match(f[2]!.note!, /matches no cache the OS lists/);
  });

  it('a knee more than 2× away does not count', () => {
    const f = matchKnees([{ sizeBytes: 256 * KIB, nsBefore: 1, nsAfter: 5, climbEndBytes: 4 * 256 * KIB, lastLevel: false }], caches.slice(0, 1), 64 * MIB);
    assert.deepEqual(
      f.map((x) => [x.name, x.agrees]),
      [
        ['L1d size', false],
        ['knee', null],
      ],
    );
  });
});

describe('renderAsciiChart', () => {
  const points = [1, 2, 4, 8, 16].map((v, i) => ({ xLabel: `${2 ** i}K`, y: v }));
  const options = { height: 4, maxWidth: 60, indent: '  ', logY: true, formatY: (v: number) => `${v.toFixed(1)} ns` };

  it('draws height + 1 rows plus an x-label line, top label the maximum', () => {
    const lines = renderAsciiChart(points, options);
    assert.equal(lines.length, 6);
    assert.match(lines[0]!, /^ +16\.0 ns[┤┼]/);
    assert.match(lines[4]!, /^ +1\.0 ns┼/);
    assert.match(lines[5]!, /1K +2K +4K +8K +16K$/);
    assert.ok(lines.every((l) => l.length <= 60));
  });

  it('on a log scale equal ratios take equal rows', () => {
    const lines = renderAsciiChart(points, options);
    // y doubles per point over 4 doublings in 4 rows: one row per point, so every row has a corner.
    for (const line of lines.slice(0, 5)) assert.match(line, /[╭╯┼]/);
  });

  it('leaves labels out rather than letting them collide', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ xLabel: `${i}-long-label`, y: i + 1 }));
    const axis = renderAsciiChart(many, { ...options, logY: false, maxWidth: 80 }).at(-1)!;
    assert.ok(!/label\S/.test(axis.replace(/-long-label/g, '')), axis);
    assert.match(axis, /0-long-label {2,}/);
  });

  it('draws nothing for fewer than two plottable points', () => {
    assert.deepEqual(renderAsciiChart([{ xLabel: 'a', y: 1 }], options), []);
    assert.deepEqual(
      renderAsciiChart(
        [
          { xLabel: 'a', y: 0 },
          { xLabel: 'b', y: 1 },
        ],
        options,
      ),
      [],
    ); // log of 0
  });
});

describe('formatProbeValue', () => {
  it('prints whole binary sizes without decimals, and each unit its way', () => {
    assert.equal(formatProbeValue(48 * KIB, 'bytes'), '48 KiB');
    assert.equal(formatProbeValue(480 * MIB, 'bytes'), '480 MiB');
    assert.equal(formatProbeValue(64, 'bytes'), '64 B');
    assert.equal(formatProbeValue(1.5 * MIB, 'bytes'), '1536 KiB');
    assert.equal(formatProbeValue(1000, 'bytes'), '1000 B');
    assert.equal(formatProbeValue(12.345, 'GB/s'), '12.3 GB/s');
    assert.equal(formatProbeValue(5.5, 'ratio'), '5.50×');
    assert.equal(formatProbeValue(1, 'lanes'), '1 lane');
    assert.equal(formatProbeValue(null, 'ns'), '—');
    assert.equal(formatProbeValue('random', 'label'), 'random');
  });
});
