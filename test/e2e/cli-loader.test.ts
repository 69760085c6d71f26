/**
 * End-to-end: TypeScript projects as users lay them out, run by the CLI in real processes. A
 * CommonJS package (`npm init -y` writes `"type": "commonjs"`) whose TypeScript imports by `.js`
 * twin, by folder, by tsconfig alias, with an enum and parameter properties; its exports arrive as
 * data properties (the fixture refuses to load otherwise). An ES module package, extensionless.
 * Each benchmark of a file runs its own instance of the project's modules, a second import that
 * fails falls back to sharing (said in the results), and what the file prints at load shows once.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { describeRun, FAST, makeTempDir, readResults, REPO_ROOT, runCli } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());

/** A project folder with `ubench` installed (a link to this checkout) and the given files. */
function project(name: string, files: Record<string, string>): string {
  const dir = path.join(temp.dir, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(REPO_ROOT, path.join(dir, 'node_modules/ubench'), 'dir');
  return dir;
}

const LIB = `export function add(a: number, b: number): number {
  return a + b;
}
export const ORIGIN: { x: number; y: number } = { x: 0, y: 0 };
export enum Mode { Fast, Slow }
export class Point {
  constructor(public x: number, public y: number) {}
  dist(o: { x: number; y: number }): number { return Math.hypot(this.x - o.x, this.y - o.y); }
}
`;

describe('TypeScript projects as users lay them out', () => {
  it('runs a CommonJS package: .js twins, folder index, tsconfig paths, enums, exports as data properties', async () => {
    const dir = project('cjs', {
      'package.json': JSON.stringify({ name: 'cjs-app', version: '1.0.0', type: 'commonjs' }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@util/*': ['src/util/*'] } } }),
      'src/lib.ts': LIB,
      'src/shapes/index.ts': `export const unit = { x: 1, y: 1 };\n`,
      'src/util/scale.ts': `export function scale(v: number, by: number): number { return v * by; }\n`,
      'bench/geo.bench.ts': `import { bench } from 'ubench';
import { add, ORIGIN, Mode, Point } from '../src/lib.js';
import { unit } from '../src/shapes';
import { scale } from '@util/scale';
const lib = require('../src/lib');
for (const name of ['add', 'ORIGIN', 'Point']) {
  if (typeof Object.getOwnPropertyDescriptor(lib, name)?.get === 'function') throw new Error('export ' + name + ' is a getter');
}
let i = 0;
bench('add', () => add(i++ & 7, Mode.Slow));
bench('dist', () => new Point(i++ & 7, unit.y).dist(ORIGIN) + scale(1, 2));
`,
    });
    const json = path.join(dir, 'out.json');
    const run = await runCli(['bench', ...FAST, '--json', json], { cwd: dir });
    assert.equal(run.code, 0, describeRun(run));
    const results = readResults(json);
    assert.deepEqual(
      results.benchmarks.map((b) => [b.name, b.status, b.modules?.instance, b.diagnostics.some((d) => d.code === 'loader-transform')]),
      [
        ['add', 'ok', 'own', false],
        ['dist', 'ok', 'own', false],
      ],
    );
  });

  it('runs an ES module package with extensionless imports, and a syntax error names its line', async () => {
    const dir = project('esm', {
      'package.json': JSON.stringify({ name: 'esm-app', type: 'module' }),
      'lib.ts': LIB,
      'a.bench.ts': `import { bench } from 'ubench';\nimport { add } from './lib';\nlet i = 0;\nbench('add', () => add(i++ & 7, 1));\n`,
      'broken/b.bench.ts': `import { bench } from 'ubench';\nconst x: number = ;\nbench('b', () => x);\n`,
    });
    const ok = await runCli(['a.bench.ts', ...FAST], { cwd: dir });
    assert.equal(ok.code, 0, describeRun(ok));
    const broken = await runCli(['broken/b.bench.ts', ...FAST], { cwd: dir });
    assert.equal(broken.code, 1, describeRun(broken));
    assert.match(broken.stdout + broken.stderr, /b\.bench\.ts:2:\d+/);
  });

  it('loads TypeScript in a worker thread the bench file starts, as in the file itself', async () => {
    // The benchmark process's main thread starts the loader's hooks after ubench's own modules; a worker has them from its start.
    const dir = project('worker', {
      'package.json': JSON.stringify({ name: 'worker-app', type: 'module' }),
      'lib.ts': LIB,
      'w.mjs': `import { parentPort } from 'node:worker_threads';\nimport { add } from './lib.ts';\nparentPort.postMessage(add(20, 22));\n`,
      'w.bench.ts': `import { Worker } from 'node:worker_threads';
import { bench } from 'ubench';
const answer: number = await new Promise((resolve, reject) => {
  const worker = new Worker(new URL('./w.mjs', import.meta.url));
  worker.once('message', (value: number) => { resolve(value); void worker.terminate(); });
  worker.once('error', reject);
});
if (answer !== 42) throw new Error('the worker answered ' + answer);
bench('answer', () => answer + 1);
`,
    });
    const json = path.join(dir, 'out.json');
    const run = await runCli(['w.bench.ts', ...FAST, '--json', json], { cwd: dir });
    assert.equal(run.code, 0, describeRun(run));
    assert.deepEqual(
      readResults(json).benchmarks.map((b) => [b.name, b.status]),
      [['answer', 'ok']],
    );
  });

  it("gives each benchmark its own instance of the project modules; prints the file's output once", async () => {
    const trace = path.join(temp.dir, 'instances.txt');
    const dir = project('instances', {
      'package.json': JSON.stringify({ name: 'instances', type: 'module' }),
      'where.ts': `export const where = import.meta.url;\n`,
      'i.bench.ts': `import { appendFileSync } from 'node:fs';
import { bench } from 'ubench';
import { where } from './where.ts';
console.log('loaded the file');
const note = (name: string) => () => { appendFileSync(process.env.TRACE_FILE!, name + ' ' + where + '\\n'); return 0; };
bench('first', { setup: note('first'), run: () => 1 });
bench('second', { setup: note('second'), run: () => 2 });
bench('third', { setup: note('third'), run: () => 3 });
`,
    });
    const json = path.join(dir, 'out.json');
    const run = await runCli(['i.bench.ts', ...FAST, '--json', json], { cwd: dir, env: { TRACE_FILE: trace } });
    assert.equal(run.code, 0, describeRun(run));
    assert.equal((run.stdout + run.stderr).split('loaded the file').length - 1, 1, describeRun(run));
    const seen = new Map<string, Set<string>>();
    for (const line of readFileSync(trace, 'utf8').trim().split('\n')) {
      const [name, url] = line.split(' ') as [string, string];
      seen.set(name, (seen.get(name) ?? new Set()).add(new URL(url).searchParams.get('ubench-instance') ?? '0'));
    }
    assert.deepEqual([...seen.entries()].map(([name, marks]) => [name, [...marks]]).sort(), [
      ['first', ['0']],
      ['second', ['1']],
      ['third', ['2']],
    ]);
    assert.deepEqual(
      readResults(json).benchmarks.map((b) => b.modules),
      [0, 1, 2].map(() => ({ instance: 'own', reason: null })),
    );
  });

  it('shares one instance, and says why, when the file cannot be imported again', async () => {
    const dir = project('once', {
      'package.json': JSON.stringify({ name: 'once', type: 'module' }),
      'o.bench.ts': `import { bench } from 'ubench';
const key = Symbol.for('once.bench');
if ((globalThis as any)[key]) throw new Error('port 8080 is taken');
(globalThis as any)[key] = true;
bench('a', () => 1);
bench('b', () => 2);
`,
    });
    const json = path.join(dir, 'out.json');
    const run = await runCli(['o.bench.ts', ...FAST, '--json', json], { cwd: dir });
    assert.equal(run.code, 0, describeRun(run));
    const modules = readResults(json).benchmarks.map((b) => [b.status, b.modules?.instance, b.modules?.reason ?? '']);
    assert.equal(modules.length, 2);
    for (const [status, instance] of modules) assert.deepEqual([status, instance], ['ok', 'shared']);
    assert.match(modules[1]![2]!, /could not be imported a second time \(port 8080 is taken\)/);
  });
});
