import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { parseArgsFlags } from '../../src/cli/sweep-options.js';
import { visibleStrings, visibleText } from '../../src/results/text/visible-text.js';
import { runInProcess } from '../helpers/in-process-cli.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 874918670;

/** What must never reach a terminal raw. */
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('visibleText', () => {
  it('writes escape sequences and bidi overrides as visible escapes, and line controls as a space', () => {
    assert.equal(visibleText('\u001b[2Jwiped'), '\\x1b[2Jwiped');
    assert.equal(visibleText('x\u202eevil'), 'x\\u202eevil');
    assert.equal(visibleText('a\rb'), 'a b', 'a carriage return cannot return over the line');
    assert.equal(visibleText('csi\u009b31m del\u007f nul\u0000 tab\t nl\n iso\u2066'), 'csi\\x9b31m del\\x7f nul\\x00 tab  nl  iso\\u2066');
  });

  it('leaves ordinary text alone, accents, CJK and emoji included', () => {
    for (const text of ['sort/builtin(size=100)', 'café ≤ 5 µs', '排序', '🚀 fast', '']) assert.equal(visibleText(text), text);
  });

  it('never leaves a raw control character, and only changes text that has one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const shown = visibleText(text);
        assert.ok(!RAW.test(shown) && !shown.includes('\n'));
        if (!RAW.test(text) && !text.includes('\n')) assert.equal(shown, text);
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('visibleStrings copies plain data, keeps numbers and a __proto__ key as data', () => {
    const value = JSON.parse('{"name":"a\\u001bb","n":3,"list":["\\r",1],"__proto__":{"polluted":"\\u202e"}}') as Record<string, unknown>;
    const shown = visibleStrings(value);
    assert.equal(shown['name'], 'a\\x1bb');
    assert.deepEqual(shown['list'], [' ', 1]);
    assert.equal(shown['n'], 3);
    assert.equal(Object.getPrototypeOf(shown), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(shown, '__proto__')?.value, { polluted: '\\u202e' });
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
    const clean = { a: 'x', b: [1, 2] };
    assert.equal(visibleStrings(clean), clean, 'nothing to replace: the same object');
  });
});

describe('names with control characters through compare and report', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ubench-visible-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/results/valid-v3.json', import.meta.url), 'utf8')) as { benchmarks: Record<string, unknown>[] };
  fixture.benchmarks[0]!['name'] = '\u001b[2J\u001b[Hwiped';
  fixture.benchmarks[1]!['name'] = 'over\rwritten';
  fixture.benchmarks[1]!['group'] = 'bidi \u202eevil';
  const file = path.join(dir, 'hostile.json');
  writeFileSync(file, JSON.stringify(fixture));

  for (const args of [
    ['compare', file, file],
    ['report', file],
    ['export', file, '--markdown', '-'],
  ]) {
    it(`ubench ${args[0]} ${args.slice(2).join(' ')} shows them escaped`, async () => {
      const run = await runInProcess(args, { cwd: dir, env: {} });
      assert.equal(run.code, 0, run.err);
      // Markdown escapes its own punctuation ([ and \\ get a backslash).
      const out = run.out.replace(/\n/g, '').replace(/\\([[\\])/g, '$1');
      assert.ok(!RAW.test(out), `raw control character in: ${JSON.stringify(run.out.slice(0, 400))}`);
      assert.ok(out.includes('\\x1b[2J\\x1b[Hwiped'), `the escape sequence shows as text: ${out.slice(0, 800)}`);
      assert.ok(out.includes('over written'), 'the carriage return is a space');
      assert.ok(out.includes('bidi \\u202eevil'), 'the bidi override shows as text');
    });
  }
});

describe('--args keys named like Object.prototype members', () => {
  it('constructor=1 and __proto__=1 are parameters, not "given twice"', () => {
    const args = parseArgsFlags(['constructor=1', '__proto__=1', 'toString=2', 'hasOwnProperty=3']);
    assert.deepEqual(Object.keys(args), ['constructor', '__proto__', 'toString', 'hasOwnProperty']);
    assert.deepEqual(Object.getOwnPropertyDescriptor(args, 'constructor')?.value, [1]);
    assert.deepEqual(Object.getOwnPropertyDescriptor(args, '__proto__')?.value, [1]);
    assert.equal(Object.getPrototypeOf(args), Object.prototype, 'the __proto__ key did not become a prototype');
    assert.equal(JSON.parse(JSON.stringify(args)).toString[0], 2);
  });

  it('a key given twice is still refused', () => {
    assert.throws(() => parseArgsFlags(['constructor=1', 'constructor=2']), /--args: constructor is given twice/);
  });
});
