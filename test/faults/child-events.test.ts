/**
 * Fault: a benchmark process writing what is not an event ubench can read on its event channel
 * (descriptor 3): garbage, a 100 MiB line, an event for an id it never declared, another file's
 * id, an event missing its result. Each fails only its own benchmark, with a clear one-line
 * reason; every other benchmark of the file is measured; the parent does not crash.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { describeRun, FAST, makeTempDir, readResults, runCli, STACK_LINE, type CliRun } from '../helpers/e2e-cli.js';

const FILE = 'test/fixtures/bench/hostile/bad-events.bench.ts';
const temp = makeTempDir();
after(() => temp.cleanup());

const REASONS: Record<string, RegExp> = {
  garbage: /^the benchmark process sent an event ubench cannot read: not JSON: "\?\[2J\{not json at all"$/,
  '100 MiB line': /^the benchmark process sent an event ubench cannot read: a line longer than ubench reads \(16 Mi characters\), starting "\{\\"type\\":\\"start\\"/,
  'undeclared id': /cannot read: a bench-error event for ".*", which it did not declare$/,
  "another file's id": /cannot read: a bench-error event for "test\/fixtures\/bench\/ok\/quick\.bench\.ts#arith\/add", which it did not declare$/,
  'malformed measured': /cannot read: a measured event with no result: /,
  'tampered result': /cannot read: a measured event ubench could not use \(its result is not one the results file may hold: profile\/deopts\/0\/reason must be string\)$/,
};

for (const mode of ['interleaved', 'sequential'] as const) {
  describe(`a benchmark process sending what ubench cannot read (${mode})`, () => {
    let run: CliRun;
    let results: ResultsFile;

    before(async () => {
      const jsonPath = path.join(temp.dir, `${mode}.json`);
      run = await runCli([FILE, ...FAST, '--timeout', '20s', ...(mode === 'sequential' ? ['--sequential'] : []), '--json', jsonPath], { killAfterMs: 90_000 });
      results = readResults(jsonPath);
    });

    it('exits 1 with no stack trace', () => {
      assert.equal(run.code, 1, describeRun(run));
      assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE);
    });

    it('fails each bad benchmark with its reason, short, and measures the others', () => {
      const byName = new Map(results.benchmarks.map((b) => [b.name, b]));
      assert.equal(results.benchmarks.length, 8);
      for (const name of ['honest first', 'honest last']) assert.equal(byName.get(name)?.status, 'ok', `${name}: ${JSON.stringify(byName.get(name)?.error)}`);
      for (const [name, reason] of Object.entries(REASONS)) {
        const b = byName.get(name)!;
        assert.equal(b.status, 'error', name);
        assert.match(b.error?.message ?? '', reason, name);
        assert.ok((b.error?.message.length ?? 0) < 300, `${name}: the message quotes the line's start only`);
      }
    });
  });
}
