import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { bodySourceHash, textHash } from '../../src/engine/process/body-source.js';
import { filesHash, relativeImports, sourceFiles, sourceFingerprint } from '../../src/runner/record/source-fingerprint.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 175815012;

const dir = mkdtempSync(path.join(tmpdir(), 'ubench-source-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('source fingerprint: the files', () => {
  const bench = write(
    'a.bench.ts',
    "import { bench } from 'ubench';\nimport { work } from './lib/work.js';\nimport './side.ts';\nimport pkg from './node_modules/pkg/index.js';\nbench('w', () => work());\n",
  );
  write('lib/work.ts', "export { helper } from './helper';\nexport const work = () => 1;\n");
  write('lib/helper.ts', 'export const helper = 2;\n');
  write('side.ts', 'const lazy = () => import("./lazy.mjs");\n');
  write('lazy.mts', 'export {};\n');
  write('node_modules/pkg/index.js', 'export default 1;\n');
  write('unrelated.ts', 'export const x = 1;\n');

  it('follows relative imports as the loader resolves them (.js → .ts twin, no extension, dynamic import), not packages', () => {
    const files = sourceFiles(bench).map((f) => path.relative(dir, f).split(path.sep).join('/'));
    assert.deepEqual(files.sort(), ['a.bench.ts', 'lazy.mts', 'lib/helper.ts', 'lib/work.ts', 'side.ts']);
  });

  it('changes when an imported file changes, not when an unrelated one does', () => {
    const before = filesHash(bench);
    write('unrelated.ts', 'export const x = 2;\n');
    assert.equal(filesHash(bench), before);
    write('lib/helper.ts', 'export const helper = 3;\n');
    const changed = filesHash(bench);
    assert.notEqual(changed, before);
    write('lib/helper.ts', 'export const helper = 2;\n');
    assert.equal(filesHash(bench), before);
  });

  it('reads the specifiers of every import form', () => {
    assert.deepEqual(relativeImports("import a from './a.js';\nexport * from \"../b\";\nconst c = require('./c.cjs');\nimport('./d.mjs');\nimport 'pkg';\nimport './e';"), [
      './a.js',
      '../b',
      './c.cjs',
      './d.mjs',
      './e',
    ]);
  });

  it('is 16 hex digits, and differs when either part does', () => {
    const id = sourceFingerprint('f'.repeat(64), 'b'.repeat(16));
    assert.match(id, /^[0-9a-f]{16}$/);
    assert.notEqual(sourceFingerprint('f'.repeat(64), 'c'.repeat(16)), id);
    assert.notEqual(sourceFingerprint('e'.repeat(64), 'b'.repeat(16)), id);
  });
});

describe('source fingerprint: the body', () => {
  const declared = (body: () => unknown, setup: (() => unknown) | null = null) => ({ kind: 'plain' as const, body, setup, teardown: null });

  it('is the same for the same text and differs for a different body or setup', () => {
    assert.equal(bodySourceHash(declared(() => 1 + 1)), bodySourceHash(declared(() => 1 + 1)));
    assert.notEqual(bodySourceHash(declared(() => 1 + 1)), bodySourceHash(declared(() => 1 + 2)));
    assert.notEqual(
      bodySourceHash(
        declared(
          () => 1,
          () => 2,
        ),
      ),
      bodySourceHash(
        declared(
          () => 1,
          () => 3,
        ),
      ),
    );
  });

  it('hashes with FNV-1a (reference value: the empty text in its first lane is the offset basis)', () => {
    assert.equal(textHash('').slice(0, 8), '811c9dc5');
    // FNV-1a 32 of "a" is 0xe40c292c (the published test vector).
    assert.equal(textHash('a').slice(0, 8), 'e40c292c');
  });

  it('is 16 hex digits for any text, and one changed character changes it', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (text, at) => {
        assert.match(textHash(text), /^[0-9a-f]{16}$/);
        if (text.length === 0) return;
        const i = at % text.length;
        const other = text.slice(0, i) + String.fromCharCode(text.charCodeAt(i) ^ 1) + text.slice(i + 1);
        assert.notEqual(textHash(other), textHash(text));
      }),
      { seed: PROPERTY_SEED },
    );
  });
});
