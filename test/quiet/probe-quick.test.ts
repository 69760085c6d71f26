/**
 * The whole quick probe on this machine, once: every experiment runs and yields its points. The
 * only figures asserted are the effects with wide margins (branch misprediction ×5 here,
 * asserted > 2; the dependency chain ×2, asserted > 1.3), never times.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ProbeDocument } from '../../src/probe/probe-types.js';
import { describeRun, runCli } from '../helpers/e2e-cli.js';
import { resultsDir } from './quiet-cli.js';

describe('ubench probe --quick', () => {
  it('runs every experiment and infers what it can', async () => {
    const dir = resultsDir('probe-quick');
    const json = path.join(dir, 'probe.json');
    const run = await runCli(['probe', '--quick', '--quiet', '--no-color', '--json', json], { cwd: dir, killAfterMs: 180_000 });
    assert.equal(run.code, 0, describeRun(run));
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ProbeDocument;
    const byId = new Map(doc.experiments.map((e) => [e.id, e]));
    // Points declared by each file in quick mode (a skipped size would show as a note, not a point).
    const expected: Record<string, number[]> = {
      'branch-prediction': [4],
      'data-dependency': [2],
      'cache-line': [7, 6],
      'cache-size': [13],
      bandwidth: [1],
      'memory-parallelism': [6, 6],
    };
    for (const [id, counts] of Object.entries(expected)) {
      const e = byId.get(id)!;
      assert.equal(e.status, 'ok', `${id}: ${e.reason}`);
      assert.deepEqual(e.series.map((s) => s.points.length), counts, id);
    }
    const value = (id: string, name: string) => byId.get(id)!.findings.find((f) => f.name === name)?.value ?? null;
    assert.ok(value('branch-prediction', 'slowdown on random data')! > 2, 'random data mispredicts');
    assert.ok(value('data-dependency', 'prefix sum ÷ differences')! > 1.3, 'the prefix sum waits on its dependency chain');
    assert.match(run.stdout, /┤/);
  });
});
