/** The runtime a results file names is the one that ran, not the Node version Bun and Deno imitate. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runtimeIdentity, runtimeLabel } from '../../src/results/runtime-identity.js';

describe('runtimeIdentity', () => {
  it('names Node, with V8', () => {
    assert.deepEqual(runtimeIdentity({ node: '20.20.2', v8: '11.3.244.8-node.33' }), { runtime: 'node', runtimeVersion: '20.20.2', v8Version: '11.3.244.8-node.33' });
  });
  it('names Bun and its engine, not the Node and V8 versions it reports (as Bun 1.4.5 does)', () => {
    const bun = runtimeIdentity({ node: '26.3.0', v8: '14.6.202.34-node.20', bun: '1.4.5', webkit: 'd6375c72affe0f70222cdcb45012b10f0bf3a9d5' });
    assert.deepEqual(bun, { runtime: 'bun', runtimeVersion: '1.4.5', v8Version: 'JavaScriptCore d6375c72affe0f70222cdcb45012b10f0bf3a9d5' });
    assert.equal(runtimeLabel(bun), 'Bun 1.4.5');
  });
  it('names Deno and its own V8, not the Node version it reports', () => {
    const deno = runtimeIdentity({ node: '26.3.0', v8: '15.0.245.2-rusty', deno: '2.9.6' });
    assert.deepEqual(deno, { runtime: 'deno', runtimeVersion: '2.9.6', v8Version: '15.0.245.2-rusty' });
    assert.equal(runtimeLabel(deno), 'Deno 2.9.6');
  });
  it('is this process under the test runner', () => {
    assert.equal(runtimeIdentity(process.versions).runtime, 'node');
    assert.equal(runtimeLabel({ runtime: 'node', runtimeVersion: 'v20.20.2' }), 'Node 20.20.2');
  });
});
