// How ubench reads test.globals from a vitest config's source (src/engine/process/vitest-config.ts),
// and which config applies to a bench file.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { findVitestConfig, staticGlobals, vitestGlobals, withoutComments } from '../../src/engine/process/vitest-config.js';

const root = mkdtempSync(path.join(tmpdir(), 'ubench-vitest-config-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('staticGlobals', () => {
  it('reads a literal globals: true or false', () => {
    assert.equal(staticGlobals("export default defineConfig({ test: { globals: true, environment: 'node' } })"), true);
    assert.equal(staticGlobals('export default { test: { globals: false } }'), false);
  });

  it('ignores globals in comments and strings that look like comments', () => {
    assert.equal(staticGlobals("// globals: true\nconst url = 'http://x'; /* globals: true */ export default { test: {} }"), false);
    assert.equal(withoutComments("a // b\nc /* d */ e 'f // g'"), "a \nc   e 'f // g'");
  });

  it('cannot tell from an expression, disagreeing literals, or a config taking settings from elsewhere', () => {
    assert.equal(staticGlobals('export default { test: { globals: process.env.G === "1" } }'), null);
    assert.equal(staticGlobals('a({ globals: true }); b({ globals: false })'), null);
    assert.equal(staticGlobals('export default mergeConfig(base, { test: {} })'), null);
    assert.equal(staticGlobals('export default { ...shared }'), null);
  });
});

describe('findVitestConfig', () => {
  it('takes the nearest vitest config (before vite.config) up to the package root, and no further', () => {
    mkdirSync(path.join(root, 'pkg/bench/deep'), { recursive: true });
    writeFileSync(path.join(root, 'vitest.config.ts'), 'export default { test: { globals: true } }');
    writeFileSync(path.join(root, 'pkg/package.json'), '{}');
    const file = path.join(root, 'pkg/bench/deep/a.bench.ts');
    assert.equal(findVitestConfig(file), null);
    writeFileSync(path.join(root, 'pkg/vite.config.mjs'), 'export default { test: { globals: true } }');
    assert.equal(findVitestConfig(file), path.join(root, 'pkg/vite.config.mjs'));
    writeFileSync(path.join(root, 'pkg/bench/vitest.config.js'), 'export default { test: { globals: false } }');
    assert.equal(findVitestConfig(file), path.join(root, 'pkg/bench/vitest.config.js'));
    assert.deepEqual(vitestGlobals(file, false), { config: path.join(root, 'pkg/bench/vitest.config.js'), globals: false, why: null });
  });

  it('says why it cannot tell where it may not load the config', () => {
    mkdirSync(path.join(root, 'other'), { recursive: true });
    writeFileSync(path.join(root, 'other/package.json'), '{}');
    writeFileSync(path.join(root, 'other/vitest.config.ts'), 'export default { test: { globals: on } }');
    const answer = vitestGlobals(path.join(root, 'other/x.bench.ts'), false);
    assert.equal(answer.globals, null);
    assert.match(answer.why ?? '', /does not state test\.globals/);
  });
});
