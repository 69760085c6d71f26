import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { samplesInWindows, samplesUnderLoop, summarizeCpuProfile, type CpuProfile, type CpuProfileNode, type SummaryContext } from '../../src/profiling/cpu-profile-summary.js';
import { ScriptFunctions } from '../../src/profiling/script-functions.js';

// A bench file as V8 loaded it: two helpers and the benchmark body, one per few lines.
const SOURCE = [
  'function light(x) {', // 1
  '  return x + 1;', // 2
  '}', // 3
  'function heavy(x) {', // 4
  '  let a = 0; for (let i = 0; i < 60; i++) a += x;', // 5
  '  return a;', // 6
  '}', // 7
  'export const body = () => light(1) + heavy(2);', // 8
].join('\n');
const offsetOf = (text: string): number => SOURCE.indexOf(text);
const coverage = [
  { functionName: '', ranges: [{ startOffset: 0, endOffset: SOURCE.length }] },
  { functionName: 'light', ranges: [{ startOffset: offsetOf('function light'), endOffset: offsetOf('function heavy') - 1 }] },
  { functionName: 'heavy', ranges: [{ startOffset: offsetOf('function heavy'), endOffset: offsetOf('export') - 1 }] },
  { functionName: 'body', ranges: [{ startOffset: offsetOf('() =>'), endOffset: SOURCE.length }] },
];
const URL_ = 'file:///w/a.bench.js';
const script = new ScriptFunctions('7', URL_, SOURCE, coverage);
const LOOP_OFFSET = 1000;

function frame(functionName: string, url: string, scriptId: string, lineNumber = 0, columnNumber = 0) {
  return { functionName, url, scriptId, lineNumber, columnNumber };
}

const nodes: CpuProfileNode[] = [
  { id: 1, callFrame: frame('(root)', '', '0'), children: [2, 5, 6, 7] },
  {
    id: 2,
    callFrame: frame('ubench_loop_1', 'ubench-measured-loop-1', '9', LOOP_OFFSET + 1, 10),
    children: [3],
    positionTicks: [
      { line: LOOP_OFFSET + 4, ticks: 10 },
      { line: 5, ticks: 60 },
      { line: 2, ticks: 20 },
      { line: 8, ticks: 10 },
    ],
  },
  { id: 3, callFrame: frame('body', URL_, '7', 7, 20), children: [4], positionTicks: [{ line: 8, ticks: 5 }] },
  { id: 4, callFrame: frame('heavy', URL_, '7', 3, 0), positionTicks: [{ line: 5, ticks: 5 }] },
  { id: 5, callFrame: frame('(garbage collector)', '', '0', -1, -1) },
  { id: 6, callFrame: frame('runBatch', 'file:///pkg/dist/engine/batch-runner.js', '3', 70, 2), positionTicks: [{ line: 71, ticks: 1 }] },
  { id: 7, callFrame: frame('sort', '', '0', -1, -1) },
];

function profileOf(sampleNodes: number[], deltaUs = 10): CpuProfile {
  return { nodes, startTime: 1000, endTime: 1000 + deltaUs * sampleNodes.length, samples: sampleNodes, timeDeltas: sampleNodes.map(() => deltaUs) };
}

function context(windows: [number, number][], top = 10): SummaryContext {
  return {
    windows,
    scripts: new Map([['7', script]]),
    inlineCandidates: ['7'],
    isLoop: (f) => f.url.startsWith('ubench-measured-loop-'),
    loopLabel: 'measured loop for f',
    loopLineOffset: LOOP_OFFSET,
    classify: (url) => (url.startsWith('node:') ? 'node' : url.includes('/pkg/') ? 'harness' : 'user'),
    locate: (url, line, column) => `${url.replace('file:///w/', '')}:${line}:${column}`,
    originalLine: (url, line) => (url === URL_ ? { file: 'a.bench.ts', line } : null),
    lineText: (_file, line) => SOURCE.split('\n')[line - 1]!.trim(),
    top,
  };
}

describe('functions of a script by line', () => {
  it('converts offsets and lines both ways', () => {
    assert.deepEqual(script.position(offsetOf('return a')), { line: 6, column: 3 });
    assert.equal(script.offset(6, 3), offsetOf('return a'));
  });
  it('finds the innermost function of a line, never the top level', () => {
    assert.equal(script.functionAtLine(5)?.name, 'heavy');
    assert.equal(script.functionAtLine(2)?.name, 'light');
    assert.equal(script.functionAtLine(8)?.name, 'body');
    assert.equal(new ScriptFunctions('1', 'u', 'let x = 1;', [{ functionName: '', ranges: [{ startOffset: 0, endOffset: 10 }] }]).functionAtLine(1), null);
  });
  it("finds the function at a profile frame's start", () => {
    assert.equal(script.functionAtOffset(script.offset(4, 1))?.name, 'heavy');
  });
});

describe('samples in the timed regions', () => {
  it('counts per node only samples whose time falls in a window', () => {
    // Samples at 1010, 1020, …, 1060.
    const counts = samplesInWindows(profileOf([2, 2, 5, 2, 3, 2]), [
      [1015, 1030],
      [1050, 1055],
    ]);
    assert.deepEqual(
      [...counts].sort(),
      [
        [2, 1],
        [5, 1],
        [3, 1],
      ].sort(),
    );
  });

  it('without windows (a page: another clock), counts samples with the loop on their stack, and GC between two of them', () => {
    // 6 runBatch (harness, outside the loop); GC (5) between loop samples counts, GC after runBatch does not.
    const counts = samplesUnderLoop(profileOf([6, 2, 5, 5, 4, 6, 5, 3, 7]), (f) => f.url.startsWith('ubench-measured-loop-'));
    assert.deepEqual(
      [...counts].sort(),
      [
        [2, 1],
        [5, 2],
        [4, 1],
        [3, 1],
      ].sort(),
    );
    const summary = summarizeCpuProfile(profileOf([6, 2, 4, 4, 6]), { ...context([]), windows: null });
    assert.equal(summary.sampleCount, 3);
  });
});

describe('hot functions and lines', () => {
  // 100 samples of the loop (its ticks: 10 own, 60 heavy, 20 light, 10 body), 10 in the body node,
  // 10 GC, 2 harness, 8 in a built-in; 40 loop samples outside the window.
  const order = [...Array(100).fill(2), ...Array(10).fill(3), ...Array(10).fill(5), 6, 6, ...Array(8).fill(7), ...Array(40).fill(2)];
  const summary = summarizeCpuProfile(profileOf(order), context([[1000, 1000 + 10 * 130]]));
  const share = (name: string): number => summary.hot.find((h) => h.function === name)?.selfPercent ?? NaN;

  it('counts only the timed regions', () => {
    assert.equal(summary.sampleCount, 130);
  });

  it('hands inlined code back to its function by line, naming the host it ran in', () => {
    assert.equal(summary.hot[0]!.function, 'heavy');
    assert.ok(Math.abs(share('heavy') - (100 * 60) / 130) < 1e-9, `${share('heavy')}`);
    assert.ok(Math.abs(share('light') - (100 * 20) / 130) < 1e-9);
    assert.ok(Math.abs(share('measured loop for f') - (100 * 10) / 130) < 1e-9);
    const light = summary.hot.find((h) => h.function === 'light')!;
    assert.deepEqual(light, { function: 'light', location: 'a.bench.js:1:1', selfPercent: light.selfPercent, kind: 'user', inlinedInto: 'measured loop for f' });
    assert.equal(summary.hot.find((h) => h.function === 'body')!.inlinedInto, 'measured loop for f', 'the body is mostly inlined too');
  });

  it('labels V8 pseudo-frames, built-ins and harness frames, not hiding them', () => {
    assert.equal(summary.hot.find((h) => h.function === '(garbage collector)')?.kind, 'vm');
    assert.equal(summary.hot.find((h) => h.function === 'sort (built-in)')?.kind, 'builtin');
    assert.equal(summary.hot.find((h) => h.function === 'runBatch')?.kind, 'harness');
    assert.equal(summary.hot.find((h) => h.function === 'measured loop for f')?.kind, 'measured-loop');
  });

  it('sums to 100% and is sorted, top N kept', () => {
    assert.ok(Math.abs(summary.hot.reduce((a, h) => a + h.selfPercent, 0) - 100) < 1e-9);
    assert.deepEqual(
      summary.hot.map((h) => h.selfPercent),
      [...summary.hot.map((h) => h.selfPercent)].sort((a, b) => b - a),
    );
    assert.equal(summarizeCpuProfile(profileOf(order), context([[1000, 2300]], 2)).hot.length, 2);
  });

  it("annotates the benchmark's own lines (never the loop's or the harness's) in line order", () => {
    assert.deepEqual(
      summary.lines.map((l) => [l.line, Math.round((l.percent * 130) / 100)]),
      [
        [2, 20],
        [5, 60],
        [8, 20],
      ],
    );
    assert.equal(summary.lines[1]!.text, 'let a = 0; for (let i = 0; i < 60; i++) a += x;');
    assert.equal(summary.lines[0]!.file, 'a.bench.ts');
  });

  it('is empty, not NaN, when no sample fell in a timed region', () => {
    const empty = summarizeCpuProfile(profileOf([2, 3]), context([[0, 1]]));
    assert.deepEqual(empty, { sampleCount: 0, packedScripts: [], hot: [], lines: [] });
  });
});

describe('names of anonymous functions', () => {
  const source = 'const a = { run: (x) => x + 1 };\nexport const body = () => 2;\nbench("n", __name(() => 3, "kept"));\nbench("m", () => 4);';
  const at = (text: string): { startOffset: number; endOffset: number } => {
    const start = source.indexOf(text);
    return { startOffset: start, endOffset: start + text.length };
  };
  const fns = new ScriptFunctions('1', 'u', source, [
    { functionName: '', ranges: [at('(x) => x + 1')] },
    { functionName: '', ranges: [at('() => 2')] },
    { functionName: '', ranges: [at('() => 3')] },
    { functionName: '', ranges: [at('() => 4')] },
  ]);
  it("infers what V8 would from the assignment, or the transpiler's kept name", () => {
    assert.deepEqual(
      fns.functions.map((f) => f.name),
      ['run', 'body', 'kept', ''],
    );
  });
  it("knows where a line's first token is", () => {
    assert.equal(new ScriptFunctions('1', 'u', 'a\n    b\n', []).firstColumn(2), 5);
  });
});

describe('packed scripts (transpiled into a few long lines)', () => {
  const packedSource = `${SOURCE.replace(/\n/g, ' ')}${' '.repeat(400)}`;
  const packedScript = new ScriptFunctions(
    '7',
    URL_,
    packedSource,
    coverage.map((f) => ({ ...f, ranges: f.ranges.map((r) => ({ ...r })) })),
  );
  it('are recognised by their line length', () => {
    assert.equal(packedScript.packed, true);
    assert.equal(script.packed, false);
  });
  it('keep inlined samples with their host and show no lines rather than wrong ones', () => {
    const order = [...Array(100).fill(2), ...Array(10).fill(3)];
    const summary = summarizeCpuProfile(profileOf(order), { ...context([[1000, 2200]]), scripts: new Map([['7', packedScript]]) });
    assert.equal(summary.hot[0]!.function, 'measured loop for f');
    assert.ok(Math.abs(summary.hot[0]!.selfPercent - (100 * 100) / 110) < 1e-9);
    assert.deepEqual(summary.lines, []);
    assert.deepEqual(summary.packedScripts, [URL_]);
  });
});

describe('a callback written on the line of the code that calls it', () => {
  const source = ['export const run = (xs) => {', '  const copy = xs.slice();', '  return copy.sort((a, b) => a - b);', '};'].join('\n');
  const start = (text: string): number => source.indexOf(text);
  const fns = new ScriptFunctions('5', URL_, source, [
    { functionName: 'run', ranges: [{ startOffset: start('(xs)'), endOffset: source.length - 1 }] },
    { functionName: '', ranges: [{ startOffset: start('(a, b)'), endOffset: start(');') }] },
  ]);
  it('stays with the function that ran: the line cannot be split between them', () => {
    const runNode: CpuProfileNode = {
      id: 1,
      callFrame: frame('run', URL_, '5', 0, source.indexOf('(xs)')),
      positionTicks: [
        { line: 3, ticks: 9 },
        { line: 2, ticks: 1 },
      ],
    };
    const summary = summarizeCpuProfile(
      { nodes: [runNode], startTime: 0, endTime: 100, samples: Array(10).fill(1), timeDeltas: Array(10).fill(1) },
      { ...context([[0, 100]]), scripts: new Map([['5', fns]]), inlineCandidates: ['5'] },
    );
    assert.deepEqual(
      summary.hot.map((h) => [h.function, h.selfPercent, h.inlinedInto]),
      [['run', 100, null]],
    );
  });
});

describe('lines shared by a function and a callback inside it', () => {
  const source = ['export const run = (xs) => {', '  const copy = xs.slice();', '  return copy.sort((a, b) => a - b);', '};', 'function helper(x) {', '  return x * 2;', '}'].join('\n');
  const start = (text: string): number => source.indexOf(text);
  const fns = new ScriptFunctions('5', URL_, source, [
    { functionName: 'run', ranges: [{ startOffset: start('(xs)'), endOffset: start('};') + 1 }] },
    { functionName: '', ranges: [{ startOffset: start('(a, b)'), endOffset: start(');') }] },
    { functionName: 'helper', ranges: [{ startOffset: start('function helper'), endOffset: source.length }] },
  ]);
  it('go to the enclosing function; a top-level function keeps its own first line', () => {
    assert.equal(fns.ownerOfLine(3)?.name, 'run');
    assert.equal(fns.functionAtLine(3)?.name, '');
    assert.equal(fns.ownerOfLine(5)?.name, 'helper');
    assert.equal(fns.ownerOfLine(6)?.name, 'helper');
  });
});

describe("a callback's own frame", () => {
  const source = ['export const run = (xs) => {', '  return xs.sort((a, b) => a - b);', '};'].join('\n');
  const fns = new ScriptFunctions('5', URL_, source, [
    { functionName: 'run', ranges: [{ startOffset: source.indexOf('(xs)'), endOffset: source.length }] },
    { functionName: '', ranges: [{ startOffset: source.indexOf('(a, b)'), endOffset: source.indexOf(');') }] },
  ]);
  it('keeps the samples on its own line, never handing them to the function around it', () => {
    const callback: CpuProfileNode = { id: 1, callFrame: frame('', URL_, '5', 1, source.indexOf('(a, b)') - source.indexOf('  return')), positionTicks: [{ line: 2, ticks: 4 }] };
    const summary = summarizeCpuProfile(
      { nodes: [callback], startTime: 0, endTime: 100, samples: Array(4).fill(1), timeDeltas: Array(4).fill(1) },
      { ...context([[0, 100]]), scripts: new Map([['5', fns]]), inlineCandidates: ['5'] },
    );
    assert.deepEqual(
      summary.hot.map((h) => [h.function, h.selfPercent, h.inlinedInto]),
      [['(anonymous)', 100, null]],
    );
  });
});

// A library both blocks below inline from: `sum`'s loop is on line 5.
const LIB = ['export function other(d) {', '  return d.length;', '}', 'export function sum(d) {', '  let s = 0; for (const x of d) s += x;', '  return s;', '}'].join('\n');
const lib = new ScriptFunctions('2', 'file:///w/lib.js', LIB, [
  { functionName: '', ranges: [{ startOffset: 0, endOffset: LIB.length }] },
  { functionName: 'other', ranges: [{ startOffset: 0, endOffset: LIB.indexOf('export function sum') - 1 }] },
  { functionName: 'sum', ranges: [{ startOffset: LIB.indexOf('export function sum'), endOffset: LIB.length }] },
]);

describe('code inlined from another file', () => {
  // A bench file whose arrows call a library: the arrow on line 2 calls `sum`, whose loop is on line 5
  // of the library — and line 5 of the bench file is another benchmark's arrow.
  const BENCH = ["import { sum, other } from './lib.js';", "bench('sum', () => sum(DATA));", "bench('x', () => 1);", "bench('other', () => other(DATA));", "bench('y', () => 2);"].join('\n');
  const at = (source: string, text: string): number => source.indexOf(text);
  const bench = new ScriptFunctions('1', 'file:///w/t.bench.js', BENCH, [
    { functionName: '', ranges: [{ startOffset: 0, endOffset: BENCH.length }] },
    { functionName: '', ranges: [{ startOffset: at(BENCH, '() => sum'), endOffset: at(BENCH, "bench('x'") - 2 }] },
    { functionName: '', ranges: [{ startOffset: at(BENCH, '() => 1'), endOffset: at(BENCH, "bench('other'") - 2 }] },
    { functionName: '', ranges: [{ startOffset: at(BENCH, '() => other'), endOffset: at(BENCH, "bench('y'") - 2 }] },
    { functionName: '', ranges: [{ startOffset: at(BENCH, '() => 2'), endOffset: BENCH.length - 1 }] },
  ]);
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)', '', '0'), children: [2] },
      // `sum` ran on its own before it was inlined: a child of the arrow that calls it.
      {
        id: 2,
        callFrame: frame('', 'file:///w/t.bench.js', '1', 1, 13),
        children: [3],
        positionTicks: [
          { line: 5, ticks: 90 },
          { line: 2, ticks: 10 },
        ],
      },
      { id: 3, callFrame: frame('sum', 'file:///w/lib.js', '2', 3, 0), positionTicks: [{ line: 5, ticks: 1 }] },
    ],
    startTime: 0,
    endTime: 100,
    samples: Array.from({ length: 100 }, () => 2),
    timeDeltas: Array.from({ length: 100 }, () => 1),
  };
  it('hands the lines to the function the host called, in its own file, not to the bench file’s function on that line', () => {
    const ctx: SummaryContext = {
      ...context([[0, 1000]]),
      scripts: new Map([
        ['1', bench],
        ['2', lib],
      ]),
      inlineCandidates: ['1', '2'],
      locate: (url, line, column) => `${url.replace('file:///w/', '')}:${line}:${column}`,
      originalLine: (url, line) => ({ file: url.replace('file:///w/', ''), line }),
      lineText: (file, line) => (file === 'lib.js' ? LIB : BENCH).split('\n')[line - 1]!.trim(),
    };
    const summary = summarizeCpuProfile(profile, ctx);
    assert.equal(summary.hot[0]?.function, 'sum', JSON.stringify(summary.hot));
    assert.equal(summary.hot[0]?.location, 'lib.js:4:1');
    assert.equal(summary.lines.find((l) => l.percent > 50)?.file, 'lib.js', JSON.stringify(summary.lines));
  });
});

describe('code inlined into the measured loop from another file', () => {
  // The loop inlined the body (bench line 2) and `sum` (lib line 5); nothing else ran as a node of its own.
  const BENCH = ["import { sum } from './lib.js';", "bench('sum', () => sum(DATA));", "bench('x', () => 1);", "bench('y', () => 3);", "bench('z', () => 2);"].join('\n');
  const at = (source: string, text: string): number => source.indexOf(text);
  const arrows = ['() => sum', '() => 1', '() => 3', '() => 2'];
  const bench = new ScriptFunctions('1', 'file:///w/t.bench.js', BENCH, [
    { functionName: '', ranges: [{ startOffset: 0, endOffset: BENCH.length }] },
    ...arrows.map((a) => ({ functionName: '', ranges: [{ startOffset: at(BENCH, a), endOffset: BENCH.indexOf(')', at(BENCH, a) + a.length) + 1 }] })),
  ]);
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)', '', '0'), children: [2] },
      {
        id: 2,
        callFrame: frame('ubench_loop_1', 'ubench-measured-loop-1', '9', LOOP_OFFSET + 1, 10),
        positionTicks: [
          { line: 5, ticks: 95 },
          { line: 2, ticks: 5 },
        ],
      },
    ],
    startTime: 0,
    endTime: 100,
    samples: Array.from({ length: 100 }, () => 2),
    timeDeltas: Array.from({ length: 100 }, () => 1),
  };
  const ctx = (bodies: SummaryContext['bodies']): SummaryContext => ({
    ...context([[0, 1000]]),
    scripts: new Map([
      ['1', bench],
      ['2', lib],
    ]),
    inlineCandidates: ['1', '2'],
    ...(bodies === undefined ? {} : { bodies }),
    locate: (url, line, column) => `${url.replace('file:///w/', '')}:${line}:${column}`,
    originalLine: (url, line) => ({ file: url.replace('file:///w/', ''), line }),
    lineText: (file, line) => (file === 'lib.js' ? LIB : BENCH).split('\n')[line - 1]!.trim(),
  });

  it('places a line in the function the body reaches by name', () => {
    const summary = summarizeCpuProfile(profile, ctx([{ scriptId: '1', offset: at(BENCH, '() => sum') }]));
    assert.equal(summary.hot[0]?.function, 'sum', JSON.stringify(summary.hot));
    assert.equal(summary.hot[0]?.location, 'lib.js:4:1');
  });

  it('without the body, falls back to the bench file first (the old guess)', () => {
    const summary = summarizeCpuProfile(profile, ctx(undefined));
    assert.match(summary.hot[0]?.location ?? '', /^t\.bench\.js:5:/, JSON.stringify(summary.hot));
  });
});
