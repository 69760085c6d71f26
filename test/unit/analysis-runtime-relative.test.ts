import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withRuntimeRelative } from '../../src/analysis/runtime-relative.js';
import { renderTerminalReport } from '../../src/report/terminal-report.js';
import { runtimeTable } from '../../src/report/runtime-table.js';
import { clockFor, qualifiedId, runtimeFreeId } from '../../src/results/runtime-keys.js';
import type { BenchmarkResult, ResultsFile, RunRuntime } from '../../src/results/types.js';
import { noisy, syntheticResult } from '../helpers/synthetic-result.js';

const runtime = (label: string, name: RunRuntime['name'], engine: RunRuntime['engine'] = 'V8'): RunRuntime => ({
  label,
  name,
  version: name === 'bun' ? '1.4.5' : '20.20.2',
  engine,
  engineVersion: engine === 'V8' ? '11.3' : 'd6375c72affe',
  executable: `/bin/${name}`,
  clock: { costNs: name === 'bun' ? 30 : 40, resolutionNs: name === 'bun' ? 30 : 1 },
  flags: [],
  throttleBaselineNs: null,
});
const NODE = runtime('node', 'node');
const BUN = runtime('bun', 'bun', 'JavaScriptCore');

function on(rt: RunRuntime, name: string, center: number, seed: number): BenchmarkResult {
  const base = syntheticResult({ perOp: noisy(40, center, 0.02, seed) });
  const id = `f.bench.ts#${name}`;
  return {
    ...base,
    id: qualifiedId(id, rt.label),
    name,
    baseName: name,
    file: 'f.bench.ts',
    runtime: { label: rt.label, name: rt.name, version: rt.version, engine: rt.engine, engineVersion: rt.engineVersion },
  };
}

describe('several runtimes in one results file', () => {
  it('keeps ids apart by runtime and gives back the plain id', () => {
    const b = on(BUN, 'sum', 10, 1);
    assert.equal(b.id, 'f.bench.ts#sum [bun]');
    assert.equal(runtimeFreeId(b), 'f.bench.ts#sum');
    assert.equal(runtimeFreeId({ id: 'f.bench.ts#x [y]' }), 'f.bench.ts#x [y]', 'a bracket in a name is not a runtime');
  });

  it('relates every runtime to the first, with an interval around the true ratio', () => {
    const results = withRuntimeRelative([on(NODE, 'sum', 10, 1), on(BUN, 'sum', 6, 2), on(NODE, 'max', 20, 3), on(BUN, 'max', 20, 4)], [NODE, BUN], 7);
    const [nodeSum, bunSum, , bunMax] = results;
    assert.deepEqual(nodeSum!.runtimeRelative, { reference: 'node', ratio: 1, ciLower: 1, ciUpper: 1 });
    const r = bunSum!.runtimeRelative!;
    assert.ok(Math.abs(r.ratio - 0.6) < 0.02, String(r.ratio));
    assert.ok(r.ciLower < r.ratio && r.ratio < r.ciUpper && r.ciUpper < 1, JSON.stringify(r));
    const same = bunMax!.runtimeRelative!;
    assert.ok(same.ciLower < 1 && same.ciUpper > 1, JSON.stringify(same));
  });

  it('gives no ratio where either side failed, and none at all with one runtime', () => {
    const failed = { ...on(BUN, 'sum', 6, 2), status: 'error' as const, estimate: null, samples: [] };
    const [, bun] = withRuntimeRelative([on(NODE, 'sum', 10, 1), failed], [NODE, BUN], 7);
    assert.equal(bun!.runtimeRelative, null);
    const single = withRuntimeRelative([on(NODE, 'sum', 10, 1)], [NODE], 7);
    assert.equal(single[0]!.runtimeRelative, undefined);
  });

  it("times each benchmark with its own runtime's clock", () => {
    const file = { runtimes: [NODE, BUN], environment: { clock: { costNs: 99, resolutionNs: 99 } } } as unknown as ResultsFile;
    assert.equal(clockFor(file, on(BUN, 'sum', 6, 2))!.resolutionNs, 30);
    assert.equal(clockFor(file, { runtime: undefined })!.resolutionNs, 99);
  });

  it('shows one table with a column per runtime and the ratio to the first with its interval', () => {
    const benchmarks = withRuntimeRelative([on(NODE, 'sum', 10, 1), on(BUN, 'sum', 6, 2), { ...on(BUN, 'max', 20, 4), status: 'error', estimate: null, samples: [] }], [NODE, BUN], 7);
    const file = { runtimes: [NODE, BUN], benchmarks, fileErrors: [], complete: true, host: null, environment: {} } as unknown as ResultsFile;
    const table = runtimeTable(file)!;
    assert.deepEqual(
      table.rows.map((r) => r.name),
      ['sum', 'max'],
    );
    assert.equal(table.rows[0]!.cells[1]!.ratioKind, 'faster');
    assert.match(table.rows[0]!.cells[1]!.ratio!, /^0\.\d+× \(0\.\d+–0\.\d+\)$/);
    assert.equal(table.rows[1]!.cells[0]!.estimate, 'not run');
    assert.equal(table.rows[1]!.cells[1]!.estimate, 'error');
    const text = renderTerminalReport(file, { color: false });
    assert.match(text, /runtimes side by side/);
    assert.match(text, /f\.bench\.ts \[bun\] · Bun 1\.4\.5 \(JavaScriptCore\)/);
    assert.match(text, /B\/op and GCs while sampling: not available on bun \(/);
    assert.match(text, /node = Node 20\.20\.2 \(V8 11\.3\), bun = Bun 1\.4\.5 \(JavaScriptCore d6375c7\)/);
    assert.equal(runtimeTable({ ...file, runtimes: [NODE] }), null);
  });
});
