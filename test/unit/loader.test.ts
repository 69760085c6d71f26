/**
 * ubench's TypeScript loader, piece by piece: where a TypeScript import may point, which module
 * system a file runs in, and what JavaScript it becomes (types removed and nothing else, without
 * name wrappers; ES module syntax in a CommonJS scope emitted as tsc does, with data-property
 * exports).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { compileModule } from '../../src/engine/loader/compile-module.js';
import { hasModuleSyntax, moduleFormat } from '../../src/engine/loader/module-format.js';
import { instanceOf, instanceUrl, isSharedFile, REGISTER_HOOKS, startWaitingHooks } from '../../src/engine/loader/module-instances.js';
import { packageTypeOf } from '../../src/engine/loader/package-scope.js';
import { isPathSpecifier, resolveCandidates } from '../../src/engine/loader/resolve-candidates.js';

const root = mkdtempSync(path.join(tmpdir(), 'ubench-loader-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A package folder with the given package.json "type" (undefined: a package.json without one). */
function packageWith(name: string, type: string | undefined, files: Record<string, string> = {}): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(type === undefined ? { name } : { name, type }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('resolve candidates', () => {
  it('tries the TypeScript twin of a .js-family name, and only that', async () => {
    assert.deepEqual(resolveCandidates('./lib.js'), ['./lib.ts', './lib.tsx']);
    assert.deepEqual(resolveCandidates('../a/b.mjs'), ['../a/b.mts']);
    assert.deepEqual(resolveCandidates('./c.cjs?x=1'), ['./c.cts?x=1']);
    assert.deepEqual(resolveCandidates('./v.jsx'), ['./v.tsx']);
  });
  it('tries extensions, TypeScript first, then a folder index, for a name without one', async () => {
    const candidates = resolveCandidates('./lib');
    assert.equal(candidates[0], './lib.ts');
    assert.ok(candidates.indexOf('./lib.ts') < candidates.indexOf('./lib.js'));
    assert.ok(candidates.includes('./lib/index.ts') && candidates.includes('./lib/index.js'));
    assert.ok(!candidates.includes('./lib/index.json'));
    assert.equal(resolveCandidates('./dir/')[0], './dir.ts');
  });
  it('tells paths from packages', async () => {
    for (const s of ['./a', '../a', '/a', 'file:///a', '.', '..']) assert.ok(isPathSpecifier(s), s);
    for (const s of ['lodash', '@scope/x', 'node:fs', '#internal']) assert.ok(!isPathSpecifier(s), s);
  });
});

describe('module format', () => {
  const esm = packageWith('esm', 'module', { 'a.ts': '' });
  const cjs = packageWith('cjs', 'commonjs', { 'nested/deep/a.ts': '' });
  const typeless = packageWith('typeless', undefined, { 'a.ts': '' });
  it('reads the nearest package.json, nested folders included', async () => {
    assert.equal(packageTypeOf(path.join(esm, 'a.ts')), 'module');
    assert.equal(packageTypeOf(path.join(cjs, 'nested/deep/a.ts')), 'commonjs');
    assert.equal(packageTypeOf(path.join(typeless, 'a.ts')), null);
  });
  it('gives .mts and .cts their own systems whatever the package says', async () => {
    assert.equal(
      moduleFormat('/x/a.mts', 'commonjs', () => ''),
      'module',
    );
    assert.equal(
      moduleFormat('/x/a.cts', 'module', () => 'export {}'),
      'commonjs',
    );
  });
  it('follows the package type, and without one the syntax (as Node detects it)', async () => {
    assert.equal(
      moduleFormat('/x/a.ts', 'module', () => 'require("x")'),
      'module',
    );
    assert.equal(
      moduleFormat('/x/a.ts', 'commonjs', () => 'export const a = 1;'),
      'commonjs',
    );
    assert.equal(
      moduleFormat('/x/a.ts', null, () => 'export const a = 1;'),
      'module',
    );
    assert.equal(
      moduleFormat('/x/a.ts', null, () => 'module.exports = 1; return;'),
      'commonjs',
    );
  });
  it('detects import and export statements, import.meta and top-level await, not lookalikes', async () => {
    assert.ok(hasModuleSyntax('import x from "y";'));
    assert.ok(hasModuleSyntax('const a = 1;\nexport { a };'));
    assert.ok(hasModuleSyntax('console.log(import.meta.url);'));
    assert.ok(hasModuleSyntax('await Promise.resolve(1);'));
    assert.ok(!hasModuleSyntax('const s = "export default 1"; // import x from "y"'));
    assert.ok(!hasModuleSyntax('const m = import("./dynamic.js");'));
    assert.ok(!hasModuleSyntax('this is not javascript ('));
  });
});

describe('compiled modules', () => {
  const source = [
    'import type { Shape } from "./shape";',
    'export function add(a: number, b: number): number {',
    '  return a + b;',
    '}',
    'export const ORIGIN: { x: number; y: number } = { x: 0, y: 0 };',
    '',
  ].join('\n');

  it('removes types from an ES module and nothing else: same statements, module syntax kept, a source map back', async () => {
    const dir = packageWith('erase', 'module', { 'lib.ts': source });
    const compiled = await compileModule(path.join(dir, 'lib.ts'), source);
    assert.equal(compiled.format, 'module');
    assert.match(compiled.code, /^export function add\(a, b\) \{\n {2}return a \+ b;\n\}$/m);
    assert.match(compiled.code, /^export const ORIGIN = \{ x: 0, y: 0 \};$/m);
    assert.doesNotMatch(compiled.code, /: number|import type|__name|use strict/);
    assert.match(compiled.code, /sourceMappingURL=data:/);
  });

  it('compiles enums and parameter properties without wrapping functions (no keepNames), module syntax kept', async () => {
    const enumSource = 'enum Color { Red, Green }\nexport class P { constructor(public x: number) {} }\nexport function paint(c: Color) { return c; }\n';
    const dir = packageWith('enum', 'module', { 'e.ts': enumSource });
    const compiled = await compileModule(path.join(dir, 'e.ts'), enumSource);
    assert.equal(compiled.format, 'module');
    assert.match(compiled.code, /export function paint/);
    assert.match(compiled.code, /this\.x = x/);
    assert.doesNotMatch(compiled.code, /__name|__publicField|__export/);
    assert.match(compiled.code, /sourceMappingURL=data:/);
  });

  it('emits ES module syntax in a CommonJS package as tsc does: exports are data properties, not getters', async () => {
    const dir = packageWith('tsc-cjs', 'commonjs', { 'lib.ts': source });
    const compiled = await compileModule(path.join(dir, 'lib.ts'), source);
    assert.equal(compiled.format, 'commonjs');
    assert.match(compiled.code, /exports\.add = add;/);
    assert.match(compiled.code, /exports\.ORIGIN = \{ x: 0, y: 0 \}/);
    assert.doesNotMatch(compiled.code, /get: |__export|__name|defineProperty\(exports, "add"/);
    const module = { exports: {} as Record<string, unknown> };
    new Function('exports', 'require', 'module', compiled.code)(module.exports, () => ({}), module);
    const descriptor = Object.getOwnPropertyDescriptor(module.exports, 'add');
    assert.equal(typeof descriptor?.value, 'function');
    assert.equal(descriptor?.get, undefined);
    assert.equal((module.exports.add as (a: number, b: number) => number)(2, 3), 5);
  });

  it('reads an imported binding through the exports object, as tsc does', async () => {
    const user = 'import { add } from "./lib";\nexport const three = add(1, 2);\n';
    const dir = packageWith('tsc-cjs-import', 'commonjs', { 'use.ts': user });
    const code = (await compileModule(path.join(dir, 'use.ts'), user)).code;
    assert.match(code, /const lib_1 = require\("\.\/lib"\);/);
    assert.match(code, /\(0, lib_1\.add\)\(1, 2\)/);
  });

  it('keeps CommonJS written as CommonJS as written (types removed)', async () => {
    const written = 'const fs = require("node:fs");\nmodule.exports = function size(p: string): number { return fs.statSync(p).size; };\n';
    const dir = packageWith('plain-cjs', 'commonjs', { 'size.ts': written });
    const compiled = await compileModule(path.join(dir, 'size.ts'), written);
    assert.equal(compiled.format, 'commonjs');
    assert.match(compiled.code, /^const fs = require\("node:fs"\);\nmodule\.exports = function size\(p\) \{/);
    assert.doesNotMatch(compiled.code, /use strict|__esModule|__name/);
  });

  it("runs ES module syntax in a package without a type as an ES module (Node's detection)", async () => {
    const dir = packageWith('detect', undefined, { 'lib.ts': source });
    assert.equal((await compileModule(path.join(dir, 'lib.ts'), source)).format, 'module');
  });

  it('emits CommonJS for a file loaded by require(), whatever its package type', async () => {
    const dir = packageWith('required', 'module', { 'lib.ts': source });
    const compiled = await compileModule(path.join(dir, 'lib.ts'), source, true);
    assert.equal(compiled.format, 'commonjs');
    assert.match(compiled.code, /exports\.add = add;/);
  });

  it('honours the project tsconfig: esModuleInterop off reads a default import as tsc would', async () => {
    const user = 'import express from "express";\nexport const app = express();\n';
    const dir = packageWith('interop', 'commonjs', { 'app.ts': user, 'tsconfig.json': JSON.stringify({ compilerOptions: { esModuleInterop: false } }) });
    assert.match((await compileModule(path.join(dir, 'app.ts'), user)).code, /\(0, express_1\.default\)\(\)/);
    assert.doesNotMatch((await compileModule(path.join(dir, 'app.ts'), user)).code, /__importDefault/);
    const other = packageWith('interop-default', 'commonjs', { 'app.ts': user });
    assert.match((await compileModule(path.join(other, 'app.ts'), user)).code, /__importDefault/);
  });

  it('reports a syntax error with the file and position', async () => {
    const broken = 'export const a = ;\n';
    const dir = packageWith('broken', 'module', { 'b.ts': broken });
    await assert.rejects(compileModule(path.join(dir, 'b.ts'), broken), /b\.ts:1:\d+: ERROR: Unexpected/);
  });
});

describe('module instances', () => {
  it('marks instance k of a URL, and reads the mark back', async () => {
    assert.equal(instanceUrl('file:///p/a.bench.ts', 0), 'file:///p/a.bench.ts');
    const second = instanceUrl('file:///p/a.bench.ts', 2);
    assert.equal(instanceOf(second), '2');
    assert.equal(instanceOf('file:///p/a.bench.ts'), null);
    assert.equal(instanceOf(undefined), null);
    assert.equal(instanceOf('node:fs'), null);
  });
  it("shares packages and ubench itself, never the project's files", async () => {
    assert.ok(isSharedFile('/p/node_modules/lodash/get.js', '/opt/ubench/'));
    assert.ok(isSharedFile('/opt/ubench/dist/index.js', '/opt/ubench/'));
    assert.ok(!isSharedFile('/p/src/lib.ts', '/opt/ubench/'));
  });
  it('starts hooks left waiting exactly once, and does nothing where none wait', () => {
    const global = globalThis as Record<symbol, unknown>;
    let started = 0;
    startWaitingHooks();
    global[REGISTER_HOOKS] = () => started++;
    startWaitingHooks();
    startWaitingHooks();
    assert.equal(started, 1);
    assert.equal(REGISTER_HOOKS in global, false);
  });
});
