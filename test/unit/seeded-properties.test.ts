/**
 * Every fast-check property of the test suites runs on a fixed seed named in its file, so a failure
 * reproduces on the next run instead of vanishing with a new random seed.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { globSync } from 'tinyglobby';
import { fcAssertCalls } from '../helpers/fc-assert-calls.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const FILES = globSync(['test/**/*.ts'], { cwd: ROOT, ignore: ['**/node_modules/**'] });

describe('fast-check properties', () => {
  it('the scan finds calls on any line and tells a seeded one from one that is not', () => {
    const { calls } = fcAssertCalls('x.ts', 'fc.assert(p);\nfc.assert(\n  p,\n  { numRuns: 5 },\n);\nfc.assert(p, {\n  numRuns: 5,\n  seed: SEED,\n});\n');
    assert.deepEqual(
      calls.map((c) => [c.line, c.seed]),
      [
        [1, null],
        [2, null],
        [6, 'SEED'],
      ],
    );
  });

  it('each run on a seed named by a constant of its file', () => {
    assert.ok(FILES.length > 50, `test files found: ${FILES.length}`);
    const unseeded: string[] = [];
    let seen = 0;
    for (const file of FILES) {
      const { calls, source } = fcAssertCalls(file, readFileSync(`${ROOT}${file}`, 'utf8'));
      const constants = new Set(source.statements.filter(ts.isVariableStatement).flatMap((s) => s.declarationList.declarations.map((d) => d.name.getText(source))));
      for (const c of calls) {
        seen++;
        if (c.seed === null || !constants.has(c.seed)) unseeded.push(`${file}:${c.line}${c.seed === null ? '' : ` (seed ${c.seed})`}`);
      }
    }
    assert.ok(seen > 0, 'the scan found no property at all');
    assert.deepEqual(unseeded, [], `properties without a named seed:\n${unseeded.join('\n')}`);
  });
});
