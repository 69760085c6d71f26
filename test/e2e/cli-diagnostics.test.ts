/**
 * End-to-end: diagnostics reach the user — under the terminal table next to their benchmark, in
 * the results file — and --strict turns a warning into exit code 1 for CI. Uses the timer-resolution
 * trap (b.stop()/b.start() around every iteration): each pause reads the clock twice around a step
 * far cheaper than one read, so the reads are of the order of the measured time itself — about a
 * hundred times the rule's 1% limit, a ratio the host's speed moves alike on both sides — and it is
 * flagged at any budget. (optimized-away compares a body with the loop floor within 15%: how reliably
 * it fires is a figure of the machine, measured by `npm run lab -- corpus` and `npm run lab -- host`.)
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { FAST, makeTempDir, runCli } from '../helpers/e2e-cli.js';

const TRAP = 'corpus/traps/timer-resolution.bench.ts';
const NAME = 'b.stop()/b.start() every iteration';
const ARGS = [TRAP, ...FAST];
const temp = makeTempDir();
after(() => temp.cleanup());
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('diagnostics in the CLI', () => {
  it('shows the warning and its hint under the table, and exits 0 without --strict', async () => {
    const json = path.join(temp.dir, 'timer.json');
    const run = await runCli([...ARGS, '--json', json]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    // The table row: the name and a time per operation, whatever its unit.
    const tableRow = lines.findIndex((l) => l.includes(NAME) && !l.includes('⚠') && /\d (ps|ns|µs|ms|s)\b/.test(l));
    const warning = lines.findIndex((l) => new RegExp(`⚠ ${escapeRegex(NAME)}: samples last .* with \\d+ clock reads of .* each: reading the clock is .* of the measured time`).test(l));
    assert.ok(tableRow >= 0 && warning > tableRow, run.stdout);
    assert.match(lines[warning + 1]!, /hint: b\.stop\(\)\/b\.start\(\) inside the b\.n loop reads the clock on every iteration/);
    const results = JSON.parse(readFileSync(json, 'utf8')) as ResultsFile;
    const [bench] = results.benchmarks;
    assert.equal(bench?.name, NAME);
    const d = bench.diagnostics.find((x) => x.code === 'timer-resolution');
    assert.ok(d && d.severity === 'warning' && d.evidence !== undefined, JSON.stringify(bench.diagnostics));
    assert.ok((d.evidence['timerReadsPerSample'] as number) > 2, 'the pauses inside the loop are counted as clock reads');
  });

  it('--strict exits 1 and says why in one line', async () => {
    const run = await runCli([...ARGS, '--strict']);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /^ubench: --strict: \d+ diagnostic warnings? \(see above\)$/m);
  });
  // '--strict exits 0 when nothing warns' is in test/unit/cli-strict.test.ts, on scripted measurements.
});
