import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CompareRow, Comparison } from '../../src/analysis/compare-runs.js';
import { escapeMarkdown } from '../../src/export/markdown-escape.js';
import { comparisonMarkdown, resultsMarkdown } from '../../src/export/markdown-export.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { complexityResults } from '../fixtures/report/complexity-fixture.js';
import { benchmark, relativeTo, resultsFile, selfRelative, sortGroupResults } from '../fixtures/report/results-fixture.js';

/** Cells of a GFM table row, split the way GFM does: a backslash protects the next character. */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  const out: string[] = [];
  let cell = '';
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (ch === '\\' && i + 1 < inner.length) {
      cell += ch + inner[++i]!;
    } else if (ch === '|') {
      out.push(cell.trim());
      cell = '';
    } else {
      cell += ch;
    }
  }
  out.push(cell.trim());
  return out;
}

/** What a cell renders as: backslash escapes of ASCII punctuation and the three entities resolved, in one pass. */
function rendered(cell: string): string {
  const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&' };
  return cell.replace(/\\([!-/:-@[-`{-~])|&(lt|gt|amp);/g, (_m, escaped: string | undefined, entity: string | undefined) => escaped ?? entities[entity!]!);
}

/** The tables of a document: runs of lines starting with `|`, as rows of cells (the alignment row dropped). */
function tables(markdown: string): string[][][] {
  const found: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    if (current === null) found.push((current = []));
    const row = cells(line);
    if (!row.every((c) => /^:?-+:?$/.test(c))) current.push(row);
  }
  return found;
}

const HOSTILE = ['a|b', 'back\\slash|pipe', '<img src=x onerror=alert(1)>', 'two\nlines\r\nthree', '`code`', '*bold* _it_ [link](http://x)', '&lt;kept', 'C#'];

describe('escapeMarkdown', () => {
  it('escapes pipes, backslashes and backticks, turns < > & into entities and line breaks into spaces', () => {
    assert.equal(escapeMarkdown('a|b'), 'a\\|b');
    assert.equal(escapeMarkdown('a\\b'), 'a\\\\b');
    assert.equal(escapeMarkdown('`x`'), '\\`x\\`');
    assert.equal(escapeMarkdown('<img src=x onerror=alert(1)>'), '&lt;img src=x onerror=alert(1)&gt;');
    assert.equal(escapeMarkdown('a\nb\r\nc\rd'), 'a b c d');
    assert.equal(escapeMarkdown('plain name 42'), 'plain name 42');
  });

  it('renders back to the original text, line breaks aside', () => {
    for (const text of HOSTILE) assert.equal(rendered(escapeMarkdown(text)), text.replace(/\r\n|\r|\n/g, ' '));
  });
});

describe('resultsMarkdown', () => {
  it('keeps hostile names inside their cell and renders them as text', () => {
    const results = resultsFile(HOSTILE.map((name) => benchmark({ name, group: 'g' })));
    const markdown = resultsMarkdown(results);
    assert.ok(!markdown.includes('<img'), 'no raw HTML tag');
    const [header, ...rows] = tables(markdown)[0]!;
    assert.equal(rows.length, HOSTILE.length, 'one row per benchmark: no line break splits a row');
    for (const row of rows) assert.equal(row.length, header!.length, `row ${JSON.stringify(row)} has the header's cell count`);
    assert.deepEqual(
      rows.map((r) => rendered(r[0]!)),
      HOSTILE.map((n) => n.replace(/\r\n|\r|\n/g, ' ')),
    );
  });

  it('escapes file and group names in headings and error messages in lists', () => {
    const failed = benchmark({ name: 'x', file: 'a|<b>.bench.ts', group: 'g`1`\nz', status: 'error', errorMessage: 'bad <script>\nalert(1)', errorLocation: null });
    const markdown = resultsMarkdown(resultsFile([failed], { fileErrors: [{ file: '<evil>.ts', error: { message: 'x|y', location: null, stack: null } }] }));
    assert.ok(!/<(script|evil|b>)/.test(markdown), markdown);
    assert.ok(markdown.includes('## a\\|&lt;b&gt;.bench.ts — g\\`1\\` z\n'), markdown);
    assert.ok(markdown.includes('bad &lt;script&gt; alert(1)'), markdown);
    assert.ok(markdown.includes('**&lt;evil&gt;.ts**: x\\|y'), markdown);
  });

  it('has one table per file and group, with the documented columns', () => {
    const markdown = resultsMarkdown(sortGroupResults());
    const headings = markdown.split('\n').filter((l) => l.startsWith('## '));
    assert.deepEqual(headings, ['## bench/sort.bench.ts', '## bench/sort.bench.ts — sort 1k numbers']);
    const found = tables(markdown);
    assert.equal(found.length, 2);
    assert.deepEqual(found[0]![0], ['benchmark', 'time/op', '95% CI', 'ops/s', 'relative', 'diagnostics']);
  });

  it('shows time/op, the CI half-width, ops/s and the relative speed', () => {
    const rows = tables(resultsMarkdown(sortGroupResults()))[1]!;
    const native = rows.find((r) => rendered(r[0]!) === 'Array#sort')!;
    assert.deepEqual(native.slice(1, 5), ['48.21 µs', '±0.42%', '20.7 K/s', '1.00× (baseline)']);
    const insertion = rows.find((r) => rendered(r[0]!) === 'insertionSort(size=1000)')!;
    assert.equal(insertion[4], '1.31× slower (1.29–1.33)');
  });

  it('lists failed benchmarks with their one-line error, and files that failed to load', () => {
    const markdown = resultsMarkdown(sortGroupResults());
    const radix = tables(markdown)[1]!.find((r) => r[0] === 'radixSort')!;
    assert.equal(radix[1], '**error**');
    assert.ok(markdown.includes("- **radixSort** (error): TypeError: Cannot read properties of undefined (reading 'length') (bench/sort.bench.ts:41:17)"), markdown);
    const withFileError = resultsMarkdown(fullResults);
    assert.ok(withFileError.includes("**Files that failed to load**\n\n- **bench/old.bench.ts**: Cannot find module './gone.js' (bench/old.bench.ts:1:1)"), withFileError);
  });

  it('states the environment, with the short commit and whether it was dirty', () => {
    const markdown = resultsMarkdown(fullResults);
    const env = markdown.split('\n')[2]!;
    for (const part of ['v22.3.0', 'Apple M2', 'ubench 0.1.0', 'commit aaaaaaa (dirty)']) assert.ok(env.includes(part), env);
    assert.ok(!env.includes('a'.repeat(8)), 'the commit is shortened');
    assert.ok(!resultsMarkdown(sortGroupResults()).includes('commit'), 'no commit line without git');
  });

  it('says when the run is incomplete, and only then', () => {
    assert.match(resultsMarkdown(resultsFile([benchmark({ name: 'x' })], { complete: false })), /incomplete run/i);
    assert.doesNotMatch(resultsMarkdown(resultsFile([benchmark({ name: 'x' })])), /incomplete/i);
  });

  it('adds bytes/op only when memory was measured, and lists warning codes but not info ones', () => {
    const markdown = resultsMarkdown(fullResults);
    const [header, measured, timedOut] = tables(markdown)[0]!;
    assert.equal(header![5], 'bytes/op');
    assert.equal(measured![5], '304 B');
    assert.equal(measured![6], 'warmup-not-converged');
    assert.equal(timedOut![6], 'timeout');
    const info = benchmark({ name: 'x', diagnostics: [{ code: 'outlier-samples', severity: 'info', message: '', hint: '' }] });
    assert.equal(tables(resultsMarkdown(resultsFile([info])))[0]![1]![5], '');
  });
});

function compareRow(name: string, extra: Partial<CompareRow> = {}): CompareRow {
  return {
    id: `f#${name}`,
    name,
    file: 'f',
    group: null,
    base: { nsPerOp: 100, n: 40 },
    new: { nsPerOp: 110, n: 40 },
    ratio: 1.1,
    change: 0.1,
    ciLower: 0.08,
    ciUpper: 0.12,
    pValue: 1e-6,
    unit: 'samples',
    verdict: 'slower',
    hostShift: null,
    throughputShift: null,
    band: 0.01,
    reason: null,
    warning: null,
    bytes: null,
    ...extra,
  };
}

function comparison(rows: CompareRow[], extra: Partial<Comparison> = {}): Comparison {
  return { alpha: 0.05, noise: 0.01, confidence: 0.95, rows, onlyInBase: [], onlyInNew: [], skipped: [], geomean: rows.length === 0 ? null : { ratio: 1.02, change: 0.02 }, notes: [], ...extra };
}

describe('comparisonMarkdown', () => {
  const labels = { base: 'main', new: 'feature|<x>' };

  it('has one row per benchmark with the verdict in bold, and a geomean row only for several rows', () => {
    const two = comparisonMarkdown(
      comparison([
        compareRow('slow'),
        compareRow('same', { verdict: 'cant-tell', change: 0.001, ciLower: -0.01, ciUpper: 0.012, pValue: 0.4 }),
        compareRow('fast', { verdict: 'faster', change: -0.2 }),
      ]),
      labels,
    );
    const [header, ...rows] = tables(two)[0]!;
    assert.deepEqual(header, ['benchmark', 'main', 'feature\\|&lt;x&gt;', 'change [95% CI]', 'p', 'verdict']);
    assert.deepEqual(
      rows.map((r) => r[5]),
      ['**slower**', "can't tell", '**faster**', ''],
    );
    assert.deepEqual(rows[0]!.slice(1, 5), ['100.0 ns', '110.0 ns', '+10.0% [+8.00%, +12.0%]', '&lt;0.0001']);
    assert.equal(rows[3]![0], '*geomean*');
    assert.equal(rows[3]![3], '+2.00%');
    const one = tables(comparisonMarkdown(comparison([compareRow('slow')]), labels))[0]!;
    assert.equal(one.length, 2, 'header and one row, no geomean');
  });

  it('lists warnings, bytes/op changes, benchmarks in one run only, skipped ones and notes, escaped', () => {
    const markdown = comparisonMarkdown(
      comparison([compareRow('a|b', { warning: 'too few samples', bytes: { base: 304, new: 400, difference: 96, differs: true } })], {
        onlyInBase: ['f#<old>'],
        onlyInNew: ['f#new'],
        skipped: [{ id: 'f#s', reason: 'failed <x>' }],
        notes: ['note one'],
      }),
      labels,
    );
    for (const expected of [
      '- a\\|b: too few samples',
      '- a\\|b: 304 B → 400 B (+96 B)',
      '**Only in the base run (1)**\n\n- f\\#&lt;old&gt;',
      '**Only in the new run (1)**\n\n- f\\#new',
      '- f\\#s: failed &lt;x&gt;',
      '**Notes**\n\n- note one',
    ]) {
      assert.ok(markdown.includes(expected), `missing ${JSON.stringify(expected)} in\n${markdown}`);
    }
    assert.ok(!markdown.includes('<old>') && !markdown.includes('<x>'));
  });

  it('says when no benchmark was in both runs', () => {
    const markdown = comparisonMarkdown(comparison([], { onlyInBase: ['f#a'] }), labels);
    assert.equal(tables(markdown).length, 0);
    assert.match(markdown, /No benchmark was measured in both runs/);
  });
});

describe('resultsMarkdown relative column', () => {
  it('states faster benchmarks as faster with the inverted ratio', () => {
    const ref = benchmark({ name: 'ref', group: 'g' });
    ref.relative = selfRelative(ref.id);
    const quick = benchmark({ name: 'quick', group: 'g', nsPerOp: 500 });
    quick.relative = relativeTo(ref, 0.5, 0.49, 0.51);
    const rows = tables(resultsMarkdown(resultsFile([ref, quick] as BenchmarkResult[])))[0]!;
    assert.equal(rows[1]![4], '1.00× (fastest)');
    assert.match(rows[2]![4]!, /^2\.0+× faster/);
  });
});

describe('resultsMarkdown: complexity', () => {
  it('lists each sweep’s fit and its cliffs under the table of its group, as the terminal does', () => {
    const markdown = resultsMarkdown(complexityResults());
    const lines = markdown.split('\n');
    const fit = lines.findIndex((l) => /^- sort over n: O\(n log n\), 12\.00 ns·n log n, rms/.test(l));
    assert.ok(fit > 0, markdown);
    // Under the heading "Complexity", after the group's table.
    assert.ok(lines.slice(0, fit).lastIndexOf('**Complexity**') > lines.slice(0, fit).findLastIndex((l) => l.startsWith('| sort(n=')), markdown);
    assert.match(markdown, /^- scan over n: O\(n\),/m);
    assert.match(markdown, /^- ⚠ array sum over n: cost ×3\.0 beyond the fitted O\(n\) between 256 KiB and 1\.00 MiB: the working set left L2 \(1\.00 MiB/m);
    assert.doesNotMatch(resultsMarkdown(resultsFile([benchmark({ name: 'a' })])), /Complexity/);
  });
});
