import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { FileLockError, withFileLock } from '../../src/results/files/file-lock.js';
import { readResults, ResultsFileError } from '../../src/results/files/read-results.js';
import { compileSchemaCheck } from '../../src/results/files/schema-check.js';
import { readCalibration, recordRun } from '../../src/runner/host-speed/host-calibration.js';
import { MUTATION_KINDS, mutateResults, seededRandom } from '../helpers/results-fuzz.js';

const schemaOf = (name: string) => JSON.parse(readFileSync(new URL(`../../schema/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const fixtureOf = (v: number) => JSON.parse(readFileSync(new URL(`../fixtures/results/valid-v${v}.json`, import.meta.url), 'utf8')) as Record<string, any>;

const dir = mkdtempSync(path.join(tmpdir(), 'ubench-schema-check-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('schema check', () => {
  const check = compileSchemaCheck(schemaOf('results.schema.json'));

  it('accepts the valid fixtures of every version against their own schema', () => {
    assert.equal(compileSchemaCheck(schemaOf('results-v1.schema.json'))(fixtureOf(1)), null);
    assert.equal(compileSchemaCheck(schemaOf('results-v2.schema.json'))(fixtureOf(2)), null);
    assert.equal(compileSchemaCheck(schemaOf('results-v3.schema.json'))(fixtureOf(3)), null);
    assert.equal(check(fixtureOf(4)), null);
  });

  it('names the first violation with its JSON path', () => {
    const doc = fixtureOf(4);
    doc.benchmarks[1].samples = 'many';
    assert.equal(check(doc), 'benchmarks/1/samples must be array');
    const other = fixtureOf(4);
    other.benchmarks[0].status = 'great';
    assert.match(check(other)!, /^benchmarks\/0\/status must be one of "ok", /);
    const missing = fixtureOf(4);
    delete missing.environment.cpu;
    assert.equal(check(missing), 'environment must have property cpu');
  });

  it('agrees with Ajv (strict JSON Schema 2020-12) on 300 seeded mutations', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false }).compile(schemaOf('results.schema.json'));
    const random = seededRandom(7);
    // Mutations whose harm is beyond the schema (ubench's own limits) are left to the reader tests.
    const kinds = MUTATION_KINDS.filter((k) => !['truncate', 'proto-key', 'deep-nesting', 'nan-like', 'huge-array'].includes(k));
    let rejected = 0;
    for (let i = 0; i < 300; i++) {
      const mutation = mutateResults(fixtureOf(4), random, kinds[i % kinds.length]);
      const doc = JSON.parse(mutation.text) as unknown;
      const ours = check(doc);
      assert.equal(ours === null, ajv(doc), `mutation ${i} (${mutation.kind}): ours ${ours}, Ajv ${JSON.stringify(ajv.errors?.[0])}`);
      if (ours !== null) rejected++;
    }
    assert.ok(rejected > 50, `the mutations must exercise rejection (${rejected} of 300 rejected)`);
  });

  it('refuses what no ubench file holds: __proto__ keys, non-finite numbers, deep nesting, too long arrays', () => {
    const text = JSON.stringify(fixtureOf(4));
    const withProto = JSON.parse(text.replace('"settings":{', '"settings":{"__proto__":{"polluted":true},')) as unknown;
    assert.equal(check(withProto), 'settings has a "__proto__" key');
    const infinite = JSON.parse(text.replace(/"nsPerOp":[0-9.e+-]+/, '"nsPerOp":1e999')) as unknown;
    assert.match(check(infinite)!, /nsPerOp must be a finite number$/);
    const deep = JSON.parse(text.replace('"filter":null', `"filter":${'['.repeat(100)}${']'.repeat(100)}`)) as unknown;
    assert.match(check(deep)!, /^settings\/filter must be string or null$/);
    const huge = fixtureOf(4);
    huge.benchmarks[0].samples = new Array(1_000_001).fill({ iterations: 1, elapsedNs: 1 });
    assert.match(check(huge)!, /^benchmarks\/0\/samples has 1000001 items, more than the 1000000 accepted$/);
  });

  it('refuses a schema with a keyword it does not implement', () => {
    assert.throws(() => compileSchemaCheck({ type: 'object', patternProperties: {} }), /keyword patternProperties/);
  });
});

describe('readResults', () => {
  it('reads v1 and v2 files (checked against their own schema, then upgraded)', () => {
    for (const v of [1, 2, 3]) {
      const file = path.join(dir, `v${v}.json`);
      writeFileSync(file, JSON.stringify(fixtureOf(v)));
      assert.equal(readResults(file).schemaVersion, 4);
    }
  });

  it('a schema violation is a one-line ResultsFileError naming the file and the path', () => {
    const doc = fixtureOf(4);
    doc.benchmarks[2].diagnostics = [{ code: 7 }];
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(doc));
    assert.throws(
      () => readResults(file),
      (error: unknown) => error instanceof ResultsFileError && error.message.startsWith(`${file}: benchmarks/2/diagnostics/0 must have property `) && !error.message.includes('\n'),
    );
  });
});

describe('file lock', () => {
  it('removes a lock whose holder is no longer running', () => {
    const file = path.join(dir, 'stale.json');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(`${file}.lock`, `${gone} ${Date.now()}\n`);
    assert.equal(
      withFileLock(file, () => 'ran'),
      'ran',
    );
    assert.ok(!existsSync(`${file}.lock`));
  });

  it('removes a lock older than the stale age even when its pid is running', () => {
    const file = path.join(dir, 'old.json');
    writeFileSync(`${file}.lock`, `${process.pid} ${Date.now() - 60_000}\n`);
    assert.equal(
      withFileLock(file, () => 'ran'),
      'ran',
    );
  });

  it('waits for a live holder, then gives up with a one-line error naming the lock and the holder', () => {
    const file = path.join(dir, 'held.json');
    writeFileSync(`${file}.lock`, `${process.pid} ${Date.now()}\n`);
    assert.throws(
      () => withFileLock(file, () => 'ran', { waitMs: 50 }),
      (error: unknown) => error instanceof FileLockError && error.message === `${file}.lock is held by process ${process.pid} (waited 0 s)`,
    );
    assert.ok(existsSync(`${file}.lock`), 'a live holder keeps its lock');
  });

  it('releases the lock when the section throws', () => {
    const file = path.join(dir, 'throws.json');
    assert.throws(() =>
      withFileLock(file, () => {
        throw new Error('inside');
      }),
    );
    assert.ok(!existsSync(`${file}.lock`));
  });
});

describe('host calibration file', () => {
  it('keeps a damaged file as a backup, says so once, and starts a new one', () => {
    const cache = mkdtempSync(path.join(dir, 'cache-'));
    const file = path.join(cache, 'host-calibration.json');
    writeFileSync(file, '{"format": "ubench-host-calibration", "version": 1, "machines": {tor');
    const backup = recordRun(file, 'm', { referenceNs: 5000, throughputNs: null }, new Date('2026-11-26T10:00:00.000Z'));
    assert.equal(backup, `${file}.corrupt-2026-11-26T10-00-00-000Z`);
    assert.equal(readFileSync(backup!, 'utf8'), '{"format": "ubench-host-calibration", "version": 1, "machines": {tor');
    assert.deepEqual(
      readCalibration(file).machines['m']?.runs.map((r) => r.referenceNs),
      [5000],
    );
    assert.equal(recordRun(file, 'm', { referenceNs: 5100, throughputNs: null }), null, 'the next run finds a sound file: nothing more to say');
    assert.deepEqual(readdirSync(cache).sort(), ['host-calibration.json', 'host-calibration.json.corrupt-2026-11-26T10-00-00-000Z']);
  });
});
