/** The stripped-code cache between benchmark processes: keys, the disk half, its bound and where it lives. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createStrippedCache, projectCacheDir, strippedKey } from '../../src/engine/loader/stripped-cache.js';

const root = mkdtempSync(path.join(tmpdir(), 'ubench-stripped-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('stripped-code cache', () => {
  it('keys on every input: the options, the path and the source', () => {
    const key = strippedKey(['0.28.2', { sourcefile: '/a.ts' }], 'let a: number = 1');
    assert.equal(key, strippedKey(['0.28.2', { sourcefile: '/a.ts' }], 'let a: number = 1'));
    assert.notEqual(key, strippedKey(['0.28.3', { sourcefile: '/a.ts' }], 'let a: number = 1'));
    assert.notEqual(key, strippedKey(['0.28.2', { sourcefile: '/b.ts' }], 'let a: number = 1'));
    assert.notEqual(key, strippedKey(['0.28.2', { sourcefile: '/a.ts' }], 'let a: number = 2'));
  });

  it('hands another process what one wrote, and keeps memory only without a folder', () => {
    const dir = path.join(root, 'shared', 'stripped');
    createStrippedCache(dir).set('k1', 'const a = 1;');
    assert.equal(createStrippedCache(dir).get('k1'), 'const a = 1;');
    assert.equal(createStrippedCache(dir).get('k2'), undefined);
    assert.deepEqual(
      readdirSync(dir).filter((name) => name.endsWith('.tmp')),
      [],
    );
    const memoryOnly = createStrippedCache(null);
    memoryOnly.set('k1', 'x');
    assert.equal(memoryOnly.get('k1'), 'x');
    assert.equal(createStrippedCache(null).get('k1'), undefined);
  });

  it('removes the older half past its bound', () => {
    const dir = path.join(root, 'bounded');
    const cache = createStrippedCache(dir, 4);
    for (let i = 0; i < 5; i++) cache.set(`k${i}`, `code ${i}`);
    assert.equal(readdirSync(dir).length, 2);
  });

  it('goes on in memory when the folder cannot be written', () => {
    const blocked = path.join(root, 'blocked');
    writeFileSync(blocked, 'a file where the folder would be');
    const cache = createStrippedCache(path.join(blocked, 'stripped'));
    cache.set('k', 'code');
    assert.equal(cache.get('k'), 'code');
  });

  it('lives in the node_modules of the nearest project, and nowhere without one', () => {
    const project = path.join(root, 'project');
    mkdirSync(path.join(project, 'node_modules'), { recursive: true });
    mkdirSync(path.join(project, 'bench', 'deep'), { recursive: true });
    writeFileSync(path.join(project, 'package.json'), '{}');
    assert.equal(projectCacheDir(path.join(project, 'bench', 'deep')), path.join(project, 'node_modules', '.cache', 'ubench', 'stripped'));
    const bare = path.join(root, 'bare');
    mkdirSync(bare);
    writeFileSync(path.join(bare, 'package.json'), '{}');
    assert.equal(projectCacheDir(bare), null);
  });
});
