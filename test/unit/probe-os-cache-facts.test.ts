import { strict as assert } from 'node:assert';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { parseCacheSize, readOsCacheFacts } from '../../src/probe/os-cache-facts.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/probe/${name}`, import.meta.url));

describe('parseCacheSize', () => {
  it('reads K, M, G and plain bytes', () => {
    assert.equal(parseCacheSize('48K'), 48 * 1024);
    assert.equal(parseCacheSize('32M\n'), 32 * 1024 * 1024);
    assert.equal(parseCacheSize('1G'), 1024 ** 3);
    assert.equal(parseCacheSize('512'), 512);
    assert.equal(parseCacheSize('big'), null);
  });
});

describe('readOsCacheFacts', () => {
  it('reads every index folder of a full fixture, ignoring other entries', () => {
    const facts = readOsCacheFacts(fixture('sysfs-cache'), () => 4096);
    assert.deepEqual(facts, {
      caches: [
        { level: 1, type: 'Data', sizeBytes: 32 * 1024, lineBytes: 64 },
        { level: 1, type: 'Instruction', sizeBytes: 32 * 1024, lineBytes: 64 },
        { level: 2, type: 'Unified', sizeBytes: 1024 * 1024, lineBytes: 64 },
        { level: 3, type: 'Unified', sizeBytes: 32 * 1024 * 1024, lineBytes: 64 },
      ],
      lineBytes: 64,
      pageBytes: 4096,
    });
  });
  it('returns null pieces where files are missing or unreadable, orders by level', () => {
    const facts = readOsCacheFacts(fixture('sysfs-partial'), () => null);
    assert.deepEqual(facts.caches, [
      { level: 1, type: 'Instruction', sizeBytes: 64 * 1024, lineBytes: 64 },
      { level: 2, type: 'Unified', sizeBytes: 2 * 1024 * 1024, lineBytes: 128 },
      { level: 3, type: 'Unified', sizeBytes: null, lineBytes: null },
    ]);
    assert.equal(facts.lineBytes, 128); // the instruction cache's line is not used
    assert.equal(facts.pageBytes, null);
  });
  it('returns no caches for a missing folder', () => {
    assert.deepEqual(
      readOsCacheFacts(fixture('does-not-exist'), () => 8192),
      { caches: [], lineBytes: null, pageBytes: 8192 },
    );
  });
});
