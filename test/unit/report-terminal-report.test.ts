import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderTerminalReport, WITHIN_PROCESS_NOTE } from '../../src/report/terminal-report.js';
import { benchmark, resultsFile, selfRelative, sortGroupResults } from '../fixtures/report/results-fixture.js';

/** name, time/op, ±, p75, p99, ops/s, B/op, samples, relative. */
const COLUMN_COUNT = 9;

// Independent of the implementation's own stripping: any CSI sequence.
const ANSI = /\x1b\[[0-9;]*m/g;
const strip = (text: string): string => text.replace(ANSI, '');

interface CellSpan {
  text: string;
  start: number;
  end: number;
}

/** Cells of a table line: runs of text separated by at least two spaces. */
function cells(line: string): CellSpan[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

/** The table whose header row is the first line starting with `indent` + "benchmark" after `afterLine`. */
function tableAfter(lines: string[], afterLine: string): string[] {
  const from = lines.indexOf(afterLine);
  assert.ok(from >= 0, `missing line ${JSON.stringify(afterLine)}`);
  const headerAt = lines.findIndex((line, i) => i > from && line.trimStart().startsWith('benchmark '));
  const indent = lines[headerAt]!.length - lines[headerAt]!.trimStart().length;
  const table: string[] = [];
  for (let i = headerAt; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trimStart().startsWith('✖') || line.length - line.trimStart().length !== indent) break;
    table.push(line);
  }
  return table;
}

const RIGHT_ALIGNED = [1, 2, 3, 4, 5, 6, 7];
const LEFT_ALIGNED = [0, 8];

function assertAligned(table: string[]): void {
  assert.ok(table.length >= 2, 'table has a header and rows');
  const header = cells(table[0]!);
  assert.equal(header.length, COLUMN_COUNT, `header cells: ${JSON.stringify(header.map((c) => c.text))}`);
  for (const line of table.slice(1)) {
    const row = cells(line);
    assert.equal(row.length, COLUMN_COUNT, `row cells in ${JSON.stringify(line)}`);
    for (const i of RIGHT_ALIGNED) assert.equal(row[i]!.end, header[i]!.end, `column ${i} ends align in ${JSON.stringify(line)}`);
    for (const i of LEFT_ALIGNED) assert.equal(row[i]!.start, header[i]!.start, `column ${i} starts align in ${JSON.stringify(line)}`);
  }
}

describe('renderTerminalReport', () => {
  const plain = renderTerminalReport(sortGroupResults(), { color: false });
  const lines = plain.split('\n');

  it('prints the file heading, the ungrouped table first and then the named group', () => {
    assert.equal(lines[0], 'bench/sort.bench.ts');
    const noopAt = lines.findIndex((l) => l.trimStart().startsWith('noop '));
    const groupAt = lines.indexOf('  sort 1k numbers');
    assert.ok(noopAt > 0 && groupAt > noopAt, 'ungrouped benchmarks precede the group heading');
  });

  it('aligns the columns of every table', () => {
    assertAligned(tableAfter(lines, 'bench/sort.bench.ts'));
    const group = tableAfter(lines, '  sort 1k numbers');
    assert.equal(group.length, 5, 'header + 4 benchmarks');
    assertAligned(group);
  });

  it('shows estimates, CI half-widths, percentiles, rates, sample counts and relative text', () => {
    const row = lines.find((l) => l.trimStart().startsWith('insertionSort(size=1000) '))!;
    assert.deepEqual(
      cells(row).map((c) => c.text),
      ['insertionSort(size=1000)', '63.16 µs', '±0.93%', '64.42 µs', '76.42 µs', '15.8 K/s', '—', '160', '1.31× slower (1.29–1.33)'],
    );
    const base = lines.find((l) => l.trimStart().startsWith('Array#sort '))!;
    assert.equal(cells(base).at(-1)!.text, 'baseline');
    const typed = lines.find((l) => l.trimStart().startsWith('Float64Array#sort '))!;
    assert.equal(cells(typed).at(-1)!.text, '2.05× faster (2.01–2.09)');
    const noop = lines.find((l) => l.trimStart().startsWith('noop '))!;
    assert.deepEqual(
      cells(noop)
        .slice(1, 2)
        .map((c) => c.text),
      ['392 ps'],
    );
    assert.equal(cells(noop).at(-1)!.text, 'fastest');
  });

  it('marks failed rows and lists their errors below the table', () => {
    const rowAt = lines.findIndex((l) => l.trimStart().startsWith('radixSort '));
    assert.deepEqual(
      cells(lines[rowAt]!).map((c) => c.text),
      ['radixSort', 'error', '—', '—', '—', '—', '—', '—', '—'],
    );
    const messageAt = lines.indexOf("    ✖ radixSort: TypeError: Cannot read properties of undefined (reading 'length') (bench/sort.bench.ts:41:17)");
    assert.ok(messageAt > rowAt, 'error message follows the table');
  });

  it('shows timeouts and errors without a location', () => {
    const hung = benchmark({ name: 'hangs', status: 'timeout', errorMessage: 'timed out after 60 s', errorLocation: null });
    const ok = benchmark({ name: 'fine', nsPerOp: 10 });
    ok.relative = selfRelative(ok.id);
    const text = renderTerminalReport(resultsFile([ok, hung]), { color: false });
    const out = text.split('\n');
    const row = out.find((l) => l.trimStart().startsWith('hangs '))!;
    assert.equal(cells(row)[1]!.text, 'timeout');
    assert.ok(out.includes('  ✖ hangs: timed out after 60 s'), text);
    assertAligned(tableAfter(out, 'bench/sort.bench.ts'));
  });

  it('shows "cannot tell" for a spread manual loop whose slope the fixed cost swamps, never a figure, nor per-sample percentiles', () => {
    const swamped = benchmark({ name: 'table inside', nsPerOp: 0 });
    swamped.fixedCost = { perOpNs: -3, perOpLower: -900, perOpUpper: 850, fixedNs: 8e6, fixedLower: 7.5e6, fixedUpper: 8.6e6, separated: false };
    const out = renderTerminalReport(resultsFile([swamped]), { color: false }).split('\n');
    const row = out.find((l) => l.trimStart().startsWith('table inside '))!;
    assert.deepEqual(
      cells(row)
        .slice(1, 5)
        .map((c) => c.text),
      ['cannot tell', '—', '—', '—'],
    );
  });

  it('prints file load errors, after files that ran, in first-appearance order', () => {
    const a = benchmark({ name: 'a', file: 'bench/b.bench.ts' });
    const b = benchmark({ name: 'b', file: 'bench/a.bench.ts' });
    const c = benchmark({ name: 'c', file: 'bench/b.bench.ts' });
    const text = renderTerminalReport(
      resultsFile([a, b, c], {
        fileErrors: [{ file: 'bench/broken.bench.ts', error: { message: 'SyntaxError: Unexpected token', location: 'bench/broken.bench.ts:3:1', stack: null } }],
      }),
      { color: false },
    );
    const out = text.split('\n');
    const headings = out.filter((l) => l.startsWith('bench/'));
    assert.deepEqual(headings, ['bench/b.bench.ts', 'bench/a.bench.ts', 'bench/broken.bench.ts']);
    const brokenAt = out.indexOf('bench/broken.bench.ts');
    assert.equal(out[brokenAt + 1], '  ✖ could not load bench/broken.bench.ts: SyntaxError: Unexpected token (bench/broken.bench.ts:3:1)');
  });

  it('prints diagnostics with their hints under the table', () => {
    const noisy = benchmark({
      name: 'noisy',
      diagnostics: [
        { code: 'high-variance', severity: 'warning', message: 'samples vary by 18%', hint: 'close other programs' },
        { code: 'note', severity: 'info', message: 'ran in 1 process', hint: '' },
      ],
    });
    const out = renderTerminalReport(resultsFile([noisy]), { color: false }).split('\n');
    const at = out.indexOf('  ⚠ noisy: samples vary by 18%');
    assert.ok(at > 0);
    assert.equal(out[at + 1], '    hint: close other programs');
    assert.equal(out[at + 2], '  ℹ noisy: ran in 1 process');
    const coloured = renderTerminalReport(resultsFile([noisy]), { color: true });
    assert.ok(coloured.includes('\x1b[33m⚠ noisy'), 'warnings are yellow');
  });

  it('footnotes the loop floor as a single value or a range', () => {
    assert.ok(lines.includes('  loop floor: 392 ps/op to 411 ps/op (not subtracted)'), plain);
    const same = renderTerminalReport(resultsFile([benchmark({ name: 'x', floorNsPerOp: 0.39 }), benchmark({ name: 'y', floorNsPerOp: 0.39 })]), { color: false });
    assert.ok(same.includes('  loop floor: 390 ps/op (not subtracted)'), same);
    const none = renderTerminalReport(resultsFile([benchmark({ name: 'x', floorNsPerOp: null })]), { color: false });
    assert.ok(!none.includes('loop floor'));
  });

  it('emits colour only when asked, without changing the layout', () => {
    assert.doesNotMatch(plain, /\x1b/);
    const coloured = renderTerminalReport(sortGroupResults(), { color: true });
    assert.match(coloured, /\x1b\[/);
    assert.ok(coloured.includes('\x1b[32mbaseline'), 'baseline is green');
    assert.ok(coloured.includes('\x1b[31merror'), 'error cell is red');
    assert.equal(strip(coloured), plain);
  });

  it('notes an interrupted run only when the results are partial', () => {
    assert.ok(!plain.includes('interrupted'));
    const partial = sortGroupResults();
    partial.complete = false;
    const text = renderTerminalReport(partial, { color: false });
    assert.equal(text.trimEnd().split('\n').at(-1), '⚠ run interrupted: results are partial');
  });

  it("says under intervals of one process's samples that they are that, and not under intervals across processes", () => {
    assert.ok(lines.includes(WITHIN_PROCESS_NOTE), plain);
    const forked = sortGroupResults();
    for (const b of forked.benchmarks) if (b.status === 'ok') b.estimate = { ...b.estimate!, method: 'two-level-bootstrap' };
    assert.ok(!renderTerminalReport(forked, { color: false }).includes(WITHIN_PROCESS_NOTE));
  });

  it('shortens names to fit a narrow terminal and stays aligned', () => {
    const narrow = renderTerminalReport(sortGroupResults(), { color: false, width: 70 }).split('\n');
    const table = tableAfter(narrow, '  sort 1k numbers');
    assert.ok(
      table.some((l) => l.includes('Float64Arra…')),
      table.join('\n'),
    );
    assertAligned(table);
  });

  it('has no trailing whitespace', () => {
    for (const line of lines) assert.equal(line, line.trimEnd());
  });
});

describe('B/op column', () => {
  it('shows heap bytes per operation, with off-heap bytes when there are any', () => {
    const base = sortGroupResults();
    const [first, second] = base.benchmarks;
    const withMemory = {
      ...base,
      benchmarks: [
        {
          ...first!,
          memory: {
            bytesPerOp: 304.2,
            externalBytesPerOp: 0,
            deterministic: true,
            iterations: 1000,
            readings: [304.2],
            gcCount: 0,
            gcTimeNs: 0,
            gcShare: 0,
            footprint: {
              heapUsedBytes: 8e6,
              heapTotalBytes: 12e6,
              externalBytes: 1e6,
              rssBytes: 60e6,
              peakHeapUsedBytes: 9e6,
              peakRssBytes: 61e6,
              retainedBytes: 1024,
              heapUsedAfterSamples: [8e6, 8.1e6],
            },
            gcCost: null,
            allocationSites: null,
          },
        },
        {
          ...second!,
          memory: {
            bytesPerOp: 88,
            externalBytesPerOp: 4096,
            deterministic: true,
            iterations: 1000,
            readings: [88],
            gcCount: 0,
            gcTimeNs: 0,
            gcShare: 0,
            footprint: {
              heapUsedBytes: 8e6,
              heapTotalBytes: 12e6,
              externalBytes: 1e6,
              rssBytes: 60e6,
              peakHeapUsedBytes: 9e6,
              peakRssBytes: 61e6,
              retainedBytes: 1024,
              heapUsedAfterSamples: [8e6, 8.1e6],
            },
            gcCost: null,
            allocationSites: null,
          },
        },
        ...base.benchmarks.slice(2),
      ],
    };
    const out = renderTerminalReport(withMemory, { color: false });
    assert.ok(out.includes(' 304 B '), out);
    assert.ok(out.includes(' 88 B +4.00 KiB ext '), out);
  });
});
