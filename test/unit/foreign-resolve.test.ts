// Where other benchmark APIs' imports lead in a benchmark process (engine/loader/foreign-resolve.ts)
// and the import scan that refuses them in Bun and Deno (engine/process/foreign-imports.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { foreignShim } from '../../src/engine/loader/foreign-resolve.js';
import { foreignImportsIn, refuseForeignImports } from '../../src/engine/process/foreign-imports.js';

describe('foreignShim', () => {
  it('leads each API to its stand-in for a project file, and leaves packages and other specifiers alone', () => {
    const shims = ['vitest', 'mitata', 'tinybench', 'benchmark'].map((api, i) => foreignShim(api, `/project/f${i}.bench.ts`));
    assert.deepEqual(
      shims.map((url) => path.basename(fileURLToPath(url!))),
      ['vitest-shim.js', 'mitata-shim.js', 'tinybench-shim.js', 'benchmark-js-shim.js'],
    );
    assert.equal(foreignShim('mitata', '/project/node_modules/lib/index.js'), null);
    assert.equal(foreignShim('mitata', null), null);
    assert.equal(foreignShim('vitest/config', '/project/g.bench.ts'), null);
    assert.equal(foreignShim('ubench', '/project/h.bench.ts'), null);
  });

  it('refuses a file importing two APIs, or one beside ubench, with one line; the same API twice is fine', () => {
    assert.ok(foreignShim('mitata', '/project/mixed.bench.ts'));
    assert.ok(foreignShim('mitata', '/project/mixed.bench.ts'));
    assert.throws(
      () => foreignShim('tinybench', '/project/mixed.bench.ts'),
      (e: Error) => /imports both mitata \('mitata'\) and tinybench \('tinybench'\)/.test(e.message) && !e.message.includes('\n'),
    );
    assert.equal(foreignShim('ubench', '/project/own.bench.ts'), null);
    assert.throws(() => foreignShim('benchmark', '/project/own.bench.ts'), /ubench's own API \('ubench'\) and Benchmark\.js \('benchmark'\)/);
  });
});

describe('foreignImportsIn', () => {
  it('finds import, dynamic import and require of the APIs, once each, and nothing in other specifiers', () => {
    const source = [
      "import { bench } from 'mitata';",
      'import "vitest";',
      'const B = require("benchmark");',
      "const t = await import('tinybench');",
      "import { run } from 'mitata';",
      "import x from 'mitata-extra';",
      "import y from './tinybench';",
    ].join('\n');
    assert.deepEqual(foreignImportsIn(source), ['mitata', 'vitest', 'benchmark', 'tinybench']);
    assert.deepEqual(foreignImportsIn("import { bench } from 'ubench';"), []);
  });

  it('refuses such a file naming the runtime and the API', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ubench-foreign-'));
    try {
      const file = path.join(dir, 'a.bench.ts');
      writeFileSync(file, "import { Bench } from 'tinybench';\n");
      assert.throws(() => refuseForeignImports('Bun', file, 'a.bench.ts'), /a\.bench\.ts imports tinybench \('tinybench'\): Bun loads modules itself/);
      writeFileSync(file, "import { bench } from 'ubench';\n");
      refuseForeignImports('Deno', file, 'a.bench.ts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
