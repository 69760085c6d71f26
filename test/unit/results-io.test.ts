import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readResults, ResultsFileError, SUPPORTED_SCHEMA_VERSIONS } from '../../src/results/files/read-results.js';
import type { ResultsFile } from '../../src/results/types.js';
import { writeResultsAtomic } from '../../src/results/files/write-results.js';

const fixtureText = readFileSync(new URL('../fixtures/results/valid-v4.json', import.meta.url), 'utf8');
const v2Text = readFileSync(new URL('../fixtures/results/valid-v2.json', import.meta.url), 'utf8');

/** The version 2 fixture as version 3 readers see it: no host tracking, benchmarks one after another. */
function v2AsV3(): ResultsFile {
  const v2 = JSON.parse(v2Text) as ResultsFile;
  return { ...v2, schemaVersion: 4, settings: { ...v2.settings, interleave: false }, benchmarks: v2.benchmarks.map((b) => ({ ...b, host: null, stateProbe: null })), host: null };
}

function fixture(): ResultsFile {
  return JSON.parse(fixtureText) as ResultsFile;
}

const root = mkdtempSync(join(tmpdir(), 'ubench-results-io-'));
after(() => rmSync(root, { recursive: true, force: true }));

let dirCounter = 0;
function freshDir(): string {
  dirCounter += 1;
  const dir = join(root, `case-${dirCounter}`);
  mkdirSync(dir);
  return dir;
}

/** Asserts `fn` throws the given error class with a one-line message naming `path` and matching `pattern`. */
function assertOneLineError(fn: () => unknown, errorClass: new (...args: any[]) => Error, path: string, pattern: RegExp): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof errorClass, `expected ${errorClass.name}, got ${String(err)}`);
    assert.ok(!err.message.includes('\n'), `message is not one line: ${JSON.stringify(err.message)}`);
    assert.ok(err.message.includes(path), `message does not name ${path}: ${err.message}`);
    assert.match(err.message, pattern);
    return true;
  });
}

describe('writeResultsAtomic', () => {
  it('writes a file that readResults reads back unchanged', () => {
    const path = join(freshDir(), 'results.json');
    writeResultsAtomic(path, fixture());
    assert.deepEqual(readResults(path), fixture());
    assert.ok(readFileSync(path, 'utf8').endsWith('}\n'));
  });

  it('creates missing parent folders', () => {
    const path = join(freshDir(), 'a', 'b', 'c', 'results.json');
    writeResultsAtomic(path, fixture());
    assert.equal(readResults(path).benchmarks.length, 3);
  });

  it('overwrites the previous file and leaves no temp files behind', () => {
    const dir = freshDir();
    const path = join(dir, 'results.json');
    const results = fixture();
    results.complete = false;
    results.finishedAt = null;
    const all = results.benchmarks.splice(0);
    for (const bench of all) {
      results.benchmarks.push(bench);
      writeResultsAtomic(path, results);
      assert.equal(readResults(path).benchmarks.length, results.benchmarks.length);
    }
    results.complete = true;
    writeResultsAtomic(path, results);
    assert.equal(readResults(path).complete, true);
    assert.deepEqual(readdirSync(dir), ['results.json']);
  });

  it('throws a one-line error naming the path and removes its temp file when the rename fails', () => {
    const dir = freshDir();
    const path = join(dir, 'results.json');
    mkdirSync(path); // a directory where the file should go: the final rename fails
    assertOneLineError(() => writeResultsAtomic(path, fixture()), Error, path, /^cannot write results file /);
    assert.deepEqual(readdirSync(dir), ['results.json']);
  });

  it('throws a one-line error naming the path when the folder cannot be created', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'blocker'), 'not a folder');
    const path = join(dir, 'blocker', 'results.json');
    assertOneLineError(() => writeResultsAtomic(path, fixture()), Error, path, /^cannot write results file /);
    assert.deepEqual(readdirSync(dir), ['blocker']);
  });

  it('throws a one-line error when the results cannot be serialised, creating nothing', () => {
    const dir = freshDir();
    const path = join(dir, 'results.json');
    const results = fixture() as ResultsFile & { loop?: unknown };
    results.loop = results; // cycle
    assertOneLineError(() => writeResultsAtomic(path, results), Error, path, /^cannot write results file /);
    assert.deepEqual(readdirSync(dir), []);
  });
});

describe('readResults', () => {
  function fileWith(content: string): string {
    const path = join(freshDir(), 'results.json');
    writeFileSync(path, content);
    return path;
  }

  it('reads a file with a byte order mark', () => {
    const path = fileWith(`\uFEFF${fixtureText}`);
    assert.deepEqual(readResults(path), fixture());
  });

  it('keeps unknown fields (readers ignore them)', () => {
    const doc = { ...fixture(), addedLater: { x: 1 } };
    const path = fileWith(JSON.stringify(doc));
    assert.deepEqual(readResults(path), doc);
  });

  it('exports the supported versions', () => {
    assert.deepEqual(SUPPORTED_SCHEMA_VERSIONS, [1, 2, 3, 4]);
  });

  it('reads a version 3 file as version 4 as it is (version 4 only added the stop reason host-limit)', () => {
    const v3 = readFileSync(new URL('../fixtures/results/valid-v3.json', import.meta.url), 'utf8');
    assert.deepEqual(readResults(fileWith(v3)), { ...(JSON.parse(v3) as ResultsFile), schemaVersion: 4 });
  });

  it('reads a version 2 file as version 3: no host track, sequential, host null', () => {
    const upgraded = readResults(fileWith(v2Text));
    assert.deepEqual(upgraded, v2AsV3());
    assert.equal(upgraded.settings.interleave, false);
    assert.ok(upgraded.benchmarks.every((b) => b.host === null));
  });

  it('reads a version 1 file as version 3: jit and deopts move into profile, the passes read as not run', () => {
    const v1 = readFileSync(new URL('../fixtures/results/valid-v1.json', import.meta.url), 'utf8');
    const upgraded = readResults(fileWith(v1));
    assert.deepEqual(upgraded, v2AsV3());
    const parsed = JSON.parse(v1) as { benchmarks: { jit: unknown; deopts: unknown }[] };
    upgraded.benchmarks.forEach((b, i) => {
      assert.equal('jit' in b, false);
      assert.deepEqual(b.profile.deopts, parsed.benchmarks[i]!.deopts);
      assert.equal(b.profile.hot, null);
    });
  });

  it('rejects a missing file', () => {
    const path = join(freshDir(), 'nope.json');
    assertOneLineError(() => readResults(path), ResultsFileError, path, /^cannot read results file .*: no such file$/);
  });

  it('rejects a directory', () => {
    const path = freshDir();
    assertOneLineError(() => readResults(path), ResultsFileError, path, /^cannot read results file .*: it is a directory$/);
  });

  it('rejects an empty file', () => {
    const path = fileWith('  \n');
    assertOneLineError(() => readResults(path), ResultsFileError, path, /^malformed JSON in .*: the file is empty$/);
  });

  it('rejects malformed JSON, saying where', () => {
    const path = fileWith('{\n  "schemaVersion": 1,\n  oops\n}\n');
    assertOneLineError(() => readResults(path), ResultsFileError, path, /^malformed JSON in .* at line 3, column 3: /);
  });

  it('rejects truncated JSON', () => {
    const path = fileWith(fixtureText.slice(0, 200));
    assertOneLineError(() => readResults(path), ResultsFileError, path, /^malformed JSON in /);
  });

  it('rejects malformed JSON without quoting the multi-line input', () => {
    const path = fileWith('{\n  "schemaVersion": x,\n  "benchmarks": []\n}');
    assertOneLineError(() => readResults(path), ResultsFileError, path, /^malformed JSON in [^"]*: Unexpected token 'x'$/);
  });

  for (const [what, content] of [
    ['an array', '[1, 2]'],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"results"'],
  ] as const) {
    it(`rejects ${what} at the top level as not a results file`, () => {
      const path = fileWith(content);
      assertOneLineError(() => readResults(path), ResultsFileError, path, /is not a ubench results file \(top level is /);
    });
  }

  it('rejects an object without schemaVersion as not a results file', () => {
    const path = fileWith('{"name": "some-package", "version": "1.0.0"}');
    assertOneLineError(() => readResults(path), ResultsFileError, path, /is not a ubench results file \(no schemaVersion\)$/);
  });

  it('rejects a newer schema version, naming the supported one and suggesting an upgrade', () => {
    const path = fileWith(JSON.stringify({ ...fixture(), schemaVersion: 5 }));
    assertOneLineError(() => readResults(path), ResultsFileError, path, /has results schema version 5; this ubench reads versions 1, 2, 3, 4 \(.*upgrade ubench/);
  });

  for (const version of [0, '1', null, 1.5]) {
    it(`rejects schemaVersion ${JSON.stringify(version)}`, () => {
      const path = fileWith(JSON.stringify({ ...fixture(), schemaVersion: version }));
      assertOneLineError(() => readResults(path), ResultsFileError, path, /has results schema version .*; this ubench reads versions 1, 2, 3, 4$/);
    });
  }

  for (const [what, change, pattern] of [
    ['benchmarks that is not an array', { benchmarks: {} }, /"benchmarks" is not an array$/],
    ['a benchmark that is not an object', { benchmarks: [null] }, /"benchmarks\[0\]" is not an object$/],
    ['a missing benchmarks field', { benchmarks: undefined }, /"benchmarks" is not an array$/],
    ['fileErrors that is not an array', { fileErrors: 'none' }, /"fileErrors" is not an array$/],
    ['an environment that is not an object', { environment: [] }, /"environment" is not an object$/],
    ['settings that are not an object', { settings: null }, /"settings" is not an object$/],
  ] as const) {
    it(`rejects ${what}`, () => {
      const path = fileWith(JSON.stringify({ ...fixture(), ...change }));
      assertOneLineError(() => readResults(path), ResultsFileError, path, pattern);
    });
  }

  it('ResultsFileError is an Error carrying the path', () => {
    const path = join(freshDir(), 'missing.json');
    try {
      readResults(path);
      assert.fail('expected readResults to throw');
    } catch (err) {
      assert.ok(err instanceof Error);
      assert.ok(err instanceof ResultsFileError);
      assert.equal(err.name, 'ResultsFileError');
      assert.equal(err.path, path);
    }
  });
});
