/** `ubench compare` learns each benchmark's band from the kept runs of its code in `.ubench/runs/` (synthetic run files built from a fixture). */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { describeRun, makeTempDir, runCli } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const FIXTURE = JSON.parse(readFileSync('test/fixtures/results/valid-v3.json', 'utf8')) as ResultsFile;
const BUILTIN = 'bench/sort.bench.ts#sort/builtin(size=100)';
const INSERTION = 'bench/sort.bench.ts#sort/insertion(size=100)';
/** Per-run factors of the kept runs: about 0.3% apart, a stable benchmark's run-to-run movement. */
const KEPT_FACTORS = [0.997, 1.002, 1.0, 0.999, 1.004, 1.001];

/** The fixture as one run: its benchmarks given source fingerprints (insertion's only where `insertionToo`), scaled by `factor`. */
function runFile(runId: string, factor: number, insertionToo: boolean): ResultsFile {
  return {
    ...FIXTURE,
    environment: { ...FIXTURE.environment, runId },
    benchmarks: FIXTURE.benchmarks.map((b) => {
      if (b.estimate === null || (b.id === INSERTION && !insertionToo)) return b;
      return {
        ...b,
        sourceFingerprint: b.id === BUILTIN ? '0123456789abcdef' : 'fedcba9876543210',
        estimate: { ...b.estimate, nsPerOp: b.estimate.nsPerOp * factor, ciLower: b.estimate.ciLower * factor, ciUpper: b.estimate.ciUpper * factor },
        samples: b.samples.map((s) => ({ ...s, elapsedNs: s.elapsedNs * factor })),
      };
    }),
  };
}

describe('ubench compare with a run history', () => {
  it('says which band each row was judged with, learned or default, in the report and the JSON', async () => {
    const runs = path.join(temp.dir, '.ubench', 'runs');
    mkdirSync(runs, { recursive: true });
    KEPT_FACTORS.forEach((factor, i) => writeFileSync(path.join(runs, `2025-06-0${i + 1}T00-00-00.000Z-1.json`), JSON.stringify(runFile(`kept-${i}`, factor, i < 2))));
    const base = path.join(temp.dir, 'base.json');
    const next = path.join(temp.dir, 'new.json');
    writeFileSync(base, JSON.stringify(runFile('base', 1, true)));
    writeFileSync(next, JSON.stringify(runFile('new', 1.003, true)));
    const out = path.join(temp.dir, 'cmp.json');
    const run = await runCli(['compare', base, next, '--json', out], { cwd: temp.dir });
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /builtin\(size=100\): band ±1% from 6 kept runs/);
    assert.match(run.stdout, /insertion\(size=100\): band ±3% \(default: 2 kept runs of this code\)/);
    const doc = JSON.parse(readFileSync(out, 'utf8')) as { rows: { id: string; band: number; bandBasis?: { learned: boolean; runs: number; spread: number | null } }[] };
    const builtin = doc.rows.find((r) => r.id === BUILTIN)!;
    assert.equal(builtin.bandBasis?.learned, true);
    assert.equal(builtin.bandBasis?.runs, 6);
    assert.ok(builtin.bandBasis!.spread! > 0.001 && builtin.bandBasis!.spread! < 0.005, JSON.stringify(builtin));
    const insertion = doc.rows.find((r) => r.id === INSERTION)!;
    assert.deepEqual(insertion.bandBasis, { learned: false, runs: 2, spread: null, why: '2 kept runs of this code' });
  });
});
