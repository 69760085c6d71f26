import assert from 'node:assert/strict';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ChildRequest } from '../../src/engine/process/events.js';
import { BundleError, bundlePage } from '../../src/runner/runtimes/page-bundle.js';
import { pageDeoptFiles } from '../../src/runner/runtimes/page-deopt-files.js';
import { pagePositionMapper } from '../../src/runner/runtimes/page-positions.js';
import { REPO_ROOT } from '../helpers/e2e-cli.js';
import { childRequest } from '../helpers/scripted-executor.js';

const identity = { runtime: 'chromium' as const, runtimeVersion: '156.0', v8Version: '15.6' };
const request = (file: string): ChildRequest => childRequest(path.join(REPO_ROOT, file), file);

// The bundle is built from dist/ (what the package ships): `npm test` builds first.
describe('the page bundle (Chromium)', () => {
  it('bundles a TypeScript bench file with the engine, Node modules the engine uses stood in for', async () => {
    const bundle = await bundlePage(request('test/fixtures/bench/runtimes/everywhere.bench.ts'), identity, REPO_ROOT);
    assert.match(bundle.code, /startPage\(/);
    assert.match(bundle.code, /sum of squares/);
    assert.doesNotMatch(bundle.code, /from\s*["']node:/, 'no import of a Node module is left for the browser');
    const map = JSON.parse(bundle.map) as { sources: string[] };
    assert.ok(
      map.sources.some((s) => s.endsWith('everywhere.bench.ts')),
      'the source map names the bench file',
    );
  });

  it('lets a file that imports a Node module fail when it loads, naming the module, not when it bundles', async () => {
    const bundle = await bundlePage(request('test/fixtures/bench/page/imports-node.bench.ts'), identity, REPO_ROOT);
    assert.match(bundle.code, /node:fs is a Node module, not available in a browser page/);
  });

  it('reports a bench file that does not compile as a bundle error with its location', async () => {
    await assert.rejects(
      bundlePage(request('test/fixtures/bench/broken/syntax-error.bench.ts'), identity, REPO_ROOT),
      (e: unknown) => e instanceof BundleError && /syntax-error\.bench\.ts:\d+:\d+/.test(e.info.location ?? ''),
    );
  });

  it('maps positions of the bundle in a stack back to the bench file and takes its first user frame', async () => {
    const bundle = await bundlePage(request('test/fixtures/bench/runtimes/everywhere.bench.ts'), identity, REPO_ROOT);
    const lines = bundle.code.split('\n');
    const line = lines.findIndex((l) => l.includes('Bun.hash')) + 1;
    const column = lines[line - 1]!.indexOf('.hash') + 1;
    const url = 'http://127.0.0.1:4000/bundle.js';
    const map = pagePositionMapper(url, bundle.map, path.resolve(REPO_ROOT), `${REPO_ROOT.replace(/\/$/, '')}/`);
    const info = map.error({ message: 'TypeError: x', location: `${url}:${line}:${column}`, stack: `TypeError: x\n    at run (${url}:${line}:${column})\n    at loop (${url}:1:1)` });
    assert.match(info.location ?? '', /^test\/fixtures\/bench\/runtimes\/everywhere\.bench\.ts:\d+:\d+$/);
    assert.match(info.stack ?? '', /everywhere\.bench\.ts:\d+:\d+/);
  });

  it("maps the page's deopt positions to the bench file and drops those in ubench's own code", async () => {
    const bundle = await bundlePage(request('test/fixtures/bench/runtimes/everywhere.bench.ts'), identity, REPO_ROOT);
    const lines = bundle.code.split('\n');
    const at = (needle: string): string => {
      const line = lines.findIndex((l) => l.includes(needle)) + 1;
      return `${url}:${line}:${lines[line - 1]!.indexOf(needle) + 1}`;
    };
    const url = 'http://127.0.0.1:4000/bundle.js';
    const map = pagePositionMapper(url, bundle.map, path.resolve(REPO_ROOT), `${REPO_ROOT.replace(/\/$/, '')}/`);
    const deopt = (location: string) => ({ phase: 'sample' as const, kind: 'deopt-eager', reason: 'wrong map', location, inlinedAt: ['<measured loop>'] });
    const mapped = map.deopts([deopt(at('p.x * p.x')), deopt(at('function startPage'))]);
    assert.equal(mapped.length, 1, JSON.stringify(mapped));
    assert.match(mapped[0]!.location ?? '', /^test\/fixtures\/bench\/runtimes\/everywhere\.bench\.ts:\d+:\d+$/);
    assert.deepEqual(mapped[0]!.inlinedAt, ['<measured loop>']);
  });
});

describe("the page's deoptimization logs (one file per browser process)", () => {
  it('reads what every file gained since the mark, files opened later from their start', () => {
    const files = pageDeoptFiles();
    try {
      const dir = path.dirname(files.logfile);
      assert.match(path.basename(files.logfile), /%p/);
      writeFileSync(path.join(dir, 'v8-1.log'), 'before\n');
      files.mark();
      assert.equal(files.readNew(), '');
      appendFileSync(path.join(dir, 'v8-1.log'), 'one\n');
      writeFileSync(path.join(dir, 'v8-2.log'), 'two\n');
      assert.deepEqual(files.readNew().split('\n').filter(Boolean).sort(), ['one', 'two']);
      assert.equal(files.readNew(), '');
    } finally {
      files.remove();
    }
    assert.equal(existsSync(path.dirname(files.logfile)), false);
  });
});
