/**
 * One instance of the user's modules per benchmark (own-instances.ts) with a fake loader and
 * registry, what the process tells about loaders and getter exports (interop-facts.ts), and the
 * `loader-transform` rule that reports them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose } from '../../src/analysis/diagnostics/diagnose.js';
import type { Registry } from '../../src/define/registry.js';
import type { DeclaredBenchmark } from '../../src/define/declaration-types.js';
import { DETACHED_SLOWDOWN, DetachWatch } from '../../src/engine/host/detach-probe.js';
import { foreignLoaders, getterReads } from '../../src/engine/process/interop-facts.js';
import { INSTANCE_MEMORY_BUDGET, ownInstances } from '../../src/engine/process/own-instances.js';
import { noisy, syntheticResult } from '../helpers/synthetic-result.js';

function declared(id: string, body: () => unknown = () => 1): DeclaredBenchmark {
  return { id, name: id, baseName: id, file: 'f.bench.ts', group: null, params: {}, baseline: false, bytesPerItem: null, kind: 'plain', body, setup: null, teardown: null };
}

function registryOf(benchmarks: DeclaredBenchmark[]): Registry {
  return { file: 'f.bench.ts', groups: [], benchmarks, running: false, notes: [] };
}

describe('own module instances', () => {
  it('takes each benchmark after the first from its own import, and restores the registry', async () => {
    const first = [declared('a'), declared('b'), declared('c')];
    const registry = registryOf(first);
    const loaded: number[] = [];
    const copies = new Map<number, DeclaredBenchmark[]>();
    const result = await ownInstances(
      first,
      registry,
      {
        async load(k) {
          loaded.push(k);
          const copy = ['a', 'b', 'c'].map((id) => declared(id));
          copies.set(k, copy);
          registry.benchmarks.push(...copy);
        },
      },
      'unused',
    );
    assert.deepEqual(loaded, [1, 2]);
    assert.equal(result.benchmarks[0], first[0]);
    assert.equal(result.benchmarks[1], copies.get(1)![1]);
    assert.equal(result.benchmarks[2], copies.get(2)![2]);
    assert.deepEqual(
      result.isolation.map((i) => i.instance),
      ['own', 'own', 'own'],
    );
    assert.equal(registry.benchmarks, first);
  });

  it('keeps the first declaration, and says why, when an import fails or does not declare it again', async () => {
    const first = [declared('a'), declared('b'), declared('c')];
    const registry = registryOf(first);
    const result = await ownInstances(
      first,
      registry,
      {
        async load(k) {
          if (k === 1) throw new Error('listen EADDRINUSE: address already in use :::8080\n    at …');
          registry.benchmarks.push(declared('other'));
        },
      },
      'unused',
    );
    assert.deepEqual(result.benchmarks, first);
    assert.deepEqual(
      result.isolation.map((i) => i.instance),
      ['shared', 'shared', 'shared'],
    );
    assert.match(result.isolation[1]!.reason!, /could not be imported a second time \(listen EADDRINUSE: address already in use :::8080\)$/);
    assert.match(result.isolation[2]!.reason!, /did not declare it again/);
    assert.match(result.isolation[0]!.reason!, /run this one, beside it/);
    assert.equal(registry.benchmarks, first);
  });

  it('stops making instances when the rest would keep more than the memory budget, and says how much', async () => {
    const first = ['a', 'b', 'c', 'd', 'e'].map((id) => declared(id));
    const registry = registryOf(first);
    let heap = 1_000;
    let loads = 0;
    const perInstance = INSTANCE_MEMORY_BUDGET / 2;
    const result = await ownInstances(
      first,
      registry,
      {
        async load() {
          loads++;
          heap += perInstance;
          registry.benchmarks.push(...['a', 'b', 'c', 'd', 'e'].map((id) => declared(id)));
        },
        heapBytes: () => heap,
      },
      'unused',
    );
    assert.equal(loads, 1);
    assert.deepEqual(
      result.isolation.map((i) => i.instance),
      ['shared', 'own', 'shared', 'shared', 'shared'],
    );
    assert.match(result.isolation[2]!.reason!, /one instance of its file keeps 512 MiB: 3 more would keep 1536 MiB, over the 1024 MiB/);
    assert.equal(result.benchmarks[2], first[2]);
  });

  it('gives a lone benchmark its own instance without importing again, and shares where the runtime loads modules itself', async () => {
    let loads = 0;
    const loader = { load: async () => void loads++ };
    const alone = await ownInstances([declared('a')], registryOf([]), loader, 'unused');
    assert.deepEqual(alone.isolation, [{ instance: 'own', reason: null }]);
    const bun = await ownInstances([declared('a'), declared('b')], registryOf([]), null, 'Bun loads the modules itself');
    assert.deepEqual(bun.isolation, [
      { instance: 'shared', reason: 'Bun loads the modules itself' },
      { instance: 'shared', reason: 'Bun loads the modules itself' },
    ]);
    assert.equal(loads, 0);
  });
});

describe('interop facts', () => {
  const own = (value: string) => value.endsWith('/engine/loader/register-loader.js');
  it("names loaders besides ubench's, from the flags and NODE_OPTIONS, and not other preloads", () => {
    assert.deepEqual(foreignLoaders(['--import', 'file:///u/dist/engine/loader/register-loader.js', '--import', 'tsx', '--log-deopt'], undefined, own), ['tsx']);
    assert.deepEqual(foreignLoaders(['--require=ts-node/register'], '--loader ./my-hooks.mjs --import ./otel.mjs', own), ['ts-node/register', './my-hooks.mjs']);
    assert.deepEqual(foreignLoaders(['-r', '@swc-node/register', '-r', 'dotenv/config'], '--import tsx --import tsx', own), ['@swc-node/register', 'tsx']);
    assert.deepEqual(foreignLoaders(['--max-old-space-size=300'], '', own), []);
  });
  it('finds the getter exports a body reads as properties, by module', () => {
    const getters = new Map([
      ['/p/src/lib.ts', ['add', 'ORIGIN', '$x']],
      ['/p/src/other.ts', ['unused']],
    ]);
    const bench = declared('a', () => 0);
    bench.body = new Function('import_lib', 'return (0, import_lib.add)(1, import_lib.ORIGIN.x) + import_lib.$x + import_lib.addAll;') as () => unknown;
    assert.deepEqual(getterReads(bench, getters, '/p'), [{ module: 'src/lib.ts', names: ['add', 'ORIGIN', '$x'] }]);
    const plain = declared('b', () => 0);
    plain.body = new Function('add', 'return add(1, 2);') as () => unknown;
    assert.deepEqual(getterReads(plain, getters, '/p'), []);
  });
});

describe('loader-transform', () => {
  const base = () => syntheticResult({ perOp: noisy(40, 60, 0.01) });
  it("is silent with ubench's loader alone", () => {
    assert.deepEqual(diagnose({ ...base(), modules: { instance: 'own', reason: null } }, { clock: null, precisionTarget: 0.01 }), []);
  });
  it('warns of another loader, naming it, and of getter reads, naming module and exports', () => {
    const [d] = diagnose(
      { ...base(), modules: { instance: 'own', reason: null, loaders: ['tsx'], getters: [{ module: 'src/lib.ts', names: ['add', 'ORIGIN'] }] } },
      { clock: null, precisionTarget: 0.01 },
    );
    assert.equal(d?.code, 'loader-transform');
    assert.equal(d?.severity, 'warning');
    assert.match(d!.message, /ran `tsx`, which compiled the TypeScript instead of ubench/);
    assert.match(d!.message, /reads add, ORIGIN of src\/lib\.ts through getters/);
    assert.match(d!.hint, /Drop `tsx` from --node-flags/);
  });
  it('for getters alone, says what a CommonJS build that ships them costs its users', () => {
    const [d] = diagnose({ ...base(), modules: { instance: 'own', reason: null, getters: [{ module: 'dist/lib.cjs', names: ['add'] }] } }, { clock: null, precisionTarget: 0.01 });
    assert.match(d!.hint, /what its CommonJS users pay/);
  });
});

describe('the detaching protector across a process', () => {
  const probe = (readings: (number | null)[]) => ({ start: () => undefined, fall: () => readings.shift() ?? null });
  const a = { id: 'f#a', name: 'a' };
  const b = { id: 'f#b', name: 'b' };
  it('pins a fall on the benchmark that ran alone when it happened, and records it on the others only', () => {
    const watch = new DetachWatch(probe([null, 2.1, 1.0]));
    watch.after(a);
    assert.equal(watch.seenBy('f#c'), null);
    watch.after(b);
    watch.after(null);
    assert.deepEqual(watch.seenBy('f#a'), { by: { id: 'f#b', name: 'b' }, slowdown: 2.1 });
    assert.equal(watch.seenBy('f#b'), null);
  });
  it('says the rounds when the fall came while every benchmark ran, and watches nothing without a probe', () => {
    const watch = new DetachWatch(probe([null, null, DETACHED_SLOWDOWN]));
    watch.after(a);
    watch.after(b);
    watch.after(null);
    assert.deepEqual(watch.seenBy('f#a'), { by: null, slowdown: DETACHED_SLOWDOWN });
    const off = new DetachWatch(null);
    off.after(a);
    assert.equal(off.seenBy('f#b'), null);
  });
  it('neighbour-detached warns with the culprit and the fix, and is silent without a fall', () => {
    const base = syntheticResult({ perOp: noisy(40, 60, 0.01) });
    assert.deepEqual(diagnose(base, { clock: null, precisionTarget: 0.01 }), []);
    const [d] = diagnose({ ...base, detachedBuffers: { by: { id: 'f#t', name: 'transfer a buffer' }, slowdown: 2.04 } }, { clock: null, precisionTarget: 0.01 });
    assert.equal(d?.code, 'neighbour-detached');
    assert.equal(d?.severity, 'warning');
    assert.match(d!.message, /"transfer a buffer" detached an ArrayBuffer .* 2\.0× as long/);
    assert.match(d!.hint, /--isolate benchmark, or move "transfer a buffer" to a file of its own/);
  });
});
