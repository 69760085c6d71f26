/**
 * End-to-end: bytes per operation from the memory phase. Allocation sizes are deterministic for a
 * V8 build, so on this machine's build (V8 11.3, Node 20) the exact values of docs/design.md §3 are
 * asserted; on other builds, the relations that hold everywhere.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BenchmarkResult, ResultsFile } from '../../src/results/types.js';
import { makeTempDir, runCli } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
/** The build the exact figures were measured on (docs/design.md §3; pointer compression off). */
const REFERENCE_V8 = /^11\.3\./;
/** 8-byte pointers: Node's official builds do not use pointer compression. */
const POINTER_SIZE = 8;

describe('memory phase: bytes per operation', () => {
  let byName: Map<string, BenchmarkResult>;
  before(async () => {
    const json = path.join(temp.dir, 'memory.json');
    const run = await runCli(['test/fixtures/bench/memory', '--time', '100ms', '--warmup', '300ms', '--json', json]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const results = JSON.parse(readFileSync(json, 'utf8')) as ResultsFile;
    byName = new Map(results.benchmarks.map((b) => [b.name, b]));
  });
  const bytes = (name: string): number => {
    const memory = byName.get(name)?.memory;
    assert.ok(memory, `${name} has memory figures`);
    return memory.bytesPerOp;
  };

  it('reads 0 B/op for an empty body and for nothing allocated off-heap', () => {
    assert.equal(Math.round(bytes('empty')), 0);
    assert.equal(byName.get('{a: 1, b: 2}')!.memory!.externalBytesPerOp, 0);
  });

  it('reads the exact sizes of docs/design.md §3 on its V8 build', { skip: !REFERENCE_V8.test(process.versions.v8) && `V8 ${process.versions.v8} is not the reference build` }, () => {
    assert.equal(Math.round(bytes('new Array(32)')), 304);
    assert.equal(Math.round(bytes('{a: 1, b: 2}')), 40);
    assert.equal(Math.round(bytes("'x'.repeat(100)")), 232);
  });

  it('grows by one pointer per array slot on any build: Array(64) − Array(32) = 32 pointers', () => {
    assert.equal(Math.round(bytes('new Array(64)') - bytes('new Array(32)')), 32 * POINTER_SIZE);
  });

  it('counts ArrayBuffer contents off-heap', () => {
    const memory = byName.get('new ArrayBuffer(4096)')!.memory!;
    assert.equal(Math.round(memory.externalBytesPerOp), 4096);
    assert.ok(memory.bytesPerOp < 4096, `heap part ${memory.bytesPerOp}`);
  });

  it('has a retention stretch (settled heap readings) only for a body that allocates', () => {
    assert.deepEqual(byName.get('empty')!.memory!.footprint.settledHeapUsed, []);
    assert.equal(byName.get('new Array(32)')!.memory!.footprint.settledHeapUsed?.length, 6);
  });

  it('finds allocation deterministic for these bodies', () => {
    for (const [name, b] of byName) assert.equal(b.memory?.deterministic, true, `${name}: ${JSON.stringify(b.memory?.readings)}`);
  });
});
