/**
 * End-to-end: diagnostics reach the user — under the terminal table next to their benchmark, in
 * the results file — and --strict turns a warning into exit code 1 for CI. Uses the constant-folding
 * trap, which is flagged at any budget.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { FAST, makeTempDir, runCli } from '../helpers/e2e-cli.js';

const TRAP = 'corpus/traps/optimized-away.bench.ts';
const ARGS = [TRAP, '--filter', 'constant folding', ...FAST];
const temp = makeTempDir();
after(() => temp.cleanup());

describe('diagnostics in the CLI', () => {
  it('shows the warning and its hint under the table, and exits 0 without --strict', async () => {
    const json = path.join(temp.dir, 'folded.json');
    const run = await runCli([...ARGS, '--json', json]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    const tableRow = lines.findIndex((l) => l.includes('constant folding') && l.includes('ps'));
    const warning = lines.findIndex((l) => /⚠ .*constant folding.*indistinguishable from the empty-loop floor/.test(l));
    assert.ok(tableRow >= 0 && warning > tableRow, run.stdout);
    assert.match(lines[warning + 1]!, /hint: Return the result/);
    const results = JSON.parse(readFileSync(json, 'utf8')) as ResultsFile;
    const [bench] = results.benchmarks;
    assert.ok(bench?.diagnostics.some((d) => d.code === 'optimized-away' && d.severity === 'warning' && d.evidence !== undefined));
  });

  it('--strict exits 1 and says why in one line', async () => {
    const run = await runCli([...ARGS, '--strict']);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /^ubench: --strict: \d+ diagnostic warnings? \(see above\)$/m);
  });
  // '--strict exits 0 when nothing warns' lives in test/quiet: it needs the machine to itself.
});
