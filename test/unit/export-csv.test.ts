import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CompareRow, Comparison } from '../../src/analysis/compare-runs.js';
import { comparisonCsv, csvField, resultsCsv } from '../../src/export/csv-export.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { withComplexity } from '../../src/analysis/complexity.js';
import { swept, sweep } from '../fixtures/report/complexity-fixture.js';
import { benchmark, resultsFile } from '../fixtures/report/results-fixture.js';

/**
 * A strict RFC 4180 parser: records end in CRLF (the last one too), quotes only open a field,
 * `""` inside quotes is a quote, and a bare CR or LF outside quotes is an error.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') field += text[++i]!;
      else quoted = false;
      continue;
    }
    if (wasQuoted && ch !== ',' && ch !== '\r') throw new Error(`text after a closing quote at ${i}`);
    if (ch === '"') {
      if (field !== '') throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
      wasQuoted = false;
    } else if (ch === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`bare CR at ${i}`);
      i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      wasQuoted = false;
    } else if (ch === '\n') {
      throw new Error(`bare LF at ${i}`);
    } else {
      field += ch;
    }
  }
  if (quoted || field !== '' || record.length > 0) throw new Error('document does not end with CRLF');
  return records;
}

/** Parsed records as objects keyed by the header. */
function table(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  assert.ok(header !== undefined);
  for (const row of rows) assert.equal(row.length, header.length, `record ${JSON.stringify(row)} has the wrong field count`);
  return rows.map((row) => Object.fromEntries(header.map((key, i) => [key, row[i]!])));
}

function named(name: string, extra: Partial<BenchmarkResult> = {}): BenchmarkResult {
  return { ...benchmark({ name, group: 'g' }), ...extra };
}

const AWKWARD_NAMES = ['plain', 'a,b', 'say "hi"', 'two\nlines', 'crlf\r\nname', 'trailing,', '"', ',', ''];
const FORMULA_NAMES = ['=HYPERLINK("http://x","y")', '+1', '-1 items', '@SUM(A1)', '\tindent', '\rcr'];

describe('resultsCsv', () => {
  it('round-trips names with commas, quotes and line breaks through an RFC 4180 parser', () => {
    const rows = table(resultsCsv(resultsFile(AWKWARD_NAMES.map((name) => named(name)))));
    assert.deepEqual(
      rows.map((r) => r['name']),
      AWKWARD_NAMES,
    );
    assert.deepEqual(
      rows.map((r) => r['id']),
      AWKWARD_NAMES.map((n) => `bench/sort.bench.ts#g/${n}`),
    );
  });

  it('prefixes text fields that a spreadsheet would run as a formula with a quote, and only those', () => {
    const rows = table(resultsCsv(resultsFile([...FORMULA_NAMES, 'safe=1'].map((name) => named(name, { id: name })))));
    assert.deepEqual(
      rows.map((r) => r['name']),
      [...FORMULA_NAMES.map((n) => `'${n}`), 'safe=1'],
    );
    assert.deepEqual(
      rows.map((r) => r['id']),
      [...FORMULA_NAMES.map((n) => `'${n}`), 'safe=1'],
    );
  });

  it('writes the documented header and one record per benchmark, failed ones included', () => {
    const text = resultsCsv(fullResults);
    const [header] = parseCsv(text);
    assert.deepEqual(header, [
      'id',
      'file',
      'group',
      'name',
      'params',
      'status',
      'nsPerOp',
      'ciLower',
      'ciUpper',
      'samples',
      'mean',
      'median',
      'stddev',
      'min',
      'max',
      'opsPerSecond',
      'relativeRatio',
      'bytesPerOp',
      'gcShare',
      'diagnostics',
      'error',
      'runtime',
      'runtimeVersion',
      'runtimeRatio',
      'runtimeRatioLower',
      'runtimeRatioUpper',
      'instructionsPerOp',
      'instructionsCiLower',
      'instructionsCiUpper',
      'complexityParam',
      'complexity',
      'complexityStatus',
      'complexityRms',
      'cliffRatio',
    ]);
    const [ok, timedOut] = table(text);
    assert.equal(ok!['status'], 'ok');
    assert.equal(timedOut!['status'], 'timeout');
    assert.equal(timedOut!['error'], 'benchmark exceeded the 30 s timeout and its process was killed');
    assert.equal(timedOut!['nsPerOp'], '', 'a missing estimate is an empty field');
    assert.equal(timedOut!['bytesPerOp'], '');
    assert.equal(timedOut!['diagnostics'], 'timeout');
  });

  it('writes numbers in full precision and params as JSON', () => {
    const source = fullResults.benchmarks[0]!;
    const b = { ...source, estimate: { ...source.estimate!, nsPerOp: 0.1 + 0.2, ciLower: 1 / 3 } };
    const [row] = table(resultsCsv({ ...fullResults, benchmarks: [b] }));
    assert.equal(Number(row!['nsPerOp']), 0.1 + 0.2);
    assert.equal(Number(row!['ciLower']), 1 / 3);
    assert.equal(Number(row!['ciUpper']), source.estimate!.ciUpper);
    assert.equal(Number(row!['samples']), source.samples.length);
    assert.equal(Number(row!['opsPerSecond']), source.stats!.opsPerSecond);
    assert.equal(Number(row!['relativeRatio']), 1);
    assert.equal(Number(row!['bytesPerOp']), 304);
    assert.equal(Number(row!['gcShare']), 0.004);
    assert.deepEqual(JSON.parse(row!['params']!), source.params);
    assert.equal(row!['group'], 'hash');
    assert.equal(row!['diagnostics'], 'warmup-not-converged');
  });

  it('joins several diagnostic codes with spaces and leaves the group empty when there is none', () => {
    const diagnostics = ['a-code', 'b-code'].map((code) => ({ code, severity: 'warning' as const, message: 'm', hint: '' }));
    const [row] = table(resultsCsv(resultsFile([benchmark({ name: 'x', diagnostics })])));
    assert.equal(row!['diagnostics'], 'a-code b-code');
    assert.equal(row!['group'], '');
  });
});

describe('resultsCsv of sweeps', () => {
  it("gives each benchmark of a sweep the sweep's fit, and the cliff ending at its size; other rows leave them empty", () => {
    const sizes = [512, 2048, 8192, 32768, 131072, 524288];
    const sum = sizes.map((n) => swept('array sum', { n }, n * (n >= 131072 ? 2 : 0.6)));
    const file = withComplexity(resultsFile([...sweep('sort', (n) => 12 * n * Math.log2(n)), ...sum, benchmark({ name: 'alone' })]));
    const rows = table(resultsCsv(file));
    const sort = rows.filter((r) => r['name']!.startsWith('sort('));
    assert.deepEqual([...new Set(sort.map((r) => `${r['complexityParam']} ${r['complexity']} ${r['complexityStatus']}`))], ['n O(n log n) clear']);
    assert.ok(sort.every((r) => Number(r['complexityRms']) < 0.01 && r['cliffRatio'] === ''));
    const cliffs = rows.filter((r) => r['name']!.startsWith('array sum(')).map((r) => r['cliffRatio']);
    const cliff = file.complexity!.groups.find((g) => g.baseName === 'array sum')!.cliffs[0]!;
    assert.equal(cliff.toN, 131072);
    assert.deepEqual(cliffs, ['', '', '', '', String(cliff.ratio), '']);
    const alone = rows.find((r) => r['name'] === 'alone')!;
    assert.deepEqual(
      ['complexityParam', 'complexity', 'complexityStatus', 'complexityRms', 'cliffRatio'].map((k) => alone[k]),
      ['', '', '', '', ''],
    );
  });
});

describe('csvField', () => {
  it('does not treat negative numbers as formulas, and leaves non-finite numbers empty', () => {
    assert.equal(csvField(-0.05), '-0.05');
    assert.equal(csvField(1e-7), '1e-7');
    assert.equal(csvField(Number.NaN), '');
    assert.equal(csvField(null), '');
    assert.equal(csvField('-0.05'), "'-0.05");
  });
});

function compareRow(name: string, extra: Partial<CompareRow> = {}): CompareRow {
  return {
    id: `f#${name}`,
    name,
    file: 'f',
    group: null,
    base: { nsPerOp: 100, n: 40 },
    new: { nsPerOp: 95, n: 41 },
    ratio: 0.95,
    change: -0.05,
    ciLower: -0.061,
    ciUpper: -0.039,
    pValue: 1.5e-9,
    unit: 'samples',
    verdict: 'faster',
    hostShift: null,
    throughputShift: null,
    band: 0.01,
    reason: null,
    warning: null,
    bytes: null,
    ...extra,
  };
}

describe('comparisonCsv', () => {
  const comparison: Comparison = {
    alpha: 0.05,
    noise: 0.01,
    confidence: 0.95,
    rows: [compareRow('fast, "quoted"'), compareRow('=cmd', { verdict: 'same', change: 0.001, bytes: { base: 304, new: 320, difference: 16, differs: true } })],
    onlyInBase: [],
    onlyInNew: [],
    skipped: [],
    geomean: null,
    notes: [],
  };

  it('writes one record per compared benchmark with the documented columns', () => {
    const text = comparisonCsv(comparison);
    assert.deepEqual(parseCsv(text)[0], [
      'name',
      'id',
      'baseNsPerOp',
      'newNsPerOp',
      'change',
      'ciLower',
      'ciUpper',
      'pValue',
      'verdict',
      'unit',
      'baseN',
      'newN',
      'baseBytesPerOp',
      'newBytesPerOp',
      'metric',
      'baseInstructionsPerOp',
      'newInstructionsPerOp',
    ]);
    const [first, second] = table(text);
    assert.equal(first!['name'], 'fast, "quoted"');
    assert.equal(first!['change'], '-0.05', 'negative numbers are not defused');
    assert.equal(Number(first!['pValue']), 1.5e-9);
    assert.equal(first!['verdict'], 'faster');
    assert.equal(first!['baseN'], '40');
    assert.equal(first!['baseBytesPerOp'], '');
    assert.equal(second!['name'], "'=cmd");
    assert.equal(second!['verdict'], 'same');
    assert.equal(second!['newBytesPerOp'], '320');
  });

  it('writes only the header for a comparison without rows', () => {
    assert.equal(parseCsv(comparisonCsv({ ...comparison, rows: [] })).length, 1);
  });
});
