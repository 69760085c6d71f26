import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyse } from '../../src/analysis/analyse.js';
import { cacheFactsFromOs, cacheFactsFromProbe } from '../../src/analysis/cache-facts.js';
import { complexityReport, crossedLevels, withComplexity } from '../../src/analysis/complexity.js';
import type { ProbeDocument } from '../../src/probe/probe-types.js';
import { cliffLines, complexityLine } from '../../src/report/complexity-text.js';
import { renderTerminalReport } from '../../src/report/terminal-report.js';
import type { CacheFacts } from '../../src/results/complexity-types.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { resultsFile } from '../fixtures/report/results-fixture.js';
import { SIZES, swept, sweep } from '../fixtures/report/complexity-fixture.js';

describe('complexity of swept benchmarks', () => {
  it('fits each sweep of a group: sort O(n log n), scan O(n), lookup O(1)', () => {
    const benchmarks = [...sweep('sort', (n) => 12 * n * Math.log2(n)), ...sweep('scan', (n) => 0.6 * n + 20), ...sweep('lookup', () => 9)];
    const report = complexityReport(benchmarks, null)!;
    assert.deepEqual(
      report.groups.map((g) => [g.baseName, g.param, g.best.model, g.status]),
      [
        ['sort', 'n', 'O(n log n)', 'clear'],
        ['scan', 'n', 'O(n)', 'clear'],
        ['lookup', 'n', 'O(1)', 'clear'],
      ],
    );
    assert.equal(report.caches, null);
    assert.deepEqual(
      report.groups[0]!.points.map((p) => p.n),
      SIZES,
    );
  });

  it('keeps sweeps with other fixed values apart, and needs four sizes', () => {
    const benchmarks = [...sweep('sort', (n) => n, { kind: 'a' }), ...sweep('sort', (n) => 2 * n, { kind: 'b' }), ...SIZES.slice(0, 3).map((n) => swept('short', { n }, n))];
    const report = complexityReport(benchmarks, null)!;
    assert.deepEqual(
      report.groups.map((g) => [g.baseName, g.fixed]),
      [
        ['sort', { kind: 'a' }],
        ['sort', { kind: 'b' }],
      ],
    );
  });

  it('leaves failed benchmarks and non-numeric parameters out; without a sweep there is no field', () => {
    const benchmarks = SIZES.map((n) => swept('s', { label: `x${n}` }, n));
    assert.equal(complexityReport(benchmarks, null), null);
    const file = { ...resultsFile(benchmarks), complexity: { caches: null, groups: [] } };
    assert.equal('complexity' in withComplexity(file), false);
  });

  it("leaves the fits out of a run's intermediate analysis, and fits the sweeps in the final one", () => {
    // Samples around each fixture's estimate (±0.4%), for the analysis to derive the estimate from.
    const sampled = (b: BenchmarkResult): BenchmarkResult => ({
      ...b,
      samples: Array.from({ length: 30 }, (_, i) => ({ iterations: 1000, elapsedNs: b.estimate!.nsPerOp * 1000 * (1 + 0.001 * (((i * 7) % 9) - 4)) })),
    });
    const file = resultsFile([...sweep('sort', (n) => 12 * n * Math.log2(n)), ...sweep('scan', (n) => 0.6 * n + 20)].map(sampled));
    const partial = analyse(file, { analysedBy: 'test', partial: true });
    assert.equal('complexity' in partial, false);
    assert.ok(partial.benchmarks.every((b) => b.relative === null));
    const final = analyse(file, { analysedBy: 'test' });
    assert.deepEqual(
      final.complexity?.groups.map((g) => g.best.model),
      ['O(n log n)', 'O(n)'],
    );
    assert.deepEqual(
      partial.benchmarks.map((b) => b.estimate),
      final.benchmarks.map((b) => b.estimate),
    );
  });

  it('names the cache level a cliff crossed, from the probe', () => {
    // 8 bytes per element: 4 KiB … 64 MiB; the cost per element triples past 2 MiB.
    const sizes = [512, 2048, 8192, 32768, 131072, 524288, 2097152, 8388608];
    const caches: CacheFacts = {
      source: 'probe',
      origin: 'probe.json',
      levels: [
        { name: 'L1', sizeBytes: 32768, ranked: true, climbEndBytes: null },
        { name: 'L2', sizeBytes: 1048576, ranked: true, climbEndBytes: null },
      ],
    };
    const benchmarks = sizes.map((n) => swept('array sum', { n }, n * (n * 8 > 1048576 ? 0.9 : 0.3), { bytesPerItem: 8 }));
    const report = complexityReport(benchmarks, caches)!;
    const group = report.groups[0]!;
    assert.equal(group.cliffs.length, 1);
    const cliff = group.cliffs[0]!;
    assert.deepEqual([cliff.fromBytes, cliff.toBytes], [1048576, 4194304]);
    // A working set of exactly the cache's size counts on either side of it.
    assert.deepEqual(
      cliff.crossed.map((l) => l.name),
      ['L2'],
    );
    const shifted = complexityReport(
      sizes.map((n) => swept('array sum', { n }, n * (n * 8 >= 1048576 ? 0.9 : 0.3), { bytesPerItem: 8 })),
      caches,
    )!;
    const crossing = shifted.groups[0]!.cliffs[0]!;
    assert.deepEqual([crossing.fromBytes, crossing.toBytes], [262144, 1048576]);
    assert.deepEqual(
      crossing.crossed.map((l) => l.name),
      ['L2'],
    );
    assert.equal(shifted.caches, caches);
    const text = renderTerminalReport({ ...resultsFile(shifted.groups[0]!.points.map((p) => ({ ...benchmarks[0]!, id: p.id }))), complexity: shifted }, { color: false });
    assert.match(
      text,
      /array sum over n: cost ×3(\.0)? beyond the fitted O\(n\) between 256 KiB and 1\.00 MiB: the working set left L2 \(1\.00 MiB on this machine, the probe's knee 2\), per the probe probe\.json/,
    );
    // A cliff between two known levels names the nearest; one past the largest level known says so.
    const between = complexityReport(
      sizes.map((n) => swept('array sum', { n }, n * (n * 8 > 65536 ? 0.9 : 0.3), { bytesPerItem: 8 })),
      caches,
    )!;
    assert.match(
      cliffLines(between.groups[0]!, caches)[0]!,
      /between 64\.0 KiB and 256 KiB: no cache level the probe probe\.json knows lies between them \(L1 \(32\.0 KiB on this machine, the probe's knee 1\) below, L2 \(1\.00 MiB on this machine, the probe's knee 2\) above\)/,
    );
    const beyond = complexityReport(
      sizes.map((n) => swept('array sum', { n }, n * (n * 8 > 4194304 ? 0.9 : 0.3), { bytesPerItem: 8 })),
      caches,
    )!;
    assert.match(
      cliffLines(beyond.groups[0]!, caches)[0]!,
      /between 4\.00 MiB and 16\.0 MiB: the working set is past every cache level the probe probe\.json knows \(the largest, L2 \(1\.00 MiB on this machine, the probe's knee 2\)\): a level it did not resolve, or main memory$/,
    );
  });

  it("names a probe level whose climb the cliff's step overlaps, and not one already left where the step starts", () => {
    // As measured on a 2-core VM: the page-local chase climbs from 2 MiB to 16 MiB out of its last
    // level, and an in-order sum's cost per element rises between 4 MiB and 16 MiB.
    const caches: CacheFacts = {
      source: 'probe',
      origin: 'probe.json',
      levels: [
        { name: 'L1', sizeBytes: 32768, ranked: true, climbEndBytes: 65536 },
        { name: 'L2', sizeBytes: 524288, ranked: true, climbEndBytes: 1048576 },
        { name: 'L3', sizeBytes: 2097152, ranked: true, climbEndBytes: 16777216 },
      ],
    };
    assert.deepEqual(
      crossedLevels(caches.levels, 4194304, 16777216).map((l) => l.name),
      ['L3'],
    );
    // L2 is left by 1 MiB: a step from 1 MiB on did not leave it.
    assert.deepEqual(
      crossedLevels(caches.levels, 1048576, 2097152).map((l) => l.name),
      ['L3'],
    );
    assert.deepEqual(
      crossedLevels(caches.levels, 16777216, 67108864).map((l) => l.name),
      [],
    );
    const sizes = [512, 2048, 8192, 32768, 131072, 524288, 2097152, 8388608];
    const benchmarks = sizes.map((n) => swept('array sum', { n }, n * (n * 8 > 4194304 ? 0.8 : 0.64), { bytesPerItem: 8 }));
    const report = complexityReport(benchmarks, caches)!;
    const cliff = report.groups[0]!.cliffs[0]!;
    assert.deepEqual([cliff.fromBytes, cliff.toBytes], [4194304, 16777216]);
    const line = cliffLines(report.groups[0]!, caches)[0]!;
    assert.match(line, /between 4\.00 MiB and 16\.0 MiB: the working set left L3 \(2\.00 MiB on this machine, the probe's knee 3, left by 16\.0 MiB\), per the probe probe\.json$/);
  });

  it('prints the fit under the group table', () => {
    const benchmarks = sweep('sort', (n) => 12 * n * Math.log2(n));
    const file = withComplexity(resultsFile(benchmarks));
    const text = renderTerminalReport(file, { color: false });
    const lines = text.split('\n');
    const fitLine = lines.findIndex((l) => l.includes('∿ sort over n: O(n log n), 12.00 ns·n log n, rms'));
    assert.ok(fitLine > lines.findIndex((l) => l.includes('sort(n=65536)')), text);
    assert.match(lines[fitLine]!, /\(O\(n²\) rms \d+(\.\d+)?%: clear\)|\(O\(n\) rms \d+(\.\d+)?%: clear\)/);
    // Computed again from the benchmarks, with the cache facts the file holds.
    const caches: CacheFacts = { source: 'os', origin: '/sys', levels: [{ name: 'L2', sizeBytes: 1 << 20, ranked: false, climbEndBytes: null }] };
    const held = withComplexity({ ...file, benchmarks: file.benchmarks.map((b) => ({ ...b, bytesPerItem: 8 })), complexity: { caches, groups: [] } });
    assert.equal(held.complexity?.groups[0]?.best.model, 'O(n log n)');
    assert.deepEqual(held.complexity?.caches, caches);
  });

  it("reports a sort that leaves a cache as its law plus a cliff named by the levels, in the fit's line and the results file", () => {
    // Issue 28's heapsort over 64…65,536 (×4), 8 bytes per element: per n·log n 2.3 ns up to 1,024, then 3.3, 5.0, 5.1.
    const perTerm = [2.3, 2.3, 2.3, 3.3, 5.0, 5.1];
    const sizes = [64, 256, 1024, 4096, 16384, 65536];
    const benchmarks = sizes.map((n, i) => swept('sort', { n }, perTerm[i]! * n * Math.log2(n), { bytesPerItem: 8 }));
    const caches: CacheFacts = {
      source: 'os',
      origin: '/sys',
      levels: [
        { name: 'L1d', sizeBytes: 32768, ranked: false, climbEndBytes: null },
        { name: 'L2', sizeBytes: 1 << 20, ranked: false, climbEndBytes: null },
      ],
    };
    const group = complexityReport(benchmarks, caches)!.groups[0]!;
    assert.equal(group.status, 'clear');
    assert.equal(group.best.model, 'O(n log n)');
    assert.deepEqual(
      group.cliffs.map((c) => [c.fromN, c.toN, c.crossed.map((l) => l.name)]),
      [
        [1024, 4096, ['L1d']],
        // 4,096 elements fill the 32 KiB L1d exactly: a working set of a cache's size counts on either side of it.
        [4096, 16384, ['L1d']],
      ],
    );
    assert.match(complexityLine(group, caches), /^sort over n: O\(n log n\), .*: clear\); cliffs ×1\.4 at 1,024→4,096 \(L1d→L2\), ×1\.5 at 4,096→16,384 \(L1d→L2\)$/);
    assert.match(cliffLines(group, caches)[0]!, /^sort over n: cost ×1\.4 beyond the fitted O\(n log n\) between 8\.00 KiB and 32\.0 KiB: the working set left L1d/);
    // A file written before steps were fitted (no steps, penalizedRms or jump) still reads: the cliff is its ratio over the law's.
    const { steps: _steps, penalizedRms: _penalized, ...oldBest } = group.best;
    const old = { ...group, best: oldBest, cliffs: group.cliffs.map(({ jump: _jump, ...c }) => c) };
    assert.match(complexityLine(old, caches), /; cliffs ×\d(\.\d)? at 1,024→4,096 \(L1d→L2\)/);
    assert.match(cliffLines(old, caches)[0]!, /^sort over n: cost per element ×/);
  });

  it('says when the data cannot tell two models apart, and when they are too noisy', () => {
    // CIs of ±4%: over this range n log n bends by less than that.
    const narrow = [1000, 1050, 1100, 1150, 1200, 1250].map((n) => {
      const b = swept('s', { n }, n * Math.log2(n));
      return { ...b, estimate: { ...b.estimate!, ciLower: b.estimate!.nsPerOp * 0.96, ciUpper: b.estimate!.nsPerOp * 1.04 } };
    });
    const group = complexityReport(narrow, null)!.groups[0]!;
    assert.equal(group.status, 'cannot-tell');
    assert.match(complexityLine(group), /^s over n: O\(n\), .* \(cannot tell from O\(n log n\).*: within \d/);
    const noisy = SIZES.map((n) => {
      const b = swept('s', { n }, n);
      return { ...b, estimate: { ...b.estimate!, ciLower: n * 0.5, ciUpper: n * 1.5 } };
    });
    assert.match(complexityLine(complexityReport(noisy, null)!.groups[0]!), /^s over n: too noisy to fit a growth law \(the points' 95% CIs are ±50%, as the fit weighs them\)$/);
  });
});

describe('cache facts', () => {
  it('takes the probe knees, named by the OS where it named them, else by rank', () => {
    const doc = {
      experiments: [
        {
          id: 'cache-size',
          findings: [
            { name: 'knee', value: 262144, unit: 'bytes' },
            { name: 'L1d size', value: 32768, unit: 'bytes' },
            { name: 'L3 size', value: null, unit: 'bytes' },
          ],
        },
      ],
    } as unknown as ProbeDocument;
    assert.deepEqual(cacheFactsFromProbe(doc, 'p.json'), {
      source: 'probe',
      origin: 'p.json',
      levels: [
        { name: 'L1d', sizeBytes: 32768, ranked: false, climbEndBytes: null },
        { name: 'L2', sizeBytes: 262144, ranked: true, climbEndBytes: null },
      ],
    });
    assert.equal(cacheFactsFromProbe({ experiments: [] } as unknown as ProbeDocument, 'p.json'), null);
  });

  it("names the probe's last climb before main memory the last-level cache, whatever its rank, and says so in a cliff", () => {
    // A 2-core VM: L1's knee, then one climb from 512 KiB to 8 MiB (L2 and a small shared L3 merged), then memory.
    const doc = {
      experiments: [
        {
          id: 'cache-size',
          findings: [
            { name: 'knee', value: 32768, unit: 'bytes', upTo: 65536 },
            { name: 'last-level knee', value: 524288, unit: 'bytes', upTo: 8388608 },
          ],
        },
      ],
    } as unknown as ProbeDocument;
    const caches = cacheFactsFromProbe(doc, 'probe.json')!;
    assert.deepEqual(caches.levels, [
      { name: 'L1', sizeBytes: 32768, ranked: true, climbEndBytes: 65536 },
      { name: 'LLC', sizeBytes: 524288, ranked: false, climbEndBytes: 8388608 },
    ]);
    const sizes = [512, 2048, 8192, 32768, 131072, 524288, 2097152, 8388608];
    const report = complexityReport(
      sizes.map((n) => swept('array sum', { n }, n * (n * 8 > 4194304 ? 0.8 : 0.64), { bytesPerItem: 8 })),
      caches,
    )!;
    const inside = complexityReport(
      sizes.map((n) => swept('array sum', { n }, n * (n * 8 > 1048576 ? 0.8 : 0.64), { bytesPerItem: 8 })),
      caches,
    )!;
    const past = complexityReport(
      [...sizes, 33554432].map((n) => swept('array sum', { n }, n * (n * 8 > 67108864 ? 0.8 : 0.64), { bytesPerItem: 8 })),
      caches,
    )!;
    assert.match(cliffLines(past.groups[0]!, caches)[0]!, /between 64\.0 MiB and 256 MiB: both working sets are past the last-level cache \(.*\), per the probe probe\.json: in main memory there/);
    // 1 MiB to 4 MiB lies inside the climb to 8 MiB: on the way out, not out yet.
    assert.match(cliffLines(inside.groups[0]!, caches)[0]!, /between 1\.00 MiB and 4\.00 MiB: the working set is leaving the last-level cache/);
    assert.match(
      cliffLines(report.groups[0]!, caches)[0]!,
      /between 4\.00 MiB and 16\.0 MiB: the working set left the last-level cache \(the probe's climb to main memory, 512 KiB to 8\.00 MiB on this machine\), per the probe probe\.json$/,
    );
  });

  it('takes the OS data and unified caches', () => {
    const os = {
      caches: [
        { level: 1, type: 'Instruction', sizeBytes: 32768, lineBytes: 64 },
        { level: 1, type: 'Data', sizeBytes: 49152, lineBytes: 64 },
        { level: 2, type: 'Unified', sizeBytes: 1048576, lineBytes: 64 },
      ],
      lineBytes: 64,
      pageBytes: 4096,
    };
    assert.deepEqual(
      cacheFactsFromOs(os, '/sys')?.levels.map((l) => l.name),
      ['L1d', 'L2'],
    );
    assert.equal(cacheFactsFromOs({ caches: [], lineBytes: null, pageBytes: null }, '/sys'), null);
  });
});
