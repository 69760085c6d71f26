/**
 * --strict on scripted benchmark processes: exit 0 when no diagnostic warns, exit 1 with a one-line
 * reason when one does. The measurements are synthetic, so the host's speed cannot move them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { ChildEvent } from '../../src/engine/process/events.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { hello, info, measurement, scriptedExecutor } from '../helpers/scripted-executor.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ubench-strict-'));
after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, 'a.bench.ts'), '// scripted\n');

/** One benchmark at `nsPerOp`; 0.4 ns sits on the scripted floor (0.39–0.41 ns), so it is optimized away. */
function executorAt(nsPerOp: number) {
  const bench = info('a.bench.ts', 'work');
  // Samples of 10⁷ iterations, so even 0.4 ns/op samples last milliseconds (no timer-resolution warning).
  const base = measurement(nsPerOp);
  const result = { ...base, samples: base.samples.map((s) => ({ iterations: s.iterations * 1e4, elapsedNs: s.elapsedNs * 1e4 })) };
  return scriptedExecutor(() => ({
    events: [hello, { type: 'declared', benchmarks: [bench] }, { type: 'start', id: bench.id }, { type: 'measured', id: bench.id, result }, { type: 'done' }] as ChildEvent[],
  }));
}

describe('--strict (scripted processes)', () => {
  it('exits 0 when nothing warns', async () => {
    const r = await runInProcess(['a.bench.ts', '--strict', '--quiet', '--no-color', '--no-history'], { cwd: dir, executor: executorAt(25) });
    assert.equal(r.code, 0, r.out + r.err);
    assert.doesNotMatch(r.out, /⚠/);
  });

  it('exits 1 and says why in one line when a diagnostic warns', async () => {
    const r = await runInProcess(['a.bench.ts', '--strict', '--quiet', '--no-color', '--no-history'], { cwd: dir, executor: executorAt(0.4) });
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.out, /⚠ .*optimized away/);
    assert.match(r.err, /^ubench: --strict: 1 diagnostic warning \(see above\)$/m);
  });
});
