/**
 * The profiling sections of the HTML report, rendered from hand-built results: hot lines with
 * their source text, the measured loop's machine code in a <details> with a bar per instruction,
 * the loop's bounds and hot instructions marked, allocation sites, and deopts folded with their
 * counts; every string a user wrote (function names, paths, source text) escaped.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { allocSitesSection } from '../../src/html/alloc-sites-section.js';
import { deoptSection } from '../../src/html/deopt-section.js';
import { disasmSection } from '../../src/html/disasm-section.js';
import { html } from '../../src/html/escape-html.js';
import { profileSection } from '../../src/html/profile-section.js';
import { renderResultsPage } from '../../src/html/results-page.js';
import type { BenchmarkResult, DeoptEvent, Disassembly, ProfileInfo } from '../../src/results/types.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { XSS } from '../fixtures/report/html-fixtures.js';

const base = fullResults.benchmarks[0]!;
const FILE = `bench/${XSS}.bench.ts`;

const disasm: Disassembly = {
  status: 'done',
  reason: null,
  functionName: 'ubench_loop_3',
  compilations: 2,
  codeFile: `.ubench/profiles/${XSS}.asm`,
  loop: { startOffset: 0x40, endOffset: 0x4c },
  instructions: [
    { offset: 0x3c, text: 'movq rax,[rbp-0x8]', percent: 0 },
    { offset: 0x40, text: 'cmpl r9,r8', percent: 12.5 },
    { offset: 0x44, text: `call ${XSS}`, percent: 2 },
    { offset: 0x48, text: 'vsqrtsd xmm1,xmm1,xmm1', percent: 50 },
    { offset: 0x4c, text: 'ja 0x7f1a66f45dc0  <+0x40>', percent: 0.01 },
  ],
  perfSampleCount: 2204,
  loopPercent: 99.8,
  annotationNote: null,
  native: [{ symbol: `${XSS} (JIT)`, percent: 97.5 }],
};

const deopt = (phase: DeoptEvent['phase'], reason: string, location: string | null, kind = 'deopt-eager'): DeoptEvent => ({ phase, kind, reason, location, inlinedAt: [] });

const profile: ProfileInfo = {
  ...base.profile,
  deopts: [
    deopt('warmup', 'wrong map', `${FILE}:22:17`),
    deopt('sample', 'not a Smi', `${FILE}:14:23`),
    deopt('sample', 'not a Smi', `${FILE}:14:23`),
    deopt('warmup', 'not a Smi', `${FILE}:14:23`),
    deopt('sample', 'Insufficient type feedback for call', null, 'deopt-soft'),
    deopt('warmup', 'prepare for on stack replacement (OSR)', null),
  ],
  hot: [
    { function: XSS, location: `${FILE}:3:1`, selfPercent: 61.2, kind: 'user', inlinedInto: 'measured loop for hash' },
    { function: '(garbage collector)', location: null, selfPercent: 8.7, kind: 'vm', inlinedInto: null },
  ],
  lines: [
    { file: FILE, line: 4, text: `h = mix(h, "${XSS}");`, percent: 55 },
    { file: FILE, line: 5, text: null, percent: 0.01 },
  ],
  disasm,
};

const hostile: BenchmarkResult = {
  ...base,
  name: XSS,
  profile,
  memory: {
    ...base.memory!,
    allocationSites: {
      ...base.memory!.allocationSites!,
      sites: [
        { function: XSS, location: `${FILE}:3:19`, bytesPerOp: 240, share: 0.8, harness: false, callers: ['measured loop', `caller ${XSS}`] },
        { function: 'ubench_loop_3', location: null, bytesPerOp: 60, share: 0.2, harness: true, callers: [] },
      ],
    },
  },
};

/** The rows of the first table in `section` after `marker`, as arrays of cell texts (tags stripped). */
function rows(section: string, marker = '<table'): string[][] {
  const table = section.slice(section.indexOf(marker)).split('</table>')[0]!;
  return [...table.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((r) => [...r[1]!.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, '')));
}

describe('HTML profiling sections', () => {
  it('escapes a hostile function name, file and source text everywhere', () => {
    const page = renderResultsPage({ ...fullResults, benchmarks: [hostile] });
    assert.ok(!page.includes(XSS), 'no raw <img onerror> anywhere in the page');
    for (const section of [profileSection(hostile), disasmSection(hostile), allocSitesSection(hostile), deoptSection(hostile)]) {
      assert.ok(section.includes(html(XSS)), section.slice(0, 200));
      assert.ok(!section.includes(XSS));
    }
  });

  it('lists hot functions and hot lines with their source text and a share bar', () => {
    const section = profileSection(hostile);
    assert.match(section, /<h5>Hot functions \(self time\)<\/h5>/);
    assert.match(section, /JIT tier: measured loop turbofan after warm-up → turbofan \(deoptimized before\) at the end/);
    const lines = rows(section, '<table class="hot-lines"');
    assert.deepEqual(lines.slice(1), [[html(FILE)], ['4', '55.0%', html(`h = mix(h, "${XSS}");`)], ['5', '&lt;0.1%', '(source not readable)']]);
    // Bars are relative to the largest share: the hottest line is full length.
    assert.match(section, /<td class="share s100">55\.0%<\/td>/);
    assert.match(section, /<td class="share s14">8\.7%<\/td>/);
  });

  it('shows the machine code in a <details>, loop bounds marked and hot instructions highlighted', () => {
    const section = disasmSection(hostile);
    assert.match(
      section,
      /<details class="disasm"><summary>Machine code of the measured loop: 5 instructions \(ubench_loop_3, TurboFan, the one that ran of 2 compilations; loop at \+0x40\.\.\+0x4c; 99\.8% of perf&#39;s 2204 samples in the loop; hottest: vsqrtsd xmm1,xmm1,xmm1 \(50\.0%\)\)<\/summary>/,
    );
    const table = rows(section, '<table class="disasm"');
    assert.deepEqual(
      table.slice(1).map((r) => r.slice(0, 3)),
      [
        ['', '3c', ''],
        ['12.5%', '40', 'loop start'],
        ['2.0%', '44', ''],
        ['50.0%', '48', ''],
        ['&lt;0.1%', '4c', 'back edge'],
      ],
    );
    const classes = [...section.matchAll(/<tr( class="([^"]*)")?><td class="share[ "]/g)].map((m) => m[2] ?? '');
    assert.deepEqual(classes.slice(0, 5), ['', 'hot in-loop', 'in-loop', 'hot in-loop', 'in-loop']);
    assert.match(section, /<table class="native">.*97\.5%.*&lt;img src=x onerror=alert\(1\)&gt; \(JIT\)/);
  });

  it('says why the machine code is missing instead of an empty block', () => {
    const failed = { ...hostile, profile: { ...profile, disasm: { ...disasm, status: 'unavailable' as const, reason: 'not a V8 runtime', instructions: [] } } };
    assert.match(disasmSection(failed), /<h5>Machine code<\/h5><p>unavailable: not a V8 runtime<\/p>/);
    assert.equal(disasmSection({ ...hostile, profile: { ...profile, disasm: null } }), '');
  });

  it('lists allocation sites with bytes per operation, share, location and callers', () => {
    const section = allocSitesSection(hostile);
    assert.match(section, /302 B\/op sampled, 304 B\/op measured/);
    assert.deepEqual(rows(section, '<table class="alloc-sites"').slice(1), [
      ['80.0%', '240 B', html(XSS), html(`${FILE}:3:19`), html(`← measured loop ← caller ${XSS}`)],
      ['20.0%', '60 B', 'ubench_loop_3 (ubench)', '', ''],
    ]);
  });

  it('folds identical deopts with their count, sampling first, and leaves tier-ups to a note', () => {
    const section = deoptSection(hostile);
    assert.match(section, /<h5>Deoptimizations \(5\)<\/h5>/);
    assert.deepEqual(rows(section, '<table class="deopts"').slice(1), [
      ['3', 'not a Smi', 'deopt-eager', html(`${FILE}:14:23`), '2 during sampling, 1 during warm-up'],
      ['1', 'Insufficient type feedback for call', 'deopt-soft', 'unknown location', '1 during sampling'],
      ['1', 'wrong map', 'deopt-eager', html(`${FILE}:22:17`), '1 during warm-up'],
    ]);
    assert.match(section, /And 1 entry into TurboFan's on-stack-replacement code/);
  });

  it('shows no profiling section for an unprofiled run that did not deoptimize', () => {
    const plain: BenchmarkResult = { ...base, profile: { ...base.profile, cpu: null, hot: null, lines: null, disasm: null, deopts: [] }, memory: { ...base.memory!, allocationSites: null } };
    assert.deepEqual([profileSection(plain), disasmSection(plain), allocSitesSection(plain), deoptSection(plain)], ['', '', '', '']);
    const deopted = { ...plain, profile: { ...plain.profile, deopts: [deopt('sample', 'wrong map', 'a.ts:1:1')] } };
    assert.match(deoptSection(deopted), /Deoptimizations \(1\)/);
  });

  it('puts every section in the benchmark block of a page from a profiled run', () => {
    const page = renderResultsPage(fullResults);
    for (const pass of ['alloc-sites', 'deopts', 'profile', 'disasm']) assert.match(page, new RegExp(`<section class="pass" data-pass="${pass}">`));
    assert.match(page, /<table class="hot-lines">.*h = Math\.imul\(h \^ c, 16777619\);/);
  });
});
