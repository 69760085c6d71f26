/** A load error names its cause where Node's message names a consequence: top-level await in a CommonJS file. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { moduleFormat, withLoadHint } from '../../src/runner/child/load-error-hint.js';

const root = mkdtempSync(path.join(tmpdir(), 'ubench-load-hint-'));
after(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(path.join(root, 'cjs/bench'), { recursive: true });
mkdirSync(path.join(root, 'esm'), { recursive: true });
writeFileSync(path.join(root, 'cjs/package.json'), '{"type":"commonjs"}');
writeFileSync(path.join(root, 'esm/package.json'), '{"type":"module"}');
const error = (message: string) => ({ message, location: null, stack: null });
const CYCLE = 'Cannot require() ES Module a.bench.ts in a cycle. A cycle involving require(esm) is not allowed';
const AWAIT = 'SyntaxError: await is only valid in async functions and the top level bodies of modules';

describe('withLoadHint', () => {
  it('reads the format from the extension, else from the nearest package.json', () => {
    assert.equal(moduleFormat(path.join(root, 'cjs/bench/a.bench.ts')), 'commonjs');
    assert.equal(moduleFormat(path.join(root, 'cjs/bench/a.bench.mts')), 'module');
    assert.equal(moduleFormat(path.join(root, 'esm/a.bench.ts')), 'module');
    assert.equal(moduleFormat(path.join(root, 'esm/a.bench.cts')), 'commonjs');
  });

  it("says the cause and the fix for both of Node's messages in a CommonJS package, keeping the first sentence Node said", () => {
    const ts = withLoadHint(error(CYCLE), path.join(root, 'cjs/bench/a.bench.ts'));
    assert.equal(
      ts.message,
      'top-level await in a file loaded as CommonJS (a.bench.ts, no "type": "module" in its package.json): name it .mts, or set "type": "module" (Node said: Cannot require() ES Module a.bench.ts in a cycle)',
    );
    assert.match(withLoadHint(error(AWAIT), path.join(root, 'cjs/bench/b.bench.js')).message, /name it \.mjs, or set "type": "module" \(Node said: SyntaxError: await is only valid/);
    assert.match(withLoadHint(error(AWAIT), path.join(root, 'esm/c.bench.cts')).message, /c\.bench\.cts is CommonJS by its extension\): name it \.mts \(/);
  });

  it('leaves other errors, and the same message from an ES module, as they were', () => {
    const other = error('SyntaxError: Unexpected end of file');
    assert.equal(withLoadHint(other, path.join(root, 'cjs/bench/a.bench.ts')), other);
    const esm = error(AWAIT);
    assert.equal(withLoadHint(esm, path.join(root, 'esm/a.bench.ts')), esm);
  });
});
