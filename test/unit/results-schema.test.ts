import { strict as assert } from 'node:assert';
import { complexityResults } from '../fixtures/report/complexity-fixture.js';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { collectEnvironment } from '../../src/results/environment.js';
import { createResultsFile } from '../../src/results/new-results.js';
import type { ResultsFile, RunSettings } from '../../src/results/types.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { PASS_SWITCHES } from '../../src/runner/passes/pass-registry.js';

/** The settings of the passes the first results files had: required. */
const FIRST_PASS_SETTINGS = ['gcCost', 'allocSites', 'profile', 'disasm'];
const LATER_PASS_SETTINGS = PASS_SWITCHES.filter((s) => s.implies === undefined && !FIRST_PASS_SETTINGS.includes(s.key)).map((s) => s.key);

const schema = JSON.parse(readFileSync(new URL('../../schema/results.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const fixtureText = readFileSync(new URL('../fixtures/results/valid-v4.json', import.meta.url), 'utf8');

/** Strict Ajv that turns every strict-mode warning into a failure, so the schema works for strict consumers. */
function compileSchema(): ValidateFunction {
  const fail = (message: unknown): never => {
    throw new Error(`ajv strict-mode warning: ${String(message)}`);
  };
  const ajv = new Ajv2020({ strict: true, allErrors: true, logger: { log: () => {}, warn: fail, error: fail } });
  return ajv.compile(schema);
}

const validate = compileSchema();

function fixture(): Record<string, any> {
  return JSON.parse(fixtureText) as Record<string, any>;
}

function errorsOf(value: unknown): ErrorObject[] {
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

function assertValid(value: unknown): void {
  const errors = errorsOf(value);
  assert.deepEqual(
    errors.map((e) => `${e.instancePath} ${e.message ?? ''}`),
    [],
    'expected the document to validate',
  );
}

/** Asserts the document is rejected, and for the intended reason: an error at (or under) `path`. */
function assertInvalidAt(value: unknown, path: string): void {
  const errors = errorsOf(value);
  assert.ok(errors.length > 0, `expected a validation error at ${path}, but the document validated`);
  assert.ok(
    errors.some((e) => e.instancePath === path || e.instancePath.startsWith(`${path}/`)),
    `expected an error at ${path}, got: ${errors.map((e) => `${e.instancePath} ${e.message ?? ''}`).join('; ')}`,
  );
}

const settings: RunSettings = {
  timeBudgetNs: 1e9,
  warmupMaxNs: 5e8,
  isolate: 'file',
  forks: 1,
  timeoutNs: 6e10,
  filter: null,
  seed: 7,
  precisionTarget: 0.01,
  gcCost: false,
  allocSites: false,
  profile: false,
  disasm: false,
};

describe('results schema', () => {
  it('is a draft 2020-12 schema for version 4 that compiles cleanly in strict mode', () => {
    assert.equal(schema['$schema'], 'https://json-schema.org/draft/2020-12/schema');
    const properties = schema['properties'] as Record<string, Record<string, unknown>>;
    assert.equal(properties['schemaVersion']?.['const'], 4);
    assert.doesNotThrow(compileSchema);
  });

  it('closes every object and requires every field (but evidence and what older files or sequential runs lack)', () => {
    const optional = new Map([
      ['#/$defs/diagnostic', ['evidence']],
      ['#/$defs/sample', ['round', 'hostNs', 'hostThroughputNs', 'waitNs', 'gcNs']],
      ['#', ['analysedBy', 'merged', 'runtimes', 'complexity']],
      ['#/$defs/tierReading', ['markedForOptimization']],
      // A pass's setting is absent from files written before the pass, so every pass after the first four has an optional one (read from the registry).
      ['#/$defs/runSettings', ['interleave', 'shard', 'nodeFlags', 'quick', ...LATER_PASS_SETTINGS]],
      ['#/$defs/environment', ['runId', 'fingerprint', 'harnessV8Flags', 'embedded']],
      ['#/$defs/forkResult', ['source']],
      [
        '#/$defs/benchmarkResult',
        [
          'machine',
          'runtime',
          'runtimeRelative',
          'instructions',
          'bytesPerItem',
          'modules',
          'detachedBuffers',
          'stateChange',
          'perCallChunk',
          'sourceFingerprint',
          'fixedCost',
          'forcedGc',
          'returnValue',
        ],
      ],
      // Present only for a manual loop whose counts were spread (a fixed cost per call dominated); older files lack it.
      ['#/$defs/calibrationInfo', ['spread']],
      // Recorded since module instances; present only when a loader or getter reads were seen.
      ['#/$defs/benchmarkResult/properties/modules', ['loaders', 'getters']],
      ['#/$defs/warmupInfo', ['seriesNs']],
      // Present only when the state-change probe found a change by timing, or could time a copy of a used state.
      ['#/$defs/benchmarkResult/properties/stateChange', ['usedCopyNsPerOp', 'hidden']],
      // Present only when a pass wrote files for the benchmark (a heap snapshot); older files lack it.
      ['#/$defs/profile', ['files']],
      ['#/$defs/runHost', ['throughputNs', 'usualThroughputNs', 'versusUsualThroughput']],
      // quiet: absent where no process had 6 samples in the host's quiet rounds, and in older files.
      ['#/$defs/hostTrack', ['throughputNs', 'quiet']],
      // Recorded since the estimate reads the quiet rounds; older files lack it.
      ['#/$defs/hostTrack/properties/quiet', ['throughputNs']],
      // Recorded since collections are counted apart; older files with instruction counts lack it.
      // Recorded since the fit is derived again on reading; older files lack the regions.
      ['#/$defs/instructionCount', ['collectionPerOp', 'regionCounts']],
      ['#/$defs/benchmarkResult/properties/floor/anyOf/0', ['samples']],
      // Recorded since probe knees carry their climb; older files with a complexity section lack it.
      ['#/$defs/cacheLevelSize', ['climbEndBytes']],
      // Recorded since laws are fitted with level steps; older files with a complexity section lack them.
      ['#/$defs/complexityFit', ['steps', 'penalizedRms']],
      ['#/$defs/complexityReport/properties/groups/items/properties/cliffs/items', ['jump']],
      // Recorded since allocation is counted in every space and the GC share measured apart; older files lack them.
      ['#/$defs/benchmarkResult/properties/memory/anyOf/0', ['samplingGcShare', 'gcApart', 'accounting']],
      ['#/$defs/benchmarkResult/properties/memory/anyOf/0/properties/footprint', ['settledHeapUsed']],
    ]);
    const problems: string[] = [];
    const visit = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) {
        node.forEach((child, i) => visit(child, `${where}/${i}`));
        return;
      }
      const obj = node as Record<string, unknown>;
      const properties = obj['properties'];
      if (obj['type'] === 'object' && typeof properties === 'object' && properties !== null) {
        if (obj['additionalProperties'] !== false) problems.push(`${where}: additionalProperties is not false`);
        const expected = Object.keys(properties).filter((k) => !(optional.get(where) ?? []).includes(k));
        const required = (obj['required'] as string[] | undefined) ?? [];
        if ([...required].sort().join() !== [...expected].sort().join()) {
          problems.push(`${where}: required [${required.join()}] differs from properties [${expected.join()}]`);
        }
      }
      for (const [key, child] of Object.entries(obj)) {
        // Conditional rules only narrow fields already declared; they are not object definitions.
        if (key === 'if' || key === 'then' || key === 'else') continue;
        visit(child, `${where}/${key}`);
      }
    };
    visit(schema, '#');
    assert.deepEqual(problems, []);
  });

  it('accepts the realistic v4 fixture', () => {
    assertValid(fixture());
  });

  it('accepts a file with complexity fits, cliffs and cache facts, and rejects an unknown model', () => {
    const doc = fixture();
    doc['complexity'] = JSON.parse(JSON.stringify(complexityResults().complexity));
    assert.ok(doc['complexity'].groups.length > 0 && doc['complexity'].caches !== null);
    assertValid(doc);
    doc['complexity'].groups[0].best.model = 'O(2^n)';
    assertInvalidAt(doc, '/complexity/groups/0/best/model');
  });

  it('accepts a file with every nullable and optional field filled in (typed as ResultsFile)', () => {
    assertValid(JSON.parse(JSON.stringify(fullResults)));
  });

  it('accepts what createResultsFile(collectEnvironment(...)) produces, before and after results are added', () => {
    const env = collectEnvironment({ v8Flags: ['--expose-gc'], clock: null, startedAt: new Date(), cwd: tmpdir() });
    const fresh: ResultsFile = createResultsFile(env, settings);
    assertValid(JSON.parse(JSON.stringify(fresh)));

    const repoEnv = collectEnvironment({
      v8Flags: [],
      clock: { costNs: 20.5, resolutionNs: 1 },
      startedAt: new Date(),
      cwd: process.cwd(),
    });
    const filled = createResultsFile(repoEnv, { ...settings, filter: 'sort', forks: 2 });
    filled.benchmarks.push(...fullResults.benchmarks);
    filled.fileErrors.push(...fullResults.fileErrors);
    filled.complete = true;
    filled.finishedAt = new Date().toISOString();
    assertValid(JSON.parse(JSON.stringify(filled)));
  });

  it('accepts the example in docs/results-format.md', () => {
    const doc = readFileSync(new URL('../../docs/results-format.md', import.meta.url), 'utf8');
    const example = /```json\n([\s\S]*?)```/.exec(doc)?.[1];
    assert.ok(example !== undefined, 'the document has a json example');
    assertValid(JSON.parse(example));
  });

  it('keeps params and diagnostic evidence free-form', () => {
    const doc = fixture();
    doc['benchmarks'][0].params = { s: 'x', n: 1.5, b: false, z: null };
    doc['benchmarks'][1].diagnostics[0].evidence = { anything: { nested: [1, 'two', null] }, more: true };
    assertValid(doc);
  });

  it('accepts a precision half-width of null (not computable for a 0 ns/op estimate)', () => {
    const doc = fixture();
    doc['benchmarks'][0].precision.reached = null;
    assertValid(doc);
  });

  const mutations: Array<{ what: string; path: string; mutate: (doc: Record<string, any>) => void }> = [
    { what: 'a missing top-level field', path: '', mutate: (d) => delete d['fileErrors'] },
    { what: 'a missing nullable field (null must be explicit)', path: '/benchmarks/2', mutate: (d) => delete d['benchmarks'][2].relative },
    { what: 'a missing environment field', path: '/environment', mutate: (d) => delete d['environment'].git },
    { what: 'a missing estimate field', path: '/benchmarks/0/estimate', mutate: (d) => delete d['benchmarks'][0].estimate.confidence },
    { what: 'an unknown top-level property', path: '', mutate: (d) => (d['extra'] = 1) },
    { what: 'an unknown benchmark property', path: '/benchmarks/0', mutate: (d) => (d['benchmarks'][0].nsPerOp = 1486.9) },
    { what: 'an unknown property in stats.outliers', path: '/benchmarks/0/stats/outliers', mutate: (d) => (d['benchmarks'][0].stats.outliers.dropped = 0) },
    { what: 'a string where a number belongs', path: '/benchmarks/0/samples/3/elapsedNs', mutate: (d) => (d['benchmarks'][0].samples[3].elapsedNs = '2495165') },
    { what: 'a fractional iteration count', path: '/benchmarks/1/samples/0/iterations', mutate: (d) => (d['benchmarks'][1].samples[0].iterations = 1779.5) },
    { what: 'a string boolean', path: '/complete', mutate: (d) => (d['complete'] = 'true') },
    { what: 'a negative duration', path: '/settings/timeBudgetNs', mutate: (d) => (d['settings'].timeBudgetNs = -1) },
    { what: 'an unknown status value', path: '/benchmarks/0/status', mutate: (d) => (d['benchmarks'][0].status = 'skipped') },
    { what: 'an unknown estimate method', path: '/benchmarks/0/estimate/method', mutate: (d) => (d['benchmarks'][0].estimate.method = 'bootstrap') },
    { what: 'schemaVersion 1', path: '/schemaVersion', mutate: (d) => (d['schemaVersion'] = 1) },
    {
      what: 'a hot function over 100%',
      path: '/benchmarks/0/profile/hot/0/selfPercent',
      mutate: (d) => (d['benchmarks'][0].profile.hot = [{ function: 'f', location: null, selfPercent: 101, kind: 'user', inlinedInto: null }]),
    },
    { what: 'the old top-level jit field', path: '/benchmarks/0', mutate: (d) => (d['benchmarks'][0].jit = null) },
    { what: 'an object as a param value', path: '/benchmarks/0/params/size', mutate: (d) => (d['benchmarks'][0].params.size = { n: 100 }) },
    { what: 'a startedAt that is not an ISO timestamp', path: '/environment/startedAt', mutate: (d) => (d['environment'].startedAt = 'Fri Mar 14 2025') },
    { what: 'an abbreviated git commit', path: '/environment/git', mutate: (d) => (d['environment'].git.commit = '3f9c2e1') },
    { what: 'status ok with an error', path: '/benchmarks/0/error', mutate: (d) => (d['benchmarks'][0].error = d['benchmarks'][2].error) },
    { what: 'status ok without an estimate', path: '/benchmarks/1/estimate', mutate: (d) => (d['benchmarks'][1].estimate = null) },
    { what: 'status error without error info', path: '/benchmarks/2/error', mutate: (d) => (d['benchmarks'][2].error = null) },
    { what: 'a negative precision half-width', path: '/benchmarks/0/precision/reached', mutate: (d) => (d['benchmarks'][0].precision.reached = -0.01) },
    { what: 'an empty forks array', path: '/benchmarks/0/forks', mutate: (d) => (d['benchmarks'][0].forks = []) },
    { what: 'a file error without its error', path: '/fileErrors/0', mutate: (d) => delete d['fileErrors'][0].error },
  ];

  for (const { what, path, mutate } of mutations) {
    it(`rejects ${what}`, () => {
      const doc = fixture();
      mutate(doc);
      assertInvalidAt(doc, path);
    });
  }
});
