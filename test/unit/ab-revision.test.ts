/**
 * The pieces of `ubench ab <rev>` that need no process: how a checkout gets its dependencies
 * (decided from its files against the working tree's), the working tree's label, and pairing by
 * the whole id (file and name) when the two sides hold the same files.
 */
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { abOrder, analyseAb, type AbPair } from '../../src/analysis/ab-pairs.js';
import type { ResultsFile } from '../../src/results/types.js';
import { workingTreeLabel } from '../../src/runner/git/revision.js';
import { planDependencies, provideDependencies } from '../../src/runner/git/side-dependencies.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ubench-ab-revision-'));
after(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
/** A project folder with these files (text), `node_modules` made when asked. */
function project(files: Record<string, string>, modules = false): string {
  const root = path.join(dir, `p${++count}`);
  mkdirSync(root, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(path.join(root, f), text);
  if (modules) mkdirSync(path.join(root, 'node_modules'));
  return root;
}

const PKG = '{"name":"x"}\n';

describe('planDependencies', () => {
  it('links the working tree’s node_modules when the lockfiles are byte-equal', () => {
    const working = project({ 'package.json': PKG, 'package-lock.json': 'lock 1' }, true);
    const plan = planDependencies(project({ 'package.json': '{"name":"x","version":"2"}\n', 'package-lock.json': 'lock 1' }), working);
    assert.equal(plan.kind, 'link');
    assert.equal(plan.kind === 'link' && plan.target, path.join(working, 'node_modules'));
  });

  it('installs with the lockfile’s client when a lockfile differs by one byte, and names it', () => {
    const working = project({ 'package.json': PKG, 'pnpm-lock.yaml': 'lock 1' }, true);
    const plan = planDependencies(project({ 'package.json': PKG, 'pnpm-lock.yaml': 'lock 2' }), working);
    assert.deepEqual(plan, { kind: 'install', command: 'pnpm', args: ['install', '--frozen-lockfile'], reason: "pnpm-lock.yaml differ from the working tree's" });
    const npm = planDependencies(project({ 'package.json': PKG, 'package-lock.json': 'a' }), project({ 'package.json': PKG, 'package-lock.json': 'b' }, true));
    assert.equal(npm.kind === 'install' && [npm.command, ...npm.args].join(' '), 'npm ci');
  });

  it('a lockfile on one side only is a difference', () => {
    const plan = planDependencies(project({ 'package.json': PKG, 'yarn.lock': 'y' }), project({ 'package.json': PKG, 'yarn.lock': 'y', 'package-lock.json': 'n' }, true));
    assert.equal(plan.kind, 'install');
  });

  it('no package.json: nothing to provide; no node_modules in the working tree: nothing to link', () => {
    assert.equal(planDependencies(project({ 'README.md': '' }), project({}, true)).kind, 'none');
    assert.equal(planDependencies(project({ 'package.json': PKG, 'bun.lock': 'b' }), project({ 'package.json': PKG, 'bun.lock': 'b' })).kind, 'none');
  });

  it('no lockfile: an equal package.json links, a different one installs with npm', () => {
    assert.equal(planDependencies(project({ 'package.json': PKG }), project({ 'package.json': PKG }, true)).kind, 'link');
    assert.equal(planDependencies(project({ 'package.json': PKG }), project({ 'package.json': '{}' }, true)).kind, 'install');
  });

  it('provideDependencies links node_modules into the checkout and says so', async () => {
    const working = project({ 'package.json': PKG, 'package-lock.json': 'l' }, true);
    const checkout = project({ 'package.json': PKG, 'package-lock.json': 'l' });
    const line = await provideDependencies(checkout, planDependencies(checkout, working), () => 0);
    assert.match(line, /^dependencies: the working tree's \(package-lock\.json identical/);
    assert.equal(realpathSync(path.join(checkout, 'node_modules')), realpathSync(path.join(working, 'node_modules')));
    assert.ok(lstatSync(path.join(checkout, 'node_modules')).isSymbolicLink());
  });

  it('an install that fails is a one-line usage error saying nothing was measured', async () => {
    const checkout = project({ 'package.json': PKG });
    await assert.rejects(
      provideDependencies(checkout, { kind: 'install', command: process.execPath, args: ['-e', 'process.exit(3)'], reason: 'r' }, () => 0),
      /failed: exit 3; nothing was measured$/,
    );
  });
});

describe('workingTreeLabel', () => {
  it('counts changed and untracked files, or says there are none', () => {
    assert.equal(workingTreeLabel({ changed: 0, untracked: 0 }), 'working tree (no changes since HEAD)');
    assert.equal(workingTreeLabel({ changed: 1, untracked: 0 }), 'working tree (1 file changed since HEAD)');
    assert.equal(workingTreeLabel({ changed: 3, untracked: 2 }), 'working tree (3 files changed since HEAD, 2 untracked)');
  });
});

describe('analyseAb keyed by id', () => {
  const file = (entries: [string, number][]): ResultsFile => ({
    ...fullResults,
    benchmarks: entries.map(([id, ns]) => ({ ...syntheticResult({ perOp: [ns, ns, ns] }), id, name: id.split('#')[1]!, group: null })),
  });
  it('pairs the same name in two files apart, and lists a benchmark of one side', () => {
    const pairs: AbPair[] = [0, 1, 2, 3, 4, 5].map((i) => ({
      order: abOrder(i),
      a: file([
        ['a.bench.ts#w', 100],
        ['b.bench.ts#w', 50],
      ]),
      b: file([
        ['a.bench.ts#w', 200],
        ['b.bench.ts#w', 50],
        ['b.bench.ts#new', 1],
      ]),
    }));
    const analysis = analyseAb(pairs, 0.01, 'time', (b) => b.id);
    assert.deepEqual(
      analysis.rows.map((r) => [r.name, r.ratio]),
      [
        ['a.bench.ts#w', 2],
        ['b.bench.ts#w', 1],
      ],
    );
    assert.deepEqual(analysis.onlyInB, ['b.bench.ts#new']);
    // Keyed by group/name (two files), the two `w` would be one row.
    assert.equal(analyseAb(pairs, 0.01).rows.length, 1);
  });
});
