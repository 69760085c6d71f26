/** The results saver follows the caller's signal while its run lasts, and leaves no listener on it after. */
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, it } from 'node:test';
import { ResultsSaver } from '../../src/runner/record/results-saver.js';

describe('ResultsSaver', () => {
  it('stops on the caller’s signal, and many runs on one signal (ab’s pairs) leave no listener on it', () => {
    const outer = new AbortController();
    const savers = Array.from({ length: 12 }, () => new ResultsSaver(null, null, outer.signal));
    assert.equal(getEventListeners(outer.signal, 'abort').length, 12);
    for (const saver of savers.slice(0, 11)) saver.close();
    assert.equal(getEventListeners(outer.signal, 'abort').length, 1);
    outer.abort();
    assert.equal(savers[11]!.signal.aborted, true, 'the open one follows the caller');
    assert.equal(savers[0]!.signal.aborted, false, 'a closed one no longer does');
  });
});
