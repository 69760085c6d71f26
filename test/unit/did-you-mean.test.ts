/** "Did you mean …?" (src/cli/did-you-mean.ts): the nearest known flags or commands, or nothing when none is near. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { didYouMean, nearest } from '../../src/cli/did-you-mean.js';

const FLAGS = ['--time', '--timeout', '--warmup', '--precision', '--json', '--fail-on-regression', '-q'];

describe('did you mean', () => {
  it('finds a flag one letter away, or two in a longer word', () => {
    assert.deepEqual(nearest('--tme', FLAGS), ['--time']);
    assert.deepEqual(nearest('--tiem', FLAGS), ['--time']);
    assert.deepEqual(nearest('--wramup', FLAGS), ['--warmup']);
    assert.deepEqual(nearest('--fail-on-regresion', FLAGS), ['--fail-on-regression']);
  });

  it('takes the start of a long flag for it', () => assert.deepEqual(nearest('--prec', FLAGS), ['--precision']));

  it('suggests nothing for a word near nothing', () => {
    assert.deepEqual(nearest('--banana', FLAGS), []);
    assert.equal(didYouMean('--banana', FLAGS), '');
    assert.deepEqual(nearest('--', FLAGS), []);
  });

  it('lists ties', () => assert.equal(didYouMean('--jsn', ['--json', '--js', '--jso']), ' did you mean --json, --js or --jso?'));
});
