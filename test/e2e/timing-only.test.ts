/**
 * A timing-only process (`ChildRequest.timingOnly`, what `ab`'s pairs ask for) measures the time as
 * usual and skips what comes after sampling: real processes on an allocating fixture, once each way.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { MeasuredBenchmark } from '../../src/engine/process/events.js';
import { createProcessExecutor } from '../../src/runner/child/process-executor.js';
import { runFile } from '../../src/runner/child/run-file.js';
import { childRequest } from '../helpers/scripted-executor.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const file = path.join(root, 'test/fixtures/bench/memory/allocations.bench.ts');

async function measure(timingOnly: boolean, interleave: boolean): Promise<Map<string, MeasuredBenchmark>> {
  const measured = new Map<string, MeasuredBenchmark>();
  const request = { ...childRequest(file, 'allocations.bench.ts'), filter: 'new Array\\(32\\)|empty', timeBudgetNs: 5e7, warmupMaxNs: 5e7, interleave, ...(timingOnly ? { timingOnly } : {}) };
  await runFile(
    request,
    { executor: createProcessExecutor({ relay: null }), timeoutMs: 60_000 },
    {
      onEvent: (e) => {
        if (e.type === 'measured') measured.set(e.id, e.result);
      },
      onLost: (id, status, error) => assert.fail(`${id} ${status}: ${error.message}`),
      onFileError: (error) => assert.fail(error.message),
    },
  );
  return measured;
}

describe('timing-only processes', () => {
  for (const interleave of [true, false]) {
    it(`${interleave ? 'interleaved' : 'one after another'}: samples as usual, with no memory phase or probes after them; without the flag, both`, async () => {
      const timed = await measure(true, interleave);
      const full = await measure(false, interleave);
      assert.equal(timed.size, 2);
      assert.equal(full.size, 2);
      for (const [id, result] of timed) {
        assert.ok(result.samples.length >= 10, id);
        assert.equal(result.memory, null, id);
        assert.equal(result.setupProbe ?? null, null, id);
        assert.equal(result.returnValue, undefined, id);
        assert.equal(result.stateProbe ?? null, null, id);
      }
      const allocating = [...full].find(([id]) => id.endsWith('new Array(32)'))![1];
      assert.ok((allocating.memory?.bytesPerOp ?? 0) > 0);
      assert.ok([...full.values()].every((r) => r.setupProbe !== null));
      assert.ok([...full.values()].every((r) => r.returnValue != null));
    });
  }
});
