import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runHost } from '../../src/analysis/run-host-speed.js';
import { hostLine, hostOffUsual } from '../../src/report/host-line.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

/** A benchmark whose samples read the throughput reference at `all` (median) and whose estimate read it at `quiet`, where given. */
function benchmark(name: string, all: number, quiet?: number): BenchmarkResult {
  const base = syntheticResult({ perOp: [10, 10, 10, 10, 10, 10] });
  const track = { source: 'rounds' as const, movement: 0.3, slowest: 1.3, fastest: 1, referenceNs: 6000, throughputNs: all };
  return { ...base, name, host: quiet === undefined ? track : { ...track, quiet: { nsPerOp: 10, samples: 8, of: 40, throughputNs: quiet } } };
}

const usual = Array.from({ length: 5 }, (_, i) => ({ referenceNs: 6000 + i, throughputNs: 300 + i }));

describe("the run's host line", () => {
  it('says the run was at the usual speed on both references', () => {
    const host = runHost({ referenceNs: 6010, throughputNs: 305 }, usual);
    assert.equal(host.calibrationRuns, 5);
    assert.match(
      hostLine(host)!,
      /^host: at this machine's usual speed \(latency reference 6\.010 µs per 1,000 steps, usual 6\.002 µs over 5 runs; throughput reference 305\.0 ns per 1,000 iterations, usual 302\.0 ns\)$/,
    );
    assert.equal(hostOffUsual(host), false);
  });
  it('says when code of much instruction-level parallelism ran slower though the latency reference did not', () => {
    const host = runHost({ referenceNs: 6030, throughputNs: 540 }, usual);
    assert.ok(Math.abs(host.versusUsualThroughput! - (540 / 302 - 1)) < 1e-12);
    assert.match(hostLine(host)!, /^host: code of much instruction-level parallelism ran up to 79% slower than usual \(another hardware thread of the same cores at work/);
    assert.equal(hostOffUsual(host), true);
  });
  it('says when the whole machine ran slower', () => {
    assert.match(hostLine(runHost({ referenceNs: 6600, throughputNs: 310 }, usual))!, /^host: this run's machine ran 10% slower than its usual: figures of this run sit higher/);
  });
  it('waits for three runs, and reads calibrations without the throughput figure', () => {
    assert.match(hostLine(runHost({ referenceNs: 6000, throughputNs: 300 }, usual.slice(0, 2)))!, /is known after 3 runs; 2 so far/);
    const old = runHost(
      { referenceNs: 6000, throughputNs: 300 },
      usual.map((r) => ({ ...r, throughputNs: null })),
    );
    assert.equal(old.usualThroughputNs, null);
    assert.equal(old.versusUsualThroughput, null);
    assert.match(hostLine(old)!, /^host: at this machine's usual speed/);
  });
  it("says whether the estimates found the host's quiet rounds at the machine's usual speed when the core was shared", () => {
    const host = runHost({ referenceNs: 6030, throughputNs: 540 }, usual);
    assert.match(hostLine(host, [benchmark('a', 540, 305), benchmark('b', 530, 300)])!, /; every estimate read the host's quiet rounds, at the machine's usual speed \(latency/);
    const line = hostLine(host, [benchmark('a', 540, 305), benchmark('b', 540, 520), benchmark('c', 560)])!;
    assert.match(line, /; 2 of 3 estimates found no quiet rounds at the machine's usual speed \(b, c\): their figures may sit higher by up to that much \(latency/);
    assert.match(hostLine(host)!, /most likely another tenant\): its figures may sit higher by up to that much/, 'without benchmarks, as before');
  });
});
