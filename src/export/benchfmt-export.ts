/**
 * Go benchmark format (https://go.googlesource.com/proposal/+/master/design/14313-benchmark-format.md,
 * as read by golang.org/x/perf/benchfmt), so `benchstat old.txt new.txt` can summarise and compare
 * ubench runs with its own statistics, and any tool of the Go ecosystem can read them.
 *
 * What the format requires, and how it is met here:
 * - Configuration lines are `key: value`, keys lower case without spaces, values one line. They
 *   apply to every result after them until the same key is set again, so `pkg:` (the bench file)
 *   is set before each file's results.
 * - benchstat puts results with different configuration values into separate tables and compares
 *   only within a table, so run-specific facts (commit, start time, ubench version) go in `#`
 *   comment lines, which the format ignores, not in configuration lines.
 * - A result line is `Benchmark<name> <iterations> <value> <unit>...`, fields split on whitespace,
 *   so the name contains none. One line per sample lets benchstat compute its own median and CI.
 * - In the name, `/key=value` parts are per-benchmark configuration (benchstat's `/key`
 *   projections) and a trailing `-<digits>` is GOMAXPROCS. ubench appends `-1` to every name (one
 *   JavaScript thread runs the benchmark), so a name whose own last part ends in digits after a
 *   dash (`offset=-5`) is never misread as a GOMAXPROCS suffix.
 */
import { perOpValues } from '../results/derived-values.js';
import { sectionResults } from '../report/result-sections.js';
import type { BenchmarkResult, Environment, ParamValue, ResultsFile } from '../results/types.js';

/**
 * Characters a name cannot carry: whitespace as Go's `unicode.IsSpace` sees it (it splits the
 * fields; U+0085 is space to Go but not to JavaScript's `\s`), control characters, and lone UTF-16
 * surrogates (the reader rejects files that are not valid UTF-8).
 */
const UNCARRIABLE = /[\s\u0085\p{Cc}\p{Cs}]/gu;
/** Separates sub-name parts: inside a part it would split it. */
const PART_SEPARATOR = /\//g;
/** Separates a part's key from its value: in a key or a positional part it would make a key. */
const KEY_SEPARATOR = /=/g;
/** What an unusable character becomes. */
const REPLACEMENT = '_';
/** GOMAXPROCS suffix: benchmarks run on one JavaScript thread; also shields trailing `-<digits>`. */
const PROCS_SUFFIX = '-1';
/** Config values are one line. */
const LINE_BREAKS = /[\r\n]+/g;

/** Node's `process.platform` / `process.arch` names where Go's GOOS / GOARCH differ. */
const GOOS: Readonly<Record<string, string>> = { win32: 'windows' };
const GOARCH: Readonly<Record<string, string>> = { x64: 'amd64', ia32: '386', mipsel: 'mipsle' };

/** A name part with the characters benchfmt cannot carry (and the separators in `also`) replaced. */
function part(text: string, also: readonly RegExp[]): string {
  let clean = text.replace(UNCARRIABLE, REPLACEMENT);
  for (const pattern of also) clean = clean.replace(pattern, REPLACEMENT);
  return clean === '' ? REPLACEMENT : clean;
}

function paramText(value: ParamValue): string {
  return value === null ? 'null' : String(value);
}

/**
 * The benchfmt name of a benchmark, without the `Benchmark` prefix and the `-1` suffix:
 * `group/baseName`, or `baseName` for an ungrouped benchmark, then one `/key=value` part per
 * parameter. Whitespace and other characters benchfmt cannot carry become `_`, as do `/` inside a
 * part and `=` in the group, base name and keys. A `duplicate` number above 1 is appended to the
 * base name as `#n` (for names that collide after replacing characters).
 */
export function benchfmtName(benchmark: BenchmarkResult, duplicate = 1): string {
  const base = `${part(benchmark.baseName, [PART_SEPARATOR, KEY_SEPARATOR])}${duplicate > 1 ? `#${duplicate}` : ''}`;
  const head = benchmark.group === null ? base : `${part(benchmark.group, [PART_SEPARATOR, KEY_SEPARATOR])}/${base}`;
  const params = Object.entries(benchmark.params).map(([key, value]) => `/${part(key, [PART_SEPARATOR, KEY_SEPARATOR])}=${part(paramText(value), [PART_SEPARATOR])}`);
  return `${head}${params.join('')}`;
}

function configLine(key: string, value: string): string[] {
  const clean = value.replace(LINE_BREAKS, ' ').trim();
  // An empty value would delete the key rather than set it.
  return clean === '' ? [] : [`${key}: ${clean}`];
}

function comment(text: string): string {
  return `# ${text.replace(LINE_BREAKS, ' ')}`;
}

function runLines(results: ResultsFile): string[] {
  const env: Environment = results.environment;
  const git = env.git === null ? '' : `, commit ${env.git.commit}${env.git.dirty ? ' (dirty)' : ''}`;
  // The Node version is a comment too: benchstat would not compare a run on Node 20 with one on 22.
  const lines = [comment(`ubench ${env.ubenchVersion} results, started ${env.startedAt}${git}, ${env.runtime} v${env.runtimeVersion.replace(/^v/, '')}, v8 ${env.v8Version}`)];
  if (!results.complete) lines.push(comment('incomplete run: interrupted or still running'));
  return [...lines, ...configLine('goos', GOOS[env.os.platform] ?? env.os.platform), ...configLine('goarch', GOARCH[env.os.arch] ?? env.os.arch), ...configLine('cpu', env.cpu.model)];
}

/**
 * One result line per sample; samples that cannot be written (no whole iterations) are left out.
 * B/op is the run's one allocation figure, rounded to whole bytes as Go prints it: repeated on
 * every line with its fraction, benchstat would call 16.0004 against 16.0003 B/op a significant
 * change (no spread within either file).
 */
function sampleLines(name: string, benchmark: BenchmarkResult): string[] {
  const bytes = benchmark.memory === null ? '' : `\t${Math.round(benchmark.memory.bytesPerOp)} B/op`;
  const perOp = perOpValues(benchmark.samples);
  return benchmark.samples.flatMap((sample, i) => {
    const ns = perOp[i]!;
    if (!Number.isSafeInteger(sample.iterations) || sample.iterations < 1 || !Number.isFinite(ns)) return [];
    return [`Benchmark${name}\t${sample.iterations}\t${String(ns)} ns/op${bytes}`];
  });
}

export interface BenchfmtExport {
  text: string;
  /** Ids of the benchmarks without result lines (failed, or no usable samples). */
  skipped: string[];
}

/**
 * The run in Go benchmark format, with the ids of the benchmarks it could not include. Failed
 * benchmarks are left out, each with a `# skipped` comment line where it would have been. Two
 * benchmarks of one file whose names become the same after replacing characters get `#2`, `#3`…
 * appended to the later one's base name, so benchstat never pools their samples.
 */
export function benchfmtExport(results: ResultsFile): BenchfmtExport {
  const lines = runLines(results);
  const skipped: string[] = [];
  for (const section of sectionResults(results)) {
    if (section.benchmarks.length === 0) continue;
    // benchstat tells runtimes apart by a configuration key of their own (`-col runtime` puts them side by side).
    const runtime = section.runtime;
    lines.push(...configLine('pkg', section.benchmarks[0]!.file));
    if (runtime !== null) lines.push(...configLine('runtime', `${runtime.label} ${runtime.name} ${runtime.version}`));
    const used = new Set<string>();
    for (const benchmark of section.groups.flatMap((g) => g.benchmarks)) {
      if (benchmark.status !== 'ok') {
        skipped.push(benchmark.id);
        lines.push(comment(`skipped ${benchmark.id}: ${benchmark.status}${benchmark.error === null ? '' : `: ${benchmark.error.message}`}`));
        continue;
      }
      let unique = benchfmtName(benchmark);
      for (let n = 2; used.has(unique); n++) unique = benchfmtName(benchmark, n);
      used.add(unique);
      const samples = sampleLines(`${unique}${PROCS_SUFFIX}`, benchmark);
      if (samples.length === 0) {
        skipped.push(benchmark.id);
        lines.push(comment(`skipped ${benchmark.id}: no samples`));
      }
      lines.push(...samples);
    }
  }
  return { text: `${lines.join('\n')}\n`, skipped };
}

/** The run in Go benchmark format, for `benchstat` (see `benchfmtExport`). */
export function resultsBenchfmt(results: ResultsFile): string {
  return benchfmtExport(results).text;
}
