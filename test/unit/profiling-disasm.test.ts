import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildDisassembly, nativeName } from '../../src/profiling/disassembly.js';
import { findLoop } from '../../src/profiling/loop-region.js';
import { instructionAt, parseOptCode } from '../../src/profiling/opt-code-dump.js';
import { parsePerfScript, perfRecordArgs, samplesInWindows, type PerfSample } from '../../src/profiling/perf-samples.js';

/** What Node 20 (V8 11.3, x64) printed with --print-opt-code for `ubench_loop_7` calling `(i) => Math.sqrt(i) * 2`. */
const dumpText = readFileSync(new URL('../fixtures/profile/opt-code-x64.txt', import.meta.url), 'utf8');
const BASE = 0x7f39cef46400;

describe('printed optimized code', () => {
  const [dump] = parseOptCode(dumpText);

  it('splits out each compilation with its name, kind, size and instructions', () => {
    assert.equal(parseOptCode(dumpText).length, 1);
    assert.equal(dump!.name, 'ubench_loop_7');
    assert.equal(dump!.kind, 'TURBOFAN');
    assert.equal(dump!.size, 696);
    assert.deepEqual(dump!.instructions[0], { address: BASE, offset: 0, text: 'REX.W movq rbx,[rcx-0x8]' });
    assert.ok(dump!.raw.startsWith('--- Raw source ---') && dump!.raw.endsWith('--- End code ---'));
  });

  it('finds the instruction holding an address, and nothing outside the code', () => {
    assert.equal(instructionAt(dump!, BASE + 0xd3)?.offset, 0xd1);
    assert.equal(instructionAt(dump!, BASE + 0xd1)?.offset, 0xd1);
    assert.equal(instructionAt(dump!, BASE - 1), null);
    assert.equal(instructionAt(dump!, BASE + 696), null);
  });

  it('finds the measured loop: the back edge in the main code, not the jumps back from deferred code', () => {
    assert.deepEqual(findLoop(dump!.instructions), { startOffset: 0xc0, endOffset: 0xea });
  });

  it('finds no loop in straight-line code', () => {
    assert.equal(
      findLoop([
        { address: 0, offset: 0, text: 'push rbp' },
        { address: 1, offset: 1, text: 'jmp 0x10  <+0x10>' },
        { address: 5, offset: 5, text: 'retl' },
      ]),
      null,
    );
  });
});

describe('perf samples', () => {
  it('parses perf script lines (time, address, symbol, mapped file)', () => {
    const text = [
      '   10383.336266:      7f9815ff5326 update_active.constprop.0 (/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)',
      '   10383.3362:  ffffffff816c704b clear_page_erms ([kernel.kallsyms])',
      '   10383.5:      7f1a66f45dd1 JS:*ubench_loop_7 :3:30 (/tmp/perf-7634.map)',
      'garbage',
    ].join('\n');
    assert.deepEqual(parsePerfScript(text), [
      { timeNs: 10383_336266000, ip: 0x7f9815ff5326, symbol: 'update_active.constprop.0', dso: '/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2' },
      { timeNs: 10383_336200000, ip: 0xffffffff816c704b, symbol: 'clear_page_erms', dso: '[kernel.kallsyms]' },
      { timeNs: 10383_500000000, ip: 0x7f1a66f45dd1, symbol: 'JS:*ubench_loop_7 :3:30', dso: '/tmp/perf-7634.map' },
    ]);
  });

  it('keeps only samples inside the timed regions', () => {
    const at = (timeNs: number): PerfSample => ({ timeNs, ip: 0, symbol: '', dso: '' });
    const kept = samplesInWindows(
      [at(5), at(10), at(15), at(25), at(30), at(31)],
      [
        [10, 20],
        [25, 30],
      ],
    );
    assert.deepEqual(
      kept.map((s) => s.timeNs),
      [10, 15, 25, 30],
    );
  });

  it('records on the monotonic clock with a fixed period of a software event', () => {
    const args = perfRecordArgs('/tmp/x.data').join(' ');
    assert.match(args, /^record -q -e cpu-clock -c 100000 -k mono -o \/tmp\/x\.data --$/);
  });

  it('names native code as people read it', () => {
    const loop = { functionName: 'ubench_loop_7', label: 'measured loop for sum' };
    assert.equal(nativeName({ symbol: 'JS:*ubench_loop_7 :3:30', dso: '/tmp/perf-1.map' }, loop), 'measured loop for sum (JIT)');
    assert.equal(nativeName({ symbol: 'JS:~heavy file:///a.ts:3:1', dso: '/tmp/perf-1.map' }, loop), 'heavy (JIT, unoptimized)');
    assert.equal(nativeName({ symbol: 'Builtins_ArrayTimSort', dso: '/usr/bin/node' }, loop), 'ArrayTimSort (V8 built-in)');
    assert.equal(nativeName({ symbol: 'clear_page_erms', dso: '[kernel.kallsyms]' }, loop), 'clear_page_erms (kernel)');
    assert.equal(nativeName({ symbol: 'v8::internal::Heap::Scavenge', dso: '/usr/bin/node' }, loop), 'v8::internal::Heap::Scavenge');
    assert.equal(nativeName({ symbol: '_int_free', dso: '/usr/lib/x86_64-linux-gnu/libc.so.6' }, loop), '_int_free (libc.so.6)');
  });
});

describe('the disassembly of the measured loop', () => {
  const sample = (address: number, timeNs = 100): PerfSample => ({ timeNs, ip: address, symbol: 'JS:*ubench_loop_7 :3:30', dso: '/tmp/perf-1.map' });
  const windows: [number, number][] = [[50, 150]];

  it('trims to the loop and gives each instruction its share of the samples in the timed regions', () => {
    const samples = [sample(BASE + 0xd1), sample(BASE + 0xd1), sample(BASE + 0xd5), sample(BASE + 0x10), { ...sample(0x1234), symbol: 'Builtins_X', dso: '/usr/bin/node' }, sample(BASE + 0xd1, 999)];
    const { disassembly: d } = buildDisassembly({ functionName: 'ubench_loop_7', codeText: dumpText, windows, perf: { samples }, loopLabel: 'measured loop for f' });
    assert.equal(d.status, 'done');
    assert.deepEqual(d.loop, { startOffset: 0xc0, endOffset: 0xea });
    assert.equal(d.instructions[0]!.offset, 0xc0);
    assert.equal(d.instructions[d.instructions.length - 1]!.offset, 0xea);
    assert.equal(d.perfSampleCount, 5);
    assert.equal(d.instructions.find((i) => i.offset === 0xd1)!.percent, 40);
    assert.equal(d.instructions.find((i) => i.offset === 0xd5)!.percent, 20);
    assert.equal(d.loopPercent, 60);
    assert.deepEqual(d.native, [
      { symbol: 'measured loop for f (JIT)', percent: 80 },
      { symbol: 'X (V8 built-in)', percent: 20 },
    ]);
    assert.equal(d.annotationNote, null);
  });

  it('shows the compilation that ran (most samples), else the last one printed', () => {
    const moved = dumpText.replace(/0x7f39cef4/g, '0x7f39cef5');
    const twice = dumpText + moved;
    const first = buildDisassembly({ functionName: 'ubench_loop_7', codeText: twice, windows, perf: { samples: [sample(BASE + 0xd1)] }, loopLabel: 'l' });
    assert.equal(first.disassembly.compilations, 2);
    assert.equal(first.shown?.instructions[0]!.address, BASE);
    const last = buildDisassembly({ functionName: 'ubench_loop_7', codeText: twice, windows, perf: { unavailable: 'perf is not installed' }, loopLabel: 'l' });
    assert.equal(last.shown?.instructions[0]!.address, BASE + 0x10000);
    assert.equal(last.disassembly.annotationNote, 'perf is not installed');
    assert.ok(last.disassembly.instructions.every((i) => i.percent === null));
    assert.equal(last.disassembly.loopPercent, null);
  });

  it('fails clearly when V8 printed nothing for the loop', () => {
    const { disassembly: d } = buildDisassembly({ functionName: 'ubench_loop_9', codeText: dumpText, windows, perf: { samples: [] }, loopLabel: 'l' });
    assert.equal(d.status, 'failed');
    assert.match(d.reason ?? '', /no optimized code/);
  });
});
