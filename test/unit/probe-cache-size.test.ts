/**
 * The cache-size experiment: the page-local chase's knees are the cache levels (the plain chase's
 * TLB misses must not move them), documents with the plain chase alone still give knees, and the
 * page-local cycle visits every line once, a page's lines before the next page's.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { pageLocalCycle } from '../../probe/probe-env.js';
import { cacheSizeExperiment } from '../../src/probe/experiments/cache-size-experiment.js';
import type { OsCacheFacts } from '../../src/probe/os-cache-facts.js';
import { probeResults } from '../helpers/probe-machine.js';

const KIB = 1024;
const NO_OS: OsCacheFacts = { caches: [], lineBytes: null, pageBytes: 4 * KIB };
const sizeBenchmarks = () => probeResults().benchmarks.filter((b) => b.file === 'probe/cache-size.bench.ts');

describe('cache-size experiment', () => {
  it("takes the knees from the page-local chase, not the plain chase's TLB-inflated climb", () => {
    // The model's plain chase is 3× slower from 8 MiB on (page walks): a knee at 4 MiB if it were used.
    const analysis = cacheSizeExperiment.analyze(sizeBenchmarks(), NO_OS);
    assert.deepEqual(
      analysis.series.map((s) => [s.name, s.points.length]),
      [
        ['pointer chase, page-local', 13],
        ['pointer chase', 13],
      ],
    );
    assert.deepEqual(
      analysis.findings.map((f) => f.value),
      [32 * KIB, 1024 * KIB, 32 * 1024 * KIB],
    );
    assert.ok(analysis.notes.some((n) => n.startsWith("knees up to 256 KiB are the plain chase's")));
  });

  it("takes a first knee the page-local chase's small sizes hide from the plain chase", () => {
    // As measured on a 2-core VM: the page-local chase reads 3.9 ns at 16 KiB and 2.6 ns at 32 KiB.
    const benchmarks = sizeBenchmarks().map((b) => {
      const kib = b.params['kib'] as number;
      if (b.baseName !== 'pointer chase, page-local' || kib > 64) return b;
      const ns = kib === 16 ? 3.9 : kib === 32 ? 3.3 : 4;
      return { ...b, estimate: { ...b.estimate!, nsPerOp: ns, ciLower: ns * 0.99, ciUpper: ns * 1.01 } };
    });
    const findings = cacheSizeExperiment.analyze(benchmarks, NO_OS).findings;
    assert.deepEqual(
      findings.map((f) => [f.value, f.upTo]),
      [
        [32 * KIB, 64 * KIB],
        [1024 * KIB, 2048 * KIB],
        [32 * 1024 * KIB, 64 * 1024 * KIB],
      ],
    );
  });

  it('falls back to the plain chase for documents measured without the page-local one', () => {
    const plainOnly = sizeBenchmarks().filter((b) => b.baseName === 'pointer chase');
    const analysis = cacheSizeExperiment.analyze(plainOnly, NO_OS);
    assert.deepEqual(
      analysis.series.map((s) => s.name),
      ['pointer chase'],
    );
    assert.deepEqual(
      analysis.findings.map((f) => f.value),
      [32 * KIB, 1024 * KIB, 4 * 1024 * KIB, 32 * 1024 * KIB],
    );
    assert.ok(analysis.notes.some((n) => n.includes('TLB misses add to the latency')));
  });
});

describe('pageLocalCycle', () => {
  it("is one cycle through every line, each page's lines before the next page", () => {
    const bytes = 64 * KIB;
    const buffer = new Uint32Array(bytes / 4);
    const first = pageLocalCycle(bytes, buffer, 5);
    const visited: number[] = [];
    let p = first;
    do {
      visited.push(p);
      p = buffer[p]!;
    } while (p !== first && visited.length <= bytes / 64);
    assert.equal(visited.length, bytes / 64); // back at the start after exactly one load per line
    assert.deepEqual(
      [...visited].sort((a, b) => a - b),
      Array.from({ length: bytes / 64 }, (_, i) => i * 16),
    );
    const pages = visited.map((e) => Math.floor((e * 4) / (4 * KIB)));
    const pageChanges = pages.filter((page, i) => i > 0 && page !== pages[i - 1]).length;
    assert.equal(pageChanges, bytes / (4 * KIB) - 1); // each page entered once
    assert.notDeepEqual(
      pages,
      [...pages].sort((a, b) => a - b),
    ); // pages in random order, not address order
  });
});
