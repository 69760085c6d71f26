/**
 * CSV exports of a run and of a comparison, for spreadsheets and data tools.
 *
 * RFC 4180: CRLF line ends (the last record included), a header record, fields quoted when they
 * contain a comma, a double quote, CR or LF, with inner quotes doubled. Numbers are written in
 * full precision (`String(n)`, which round-trips exactly); missing values are empty fields.
 * Text fields that a spreadsheet would run as a formula are defused with a leading `'`.
 */
import type { Comparison } from '../analysis/compare-runs.js';
import type { ComplexityCliff, ComplexityGroup } from '../results/complexity-types.js';
import type { BenchmarkResult, ResultsFile } from '../results/types.js';

/** RFC 4180's record separator. */
const CSV_LINE_END = '\r\n';
/** A field containing any of these must be quoted (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * First characters that make Excel, LibreOffice and Google Sheets treat a cell as a formula
 * (OWASP's CSV injection list): `=`, `+`, `-`, `@`, tab and CR.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Prefix that makes a spreadsheet read the cell as text; it is not shown in the cell. */
const FORMULA_DEFUSE = "'";

/** A value of a CSV field: text (possibly user-provided), a number, or missing. */
export type CsvValue = string | number | null;

/**
 * One CSV field: numbers as `String(n)` (empty when missing or not finite), text defused against
 * formula injection when it starts with a formula character, then quoted if needed.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `${FORMULA_DEFUSE}${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Header and records as an RFC 4180 document. */
export function csvDocument(header: readonly string[], records: readonly (readonly CsvValue[])[]): string {
  return [header, ...records].map((record) => `${record.map(csvField).join(',')}${CSV_LINE_END}`).join('');
}

const RESULT_HEADER = [
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
] as const;

/** A benchmark's place in a sweep: the sweep's fit, and the cliff that ends at its size, if any. */
interface SweepPlace {
  group: ComplexityGroup;
  cliff: ComplexityCliff | null;
}

function sweepPlaces(results: ResultsFile): Map<string, SweepPlace> {
  const places = new Map<string, SweepPlace>();
  for (const group of results.complexity?.groups ?? []) {
    for (const point of group.points) places.set(point.id, { group, cliff: group.cliffs.find((c) => c.toN === point.n) ?? null });
  }
  return places;
}

function resultRecord(b: BenchmarkResult, sweep: SweepPlace | undefined): CsvValue[] {
  const { estimate, stats } = b;
  return [
    b.id,
    b.file,
    b.group,
    b.name,
    JSON.stringify(b.params),
    b.status,
    estimate?.nsPerOp ?? null,
    estimate?.ciLower ?? null,
    estimate?.ciUpper ?? null,
    b.samples.length,
    stats?.mean ?? null,
    stats?.median ?? null,
    stats?.stddev ?? null,
    stats?.min ?? null,
    stats?.max ?? null,
    stats?.opsPerSecond ?? null,
    b.relative?.ratio ?? null,
    b.memory?.bytesPerOp ?? null,
    b.memory?.gcShare ?? null,
    b.diagnostics.map((d) => d.code).join(' '),
    b.error?.message ?? null,
    b.runtime?.label ?? null,
    b.runtime?.version ?? null,
    b.runtimeRelative?.ratio ?? null,
    b.runtimeRelative?.ciLower ?? null,
    b.runtimeRelative?.ciUpper ?? null,
    b.instructions?.perOp ?? null,
    b.instructions?.ciLower ?? null,
    b.instructions?.ciUpper ?? null,
    sweep?.group.param ?? null,
    sweep?.group.best.model ?? null,
    sweep?.group.status ?? null,
    sweep?.group.best.rms ?? null,
    sweep?.cliff?.ratio ?? null,
  ];
}

/**
 * A run as CSV, one record per benchmark (failed ones included, with their status and error):
 * id, file, group, name, params (JSON), status, the estimate and its CI (ns/op), sample count,
 * descriptive statistics of the per-sample ns/op, ops/s, the ratio to the group's reference,
 * bytes/op, GC share of the sampling time, diagnostic codes (space-separated), the error, and the
 * runtime (label and version) with the ratio to the run's first runtime and its CI (several runtimes),
 * instructions per operation with their CI (`--instructions`), and for a benchmark of a sweep the
 * swept parameter, the sweep's growth law (`O(n log n)`, ASCII: `O(n^2)`), its status and relative
 * RMS error, and the cost-per-element ratio of a cliff that ends at this size.
 */
export function resultsCsv(results: ResultsFile): string {
  const places = sweepPlaces(results);
  return csvDocument(
    RESULT_HEADER,
    results.benchmarks.map((b) => resultRecord(b, places.get(b.id))),
  );
}

const COMPARISON_HEADER = [
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
] as const;

/**
 * A comparison of two runs as CSV, one record per compared benchmark: both estimates (ns/op), the
 * change of the median as a fraction (+0.05 is 5% slower) with its CI, the p-value, the verdict
 * (`slower`, `faster` or `~`), what the test compared (`samples` or `forks`) and how many of each,
 * and bytes/op of both runs when allocation changed; the metric the change is of, and with
 * `--metric instructions` both instruction counts. Benchmarks in only one run are not records.
 */
export function comparisonCsv(comparison: Comparison): string {
  return csvDocument(
    COMPARISON_HEADER,
    comparison.rows.map((r) => [
      r.name,
      r.id,
      r.base.nsPerOp,
      r.new.nsPerOp,
      r.change,
      r.ciLower,
      r.ciUpper,
      r.pValue,
      r.verdict,
      r.unit,
      r.base.n,
      r.new.n,
      r.bytes?.base ?? null,
      r.bytes?.new ?? null,
      comparison.metric ?? 'time',
      r.base.perOp ?? null,
      r.new.perOp ?? null,
    ]),
  );
}
