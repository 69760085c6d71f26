/**
 * The whole quick probe on this machine, once: every experiment runs, yields its points and its
 * findings as finite numbers. No effect size is asserted: how much random data slows the branchy
 * copy and how much the prefix sum's dependency chain costs are figures of the machine, measured
 * and reported by `npm run lab -- harness`, never asserted in CI. (How findings are computed from
 * the points is tested on synthetic points in test/unit/probe-analyses.test.ts.)
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ProbeDocument } from '../../src/probe/probe-types.js';
import { describeRun, runCli } from '../helpers/e2e-cli.js';
import { resultsDir } from './quiet-cli.js';

/** Findings computed from the points whenever the points are there: each must be a finite number. */
const MEASURED_FINDINGS: Record<string, string[]> = {
  'branch-prediction': ['slowdown on random data', 'cost per misprediction', 'branchless ÷ predictable'],
  'data-dependency': ['prefix sum ÷ differences'],
  bandwidth: ['bandwidth (median pass)', 'bandwidth (best pass)'],
  'memory-parallelism': ['memory latency', 'best speed-up', 'saturation'],
};
/** A difference of two times: finite, but of either sign. */
const SIGNED = new Set(['cost per misprediction']);

describe('ubench probe --quick', () => {
  it('runs every experiment and infers what it can', async () => {
    const dir = resultsDir('probe-quick');
    const json = path.join(dir, 'probe.json');
    const run = await runCli(['probe', '--quick', '--quiet', '--no-color', '--json', json], { cwd: dir, killAfterMs: 180_000 });
    assert.equal(run.code, 0, describeRun(run));
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ProbeDocument;
    const byId = new Map(doc.experiments.map((e) => [e.id, e]));
    // Points declared by each file in quick mode (a skipped size would show as a note, not a point);
    // the plain chase of cache-size goes up to 512 KiB only in quick mode. A point outside its
    // physically plausible range is withheld: it leaves the series for the experiment's withheld list.
    const expected: Record<string, number[]> = {
      'branch-prediction': [4],
      'data-dependency': [2],
      'cache-line': [7, 6],
      'cache-size': [13, 6],
      bandwidth: [1],
      'memory-parallelism': [6, 6],
    };
    for (const [id, counts] of Object.entries(expected)) {
      const e = byId.get(id)!;
      assert.equal(e.status, 'ok', `${id}: ${e.reason}`);
      assert.deepEqual(
        e.series.map((s) => s.points.length + (e.withheld ?? []).filter((w) => w.series === s.name).length),
        counts,
        id,
      );
      for (const p of e.series.flatMap((s) => s.points)) {
        assert.ok(Number.isFinite(p.y) && p.yLower <= p.y && p.y <= p.yUpper, `${id} at ${p.x}: ${p.yLower} ≤ ${p.y} ≤ ${p.yUpper}`);
      }
    }
    for (const [id, names] of Object.entries(MEASURED_FINDINGS)) {
      const findings = byId.get(id)!.findings;
      assert.deepEqual(
        findings.map((f) => f.name),
        names,
        id,
      );
      for (const f of findings) {
        // A figure outside its plausible range is printed as withheld, with the reason: null then, never NaN.
        if (f.value === null) {
          assert.ok(typeof f.withheld === 'string' && f.withheld.length > 0, `${id}: ${f.name} is null without a reason`);
          continue;
        }
        assert.ok(typeof f.value === 'number' && Number.isFinite(f.value), `${id}: ${f.name} = ${f.value}`);
        if (!SIGNED.has(f.name)) assert.ok(f.value > 0, `${id}: ${f.name} = ${f.value}`);
      }
    }
    // Inferred sizes: the cache line (always both findings) and the cache knees (as many as the OS's
    // caches and the knees found) may be absent when the data show none: null then, never NaN.
    assert.deepEqual(
      byId.get('cache-line')!.findings.map((f) => f.name),
      ['line size', 'line size (strided copy)'],
    );
    for (const id of ['cache-line', 'cache-size']) {
      for (const f of byId.get(id)!.findings) assert.ok(f.value === null || (Number.isFinite(f.value) && f.value > 0), `${id}: ${f.name} = ${f.value}`);
    }
    assert.match(run.stdout, /┤/);
  });
});
