import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { ProbeDocument } from '../../src/probe/probe-types.js';
import { describeRun, FAST, makeTempDir, runCli } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());

describe('ubench probe (real processes)', () => {
  it('runs the cache-resident experiments from the package and writes every point with its CI', async () => {
    const json = path.join(temp.dir, 'probe.json');
    const run = await runCli(['probe', '--quick', '--only', 'branch-prediction,data-dependency', ...FAST, '--no-color', '--json', json], { cwd: temp.dir });
    assert.equal(run.code, 0, describeRun(run));
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ProbeDocument;
    assert.equal(doc.format, 'ubench-probe');
    assert.equal(doc.complete, true);
    assert.deepEqual(
      doc.experiments.map((e) => [e.id, e.status]),
      [
        ['branch-prediction', 'ok'],
        ['data-dependency', 'ok'],
      ],
    );
    const [branch, dependency] = doc.experiments;
    assert.deepEqual(
      branch!.series[0]!.points.map((p) => p.x),
      ['random', 'odd', 'even', 'branchless, random'],
    );
    assert.deepEqual(
      dependency!.series[0]!.points.map((p) => p.x),
      ['prefix sum', 'successive differences'],
    );
    for (const p of [...branch!.series[0]!.points, ...dependency!.series[0]!.points]) {
      assert.ok(p.ciLower <= p.nsPerOp && p.nsPerOp <= p.ciUpper && p.sampleCount > 0);
      assert.ok(p.yLower <= p.y && p.y <= p.yUpper);
      assert.ok(Math.abs(p.y * 65_536 - p.nsPerOp) < 1e-6 * p.nsPerOp, 'y is ns per element');
    }
    assert.equal(branch!.findings.length, 3);
    // Every figure went through the plausibility check: a withheld one is recorded and printed as withheld, not as a number.
    for (const e of doc.experiments) {
      assert.ok(Array.isArray(e.withheld ?? []));
      for (const f of e.findings) assert.ok(f.value !== null || f.withheld !== undefined || f.note !== null, `${e.id}: ${f.name} has neither a value nor a reason`);
      for (const w of e.withheld ?? []) assert.ok(run.stdout.includes(`withheld: ${w.reason}`), `${w.figure} is withheld in the document but not in the report`);
    }
    assert.ok(doc.timer !== null && doc.timer.costNs > 0);
    assert.match(run.stdout, /^Machine \(as the OS reports it\)$/m);
    assert.match(run.stdout, /^Branch prediction .*branch-prediction\.bench\.ts$/m);
    assert.match(run.stdout, /slowdown on random data +\d/);
    assert.match(run.stderr, /probe results written to probe\.json/);
  });

  it('rejects an unknown experiment with one line and exit 2', async () => {
    const run = await runCli(['probe', '--only', 'cache-lines'], { cwd: temp.dir });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^ubench: --only: unknown experiment "cache-lines"/);
    assert.equal(run.stderr.trim().split('\n').length, 1);
  });
});
