import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runInProcess } from '../helpers/in-process-cli.js';
import type { Executor } from '../../src/runner/child/executor.js';
import type { OsCacheFacts } from '../../src/probe/os-cache-facts.js';
import type { ProbeDocument } from '../../src/probe/probe-types.js';
import { MODEL_OS, probeMachine } from '../helpers/probe-machine.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ubench-probe-cmd-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function probe(args: string[], executor: Executor, os: OsCacheFacts = MODEL_OS) {
  const json = path.join(dir, `probe-${Math.random().toString(36).slice(2)}.json`);
  const { code, out, err } = await runInProcess(['probe', '--no-color', '--quiet', '--json', json, ...args], { cwd: dir, executor, osFacts: () => ({ facts: os, source: '/fake/sysfs' }) });
  let doc: ProbeDocument | null = null;
  try {
    doc = JSON.parse(readFileSync(json, 'utf8')) as ProbeDocument;
  } catch {
    doc = null;
  }
  return { code, out, err, doc };
}

describe('ubench probe (scripted machine)', () => {
  it('runs every experiment from the package, quick mode passed to the children', async () => {
    const executor = probeMachine();
    const { code, doc } = await probe(['--quick'], executor);
    assert.equal(code, 0);
    assert.deepEqual(executor.requests.map((r) => path.basename(r.file)).sort(), [
      'bandwidth.bench.ts',
      'branch-prediction.bench.ts',
      'cache-line.bench.ts',
      'cache-size.bench.ts',
      'data-dependency.bench.ts',
      'memory-parallelism.bench.ts',
    ]);
    assert.ok(executor.requests.every((r) => r.env?.['UBENCH_PROBE_QUICK'] === '1'));
    assert.ok(executor.requests.every((r) => path.dirname(r.file).endsWith(`${path.sep}probe`)));
    assert.equal(doc!.format, 'ubench-probe');
    assert.equal(doc!.quick, true);
    assert.deepEqual(
      doc!.experiments.map((e) => [e.id, e.status]),
      [
        ['branch-prediction', 'ok'],
        ['data-dependency', 'ok'],
        ['cache-line', 'ok'],
        ['cache-size', 'ok'],
        ['bandwidth', 'ok'],
        ['memory-parallelism', 'ok'],
      ],
    );
  });

  it('without --quick the children get the full sizes', async () => {
    const executor = probeMachine();
    await probe(['--only', 'data-dependency'], executor);
    assert.equal(executor.requests.length, 1);
    assert.equal(executor.requests[0]!.env?.['UBENCH_PROBE_QUICK'], '0');
  });

  it('infers the model machine and marks agreement with the OS', async () => {
    const { out, doc } = await probe(['--quick'], probeMachine());
    const finding = (exp: string, name: string) => doc!.experiments.find((e) => e.id === exp)!.findings.find((f) => f.name === name)!;
    assert.deepEqual([finding('cache-line', 'line size').value, finding('cache-line', 'line size').agrees], [64, true]);
    assert.deepEqual([finding('cache-line', 'line size (strided copy)').value, finding('cache-line', 'line size (strided copy)').agrees], [256, false]);
    assert.deepEqual(
      ['L1d size', 'L2 size', 'L3 size'].map((n) => [finding('cache-size', n).value, finding('cache-size', n).agrees]),
      [
        [32 * 1024, true],
        [1024 * 1024, true],
        [32 * 1024 * 1024, true],
      ],
    );
    assert.ok(Math.abs(finding('branch-prediction', 'slowdown on random data').value! - 5 / 0.9) < 0.05);
    assert.ok(Math.abs(finding('data-dependency', 'prefix sum ÷ differences').value! - 2) < 0.02);
    assert.ok(Math.abs(finding('memory-parallelism', 'memory latency').value! - 100) < 1);
    assert.equal(finding('memory-parallelism', 'saturation').value, 16);
    assert.ok(Math.abs(finding('bandwidth', 'bandwidth (median pass)').value! - 10) < 0.1);
    // Every point carries its CI around the value.
    for (const s of doc!.experiments.flatMap((e) => e.series)) for (const p of s.points) assert.ok(p.yLower <= p.y && p.y <= p.yUpper, `${s.name} ${p.x}`);
    assert.match(out, /line size +64 B +OS 64 B +✓/);
    assert.match(out, /line size \(strided copy\) +256 B +OS 64 B +✗ differs/);
    assert.match(out, /L3 size +32 MiB +OS 32 MiB +✓/);
    assert.match(out, /page +4 KiB \(getconf PAGESIZE\)/);
    assert.match(out, /timer +one clock read costs 45\.00 ns/);
    assert.match(out, /┤/); // charts drawn
  });

  it('reports an experiment this machine cannot run as skipped, keeps measured sizes, and exits 0', async () => {
    const executor = probeMachine((d) =>
      d.params['kib'] === 65536 || d.name === 'sequential read, 1 byte per 64' ? { ...d, outcome: { error: 'cannot run: needs 512 MiB, more than a quarter of the free memory (900 MiB free)' } } : d,
    );
    const { code, out, doc } = await probe(['--quick', '--only', 'cache-size,bandwidth'], executor);
    assert.equal(code, 0);
    const [size, bandwidth] = doc!.experiments;
    assert.equal(size!.status, 'ok');
    assert.equal(size!.series[0]!.points.length, 12);
    assert.ok(size!.notes.some((n) => n.startsWith('pointer chase(kib=65536) not measured: cannot run')));
    // Without the 64 MiB point, a 32 MiB L3 can no longer be resolved.
    assert.equal(size!.findings.find((f) => f.name === 'L3 size')!.agrees, null);
    assert.equal(bandwidth!.status, 'skipped');
    assert.match(bandwidth!.reason!, /^cannot run: needs 512 MiB/);
    assert.match(out, /skipped: cannot run: needs 512 MiB/);
  });

  it('reports a benchmark that fails for another reason as failed and exits 1', async () => {
    const executor = probeMachine((d) => (d.params['lanes'] === 4 ? { ...d, outcome: { error: 'RangeError: boom' } } : d));
    const { code, out, doc } = await probe(['--only', 'memory-parallelism'], executor);
    assert.equal(code, 1);
    assert.equal(doc!.experiments[0]!.status, 'failed');
    assert.equal(doc!.experiments[0]!.series[0]!.points.length, 5); // the other lane counts are kept
    assert.match(out, /failed: chase lanes\(lanes=4\): RangeError: boom/);
  });

  it('without OS cache facts it says so and reports the knees alone', async () => {
    const { code, out, doc } = await probe(['--only', 'cache-size,cache-line'], probeMachine(), { caches: [], lineBytes: null, pageBytes: null });
    assert.equal(code, 0);
    assert.match(out, /the OS does not describe them here \(no \/fake\/sysfs\)/);
    const size = doc!.experiments.find((e) => e.id === 'cache-size')!;
    assert.deepEqual(
      size.findings.map((f) => [f.name, f.value, f.os]),
      [
        ['knee', 32 * 1024, null],
        ['knee', 1024 * 1024, null],
        ['knee', 32 * 1024 * 1024, null],
      ],
    );
    assert.equal(doc!.experiments.find((e) => e.id === 'cache-line')!.findings[0]!.agrees, null);
  });

  for (const [args, message] of [
    [['--only', 'nope'], /^ubench: --only: unknown experiment "nope" \(expected a comma-separated list of branch-prediction, /],
    [['probe/cache-line.bench.ts'], /^ubench: probe: unexpected argument "probe\/cache-line.bench.ts"/],
    [['--time', 'soon'], /^ubench: --time/],
  ] as const) {
    it(`usage error: ${args.join(' ')}`, async () => {
      const { code, err } = await probe([...args], probeMachine());
      assert.equal(code, 2);
      assert.match(err, message);
      assert.equal(err.trim().split('\n').length, 1);
    });
  }
});
