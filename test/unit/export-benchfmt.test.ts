import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { benchfmtExport, resultsBenchfmt } from '../../src/export/benchfmt-export.js';
import type { BenchmarkResult, ParamValue, ResultsFile } from '../../src/results/types.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { resultsFile } from '../fixtures/report/results-fixture.js';
import { noisy, syntheticResult } from '../helpers/synthetic-result.js';

// --- A reader following golang.org/x/perf/benchfmt (reader.go, result.go) and benchproc (extract.go). ---

/** Go's unicode.IsSpace, which splits the fields of a result line. */
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;
/** The result-line shape from the spec; the brief's looser regex is checked too. */
const RESULT_LINE = /^Benchmark(\S+)\t(\d+)\t([\d.e+-]+) ns\/op(?:\t([\d.e+-]+) B\/op)?$/;
const SPEC_RESULT_LINE = /^Benchmark\S+\s+\d+\s+[\d.e+-]+ ns\/op/;
/** parseKeyValueLine: key starts lower case, has no space or upper case, then `: value`. */
const CONFIG_LINE = /^(\p{Ll}[^\s\p{Lu}:]*):[ \t]+(\S.*)$/u;

interface ResultLine {
  name: string;
  iterations: number;
  nsPerOp: number;
  bytesPerOp: number | null;
  config: Map<string, string>;
}

function read(text: string): ResultLine[] {
  assert.ok(text.endsWith('\n'));
  const config = new Map<string, string>();
  const results: ResultLine[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.startsWith('#')) continue;
    if (line.startsWith('Benchmark')) {
      assert.match(line, SPEC_RESULT_LINE);
      const m = RESULT_LINE.exec(line);
      assert.ok(m !== null, `not a result line: ${JSON.stringify(line)}`);
      const fields = line.split(GO_SPACE);
      assert.ok(fields.length >= 4 && fields.length % 2 === 0, `odd field count: ${JSON.stringify(line)}`);
      results.push({ name: m[1]!, iterations: Number(m[2]), nsPerOp: Number(m[3]), bytesPerOp: m[4] === undefined ? null : Number(m[4]), config: new Map(config) });
      continue;
    }
    const kv = CONFIG_LINE.exec(line);
    assert.ok(kv !== null, `neither comment, config nor result: ${JSON.stringify(line)}`);
    config.set(kv[1]!, kv[2]!);
  }
  return results;
}

/** Name.Parts: a trailing `-<digits>` is GOMAXPROCS, the rest splits before each `/`. */
function nameParts(name: string): { base: string; parts: string[]; gomaxprocs: string | null } {
  let prefix = name;
  let gomaxprocs: string | null = null;
  for (let i = name.length - 1; i >= 0; i--) {
    const c = name[i]!;
    if (c === '-' && i < name.length - 1) {
      prefix = name.slice(0, i);
      gomaxprocs = name.slice(i + 1);
      break;
    }
    if (c < '0' || c > '9') break;
  }
  const [base, ...parts] = prefix.split(/(?=\/)/);
  return { base: base!, parts, gomaxprocs };
}

/** benchstat's `/key` projection: the rest of the first part starting `/key=`. */
function subKey(name: string, key: string): string | null {
  const part = nameParts(name).parts.find((p) => p.startsWith(`/${key}=`));
  return part === undefined ? null : part.slice(key.length + 2);
}

// --- Fixtures. ---

interface Spec {
  baseName: string;
  group?: string | null;
  file?: string;
  params?: Record<string, ParamValue>;
  perOp?: number[];
}

function sampled(spec: Spec): BenchmarkResult {
  const group = spec.group === undefined ? 'g' : spec.group;
  const file = spec.file ?? 'bench/a.bench.ts';
  const params = spec.params ?? {};
  const suffix =
    Object.keys(params).length === 0
      ? ''
      : `(${Object.entries(params)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(', ')})`;
  const name = `${spec.baseName}${suffix}`;
  return { ...syntheticResult({ perOp: spec.perOp ?? noisy(12, 100, 0.02) }), id: `${file}#${group ?? ''}/${name}`, name, baseName: spec.baseName, file, group, params };
}

function failed(baseName: string, status: 'error' | 'timeout', message: string): BenchmarkResult {
  const b = sampled({ baseName });
  return { ...b, status, error: { message, location: null, stack: null }, estimate: null, stats: null };
}

function resultsOf(benchmarks: BenchmarkResult[]): ResultsFile {
  return resultsFile(benchmarks);
}

describe('resultsBenchfmt', () => {
  it('writes one result line per sample with the exact iterations and ns/op', () => {
    const perOp = [100.125, 99.5, 1 / 3, 101, 100.000001];
    const b = sampled({ baseName: 'x', perOp });
    const lines = read(resultsBenchfmt(resultsOf([b])));
    assert.equal(lines.length, b.samples.length);
    lines.forEach((line, i) => {
      assert.equal(line.name, 'g/x-1');
      assert.equal(line.iterations, b.samples[i]!.iterations);
      assert.equal(line.nsPerOp, b.samples[i]!.elapsedNs / b.samples[i]!.iterations);
      assert.equal(line.bytesPerOp, null);
    });
  });

  it('sets pkg to the bench file before each file, and goos/goarch/cpu for the run', () => {
    const benchmarks = [sampled({ baseName: 'a', file: 'one.bench.ts' }), sampled({ baseName: 'b', file: 'two dir/two.bench.ts' }), sampled({ baseName: 'c', file: 'one.bench.ts' })];
    const lines = read(resultsBenchfmt(resultsOf(benchmarks)));
    const pkgOf = new Map(lines.map((l) => [nameParts(l.name).parts[0], l.config.get('pkg')]));
    assert.deepEqual(Object.fromEntries(pkgOf), { '/a': 'one.bench.ts', '/b': 'two dir/two.bench.ts', '/c': 'one.bench.ts' });
    const config = Object.fromEntries(lines[0]!.config);
    assert.deepEqual(config, { goos: 'linux', goarch: 'amd64', cpu: 'Test CPU', pkg: 'one.bench.ts' });
  });

  it('keeps run-specific facts out of the configuration, so benchstat compares two runs in one table', () => {
    const base = resultsOf([sampled({ baseName: 'a' })]);
    const next: ResultsFile = {
      ...base,
      environment: {
        ...base.environment,
        git: { commit: 'f'.repeat(40), dirty: true },
        startedAt: '2030-01-01T00:00:00.000Z',
        ubenchVersion: '9.9.9',
        runtimeVersion: '22.23.3',
        v8Version: '12.4.254.21-node.33',
      },
    };
    assert.deepEqual(read(resultsBenchfmt(next))[0]!.config, read(resultsBenchfmt(base))[0]!.config);
    assert.match(resultsBenchfmt(next), /^# .*commit f{40} \(dirty\)/m);
    assert.match(resultsBenchfmt(next), /^# .*node v22\.23\.3, v8 12\.4/m);
  });

  it('names benchmarks group/baseName with each parameter as a /key=value part benchstat can project', () => {
    const b = sampled({ baseName: 'sort', group: 'arrays', params: { size: 100, kind: 'a b', path: 'x/y', 'k=v': true, none: null, offset: -5 } });
    const [line] = read(resultsBenchfmt(resultsOf([b])));
    const { base, parts, gomaxprocs } = nameParts(line!.name);
    assert.equal(base, 'arrays');
    assert.equal(parts[0], '/sort');
    assert.equal(subKey(line!.name, 'size'), '100');
    assert.equal(subKey(line!.name, 'kind'), 'a_b');
    assert.equal(subKey(line!.name, 'path'), 'x_y');
    assert.equal(subKey(line!.name, 'k_v'), 'true');
    assert.equal(subKey(line!.name, 'none'), 'null');
    assert.equal(subKey(line!.name, 'offset'), '-5', 'a trailing negative number stays the value');
    assert.equal(gomaxprocs, '1');
  });

  it('never lets a name end in an accidental -<digits> GOMAXPROCS suffix', () => {
    const benchmarks = [sampled({ baseName: 'v-2', group: null }), sampled({ baseName: 'x', group: 'size-10' }), sampled({ baseName: 'y', params: { n: -12 } })];
    const names = [...new Set(read(resultsBenchfmt(resultsOf(benchmarks))).map((l) => l.name))];
    assert.equal(names.length, 3);
    for (const name of names) assert.equal(nameParts(name).gomaxprocs, '1', name);
    assert.equal(nameParts(names[0]!).base, 'v-2');
    assert.equal(nameParts(names[1]!).base, 'size-10');
    assert.equal(subKey(names[2]!, 'n'), '-12');
  });

  it('removes every kind of whitespace, and / and = inside parts, from names', () => {
    const awkward = ['sp ace', 'tab\there', 'nb\u00a0sp', 'nel\u0085x', 'line\nbreak', 'ls\u2028x', 'ideo\u3000x', 'sl/ash', 'eq=ual', ''];
    const lines = read(resultsBenchfmt(resultsOf(awkward.map((baseName) => sampled({ baseName, group: 'my group' })))));
    const names = [...new Set(lines.map((l) => l.name))];
    assert.equal(names.length, awkward.length, 'each benchmark keeps a name of its own');
    for (const name of names) {
      assert.doesNotMatch(name, GO_SPACE);
      const { base, parts } = nameParts(name);
      assert.equal(base, 'my_group');
      assert.equal(parts.length, 1, `${name} has exactly one sub-name part`);
      assert.ok(!parts[0]!.includes('='), name);
    }
  });

  it('keeps benchmarks apart whose names collide after replacing characters', () => {
    const lines = read(resultsBenchfmt(resultsOf([sampled({ baseName: 'a b' }), sampled({ baseName: 'a_b' })])));
    const counts = new Map<string, number>();
    for (const l of lines) counts.set(l.name, (counts.get(l.name) ?? 0) + 1);
    assert.equal(counts.size, 2);
    for (const n of counts.values()) assert.equal(n, 12);
  });

  it('writes B/op on every line when memory was measured', () => {
    const lines = read(resultsBenchfmt(fullResults));
    const measured = fullResults.benchmarks[0]!;
    assert.equal(lines.length, measured.samples.length);
    for (const l of lines) assert.equal(l.bytesPerOp, Math.round(measured.memory!.bytesPerOp));
    assert.equal(lines[0]!.config.get('goarch'), 'arm64');
    assert.equal(lines[0]!.config.get('goos'), 'darwin');
  });

  it('skips failed benchmarks with a comment line and returns their ids', () => {
    const ok = sampled({ baseName: 'ok' });
    const broken = failed('broken', 'error', 'TypeError: boom\n    at line 2');
    const slow = failed('slow', 'timeout', 'timed out');
    const { text, skipped } = benchfmtExport(resultsOf([ok, broken, slow]));
    assert.deepEqual(skipped, [broken.id, slow.id]);
    const lines = read(text);
    assert.deepEqual([...new Set(lines.map((l) => l.name))], ['g/ok-1']);
    assert.ok(text.includes(`# skipped ${broken.id}: error: TypeError: boom     at line 2\n`), text);
    assert.ok(text.includes(`# skipped ${slow.id}: timeout: timed out\n`), text);
  });

  it('notes an incomplete run in a comment', () => {
    const text = resultsBenchfmt(resultsFile([sampled({ baseName: 'a' })], { complete: false }));
    assert.match(text, /^# incomplete run/m);
    read(text);
  });
});
