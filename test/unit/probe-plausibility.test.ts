import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildProbeDocument } from '../../src/probe/analyze-probe.js';
import { implausibility, withholdImplausible, withholdImplausibleFigures } from '../../src/probe/check-plausibility.js';
import * as ranges from '../../src/probe/plausible-ranges.js';
import type { PlausibleRange } from '../../src/probe/plausible-ranges.js';
import { PROBE_EXPERIMENTS } from '../../src/probe/probe-experiments.js';
import type { ProbeDocument, ProbeExperimentResult, ProbeFinding, ProbePoint } from '../../src/probe/probe-types.js';
import { renderProbePage } from '../../src/html/probe-page.js';
import { renderProbeReport } from '../../src/report/probe-report.js';
import { MODEL_OS, probeResults } from '../helpers/probe-machine.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 903819762;

type Override = Parameters<typeof probeResults>[0];

function probeDoc(overrides?: Override): ProbeDocument {
  return buildProbeDocument({ results: probeResults(overrides), experiments: PROBE_EXPERIMENTS, os: MODEL_OS, osSource: 'test', quick: true, complete: true });
}

const experiment = (doc: ProbeDocument, id: string): ProbeExperimentResult => doc.experiments.find((e) => e.id === id)!;
const finding = (e: ProbeExperimentResult, name: string): ProbeFinding => e.findings.find((f) => f.name === name)!;

/** The issue's figures: one lane 1,953 ns, 124 ns per lane at 2 lanes, 20.3 ns per lane from 4 lanes on (a "×96" speed-up). */
const issueLanes: Override = (d) => (d.name !== 'chase lanes' ? d : { ...d, outcome: d.params['lanes'] === 1 ? 1953 : d.params['lanes'] === 2 ? 248 : (d.params['lanes'] as number) * 20.3 });

describe('probe plausibility check', () => {
  it('withholds nothing on a plausible machine', () => {
    const doc = probeDoc();
    for (const e of doc.experiments) assert.deepEqual(e.withheld ?? [], [], e.id);
    assert.ok(doc.experiments.every((e) => e.findings.every((f) => f.withheld === undefined)));
  });

  it("withholds the issue's 1,953 ns memory latency with the reason, and the speed-ups derived from it", () => {
    const lanes = experiment(probeDoc(issueLanes), 'memory-parallelism');
    const latency = finding(lanes, 'memory latency');
    assert.equal(latency.value, null);
    assert.match(latency.withheld!, /1\.95\d µs is above the 400 ns a dependent DRAM load can take; the host was likely busy/);
    for (const name of ['best speed-up', 'saturation']) {
      assert.equal(finding(lanes, name).value, null, name);
      assert.match(finding(lanes, name).withheld!, /derived from ns per load at 1 lane, which was withheld/);
    }
    assert.deepEqual(lanes.series.find((s) => s.name === 'speed-up')!.points, [], 'no speed-up over a withheld base');
    const perLoad = lanes.series.find((s) => s.name === 'ns per load')!.points;
    assert.deepEqual(
      perLoad.map((p) => p.x),
      [2, 4, 8, 16, 32],
      'the plausible points stay',
    );
    const record = lanes.withheld!.find((w) => w.figure === 'memory latency')!;
    assert.ok(Math.abs(record.value / 1953 - 1) < 0.01, String(record.value));
    assert.deepEqual([record.range, record.low, record.high, record.unit], ['DRAM dependent-load latency', 30, 400, 'ns']);
    const point = lanes.withheld!.find((w) => w.series === 'ns per load' && w.x === 1)!;
    assert.equal(point.value, record.value);
  });

  it('withholds a speed-up above what the lanes can give even when the base is plausible', () => {
    // 300 ns at one lane (plausible), 2 ns per load from 2 lanes on: ×150, more than two chains can give.
    const doc = probeDoc((d) => (d.name !== 'chase lanes' ? d : { ...d, outcome: d.params['lanes'] === 1 ? 300 : (d.params['lanes'] as number) * 2 }));
    const lanes = experiment(doc, 'memory-parallelism');
    assert.equal(finding(lanes, 'memory latency').value !== null, true);
    assert.match(finding(lanes, 'best speed-up').withheld!, /derived from speed-up at 2 lanes, which was withheld/);
    assert.match(lanes.withheld!.find((w) => w.figure === 'speed-up at 2 lanes')!.reason, /150× is above the 2\.5× that 2 independent chains can give/);
  });

  it('withholds a line size that is not a power of two, or too large', () => {
    const e = (value: number): ProbeExperimentResult => ({
      id: 'cache-line',
      title: 'Cache line size',
      file: 'probe/cache-line.bench.ts',
      status: 'ok',
      reason: null,
      series: [],
      findings: [{ name: 'line size', value, unit: 'bytes', os: 64, agrees: false, note: null }],
      notes: [],
    });
    assert.match(withholdImplausible(e(96)).findings[0]!.withheld!, /96 B is not a power of two/);
    assert.match(withholdImplausible(e(1024)).findings[0]!.withheld!, /1 KiB is above the 256 B a cache line has/);
    assert.equal(withholdImplausible(e(128)).findings[0]!.withheld, undefined);
    assert.equal(withholdImplausible(e(96)).findings[0]!.agrees, null, 'a withheld value neither agrees nor differs');
  });

  it("withholds a misprediction cost below a pipeline flush's, naming the likely cause", () => {
    // random data barely slower than predictable data: the branch was compiled without a jump.
    const doc = probeDoc((d) => (d.name === 'branchy' && d.params['data'] === 'random' ? { ...d, outcome: 65_536 * 0.95 } : d));
    assert.match(finding(experiment(doc, 'branch-prediction'), 'cost per misprediction').withheld!, /is below the 1 ns a branch misprediction costs; the branch was likely compiled without a jump/);
  });

  it("withholds a cache level whose plateau is not that level's latency", () => {
    // Every plateau 6.7× the model's: the knees stay where they were, the L1 plateau (8 ns) is no L1 hit.
    const slow = (kib: number): number => (kib <= 32 ? 8 : kib <= 1024 ? 16 : kib <= 32 * 1024 ? 40 : 120);
    const doc = probeDoc((d) => (d.name.startsWith('pointer chase') ? { ...d, outcome: slow(d.params['kib'] as number) } : d));
    const sizes = experiment(doc, 'cache-size');
    const l1 = finding(sizes, 'L1d size');
    assert.equal(l1.value, null);
    assert.match(l1.withheld!, /^its plateau: 8\.0\d+ ns is above the 5 ns an L1 hit takes/);
    assert.equal(finding(sizes, 'L2 size').withheld, undefined, 'a 16 ns L2 plateau is plausible');
  });

  it('changes nothing when applied again (the report command checks documents it reads)', () => {
    const doc = probeDoc(issueLanes);
    assert.deepEqual(withholdImplausibleFigures(doc), doc);
  });

  it('never withholds a value inside its range (fast-check)', () => {
    const all = Object.values(ranges).filter((r): r is PlausibleRange => typeof r === 'object' && r !== null && 'low' in r);
    assert.ok(all.length >= 10);
    for (const range of all) {
      const values =
        range.powerOfTwo === true
          ? fc.integer({ min: Math.ceil(Math.log2(range.low)), max: Math.floor(Math.log2(range.high)) }).map((e) => 2 ** e)
          : fc.double({ min: range.low, max: range.high, noNaN: true });
      fc.assert(
        fc.property(values, (v) => implausibility(v, range) === null),
        { seed: PROPERTY_SEED },
      );
    }
  });

  it('never withholds an in-range bandwidth figure in a whole experiment (fast-check)', () => {
    fc.assert(
      fc.property(fc.double({ min: ranges.CORE_BANDWIDTH.low, max: ranges.CORE_BANDWIDTH.high, noNaN: true }), (gbPerS) => {
        const p: ProbePoint = { x: 128 * 1024 * 1024, y: gbPerS, yLower: gbPerS, yUpper: gbPerS, nsPerOp: 1, ciLower: 1, ciUpper: 1, sampleCount: 20 };
        const e: ProbeExperimentResult = {
          id: 'bandwidth',
          title: 'Memory bandwidth',
          file: 'probe/bandwidth.bench.ts',
          status: 'ok',
          reason: null,
          series: [{ name: 'sequential read', description: '', xLabel: 'buffer', xUnit: 'bytes', yLabel: 'bandwidth', yUnit: 'GB/s', logY: false, points: [p] }],
          findings: [{ name: 'bandwidth (median pass)', value: gbPerS, unit: 'GB/s', os: null, agrees: null, note: null }],
          notes: [],
        };
        return withholdImplausible(e) === e;
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('shows a withheld figure as "withheld" with its reason, never as a number, in the terminal and HTML reports', () => {
    const doc = probeDoc(issueLanes);
    const value = /1\.95\d µs/g;
    const text = renderProbeReport(doc, { color: false, width: 200 });
    assert.match(text, /memory latency +withheld +withheld: 1\.95\d µs is above the 400 ns/);
    for (const m of text.matchAll(value))
      assert.match(text.slice(Math.max(0, m.index - 10), m.index), /withheld(: | \()$/, `the value appears outside a reason: …${text.slice(m.index - 40, m.index + 10)}`);
    assert.doesNotMatch(text, /best speed-up +\d/);
    const page = renderProbePage(doc);
    assert.match(page, /withheld: 1\.95\d µs is above the 400 ns/);
    for (const m of page.matchAll(value)) assert.match(page.slice(Math.max(0, m.index - 10), m.index), /withheld(: | \()$/);
  });
});
