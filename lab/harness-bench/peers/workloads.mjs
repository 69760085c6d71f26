// The peers figures' eight workloads (lab/scripts/peers-figures.mjs), defined once and imported by the
// file written for each harness (ubench.bench.mjs, mitata.mjs, bench-node.mjs). Plain JavaScript so
// that every harness loads the same code with no transform. Each body reads state that changes from
// call to call (a seed, a cursor), so nothing can be hoisted out of the loop, and returns its result
// so a harness that keeps results alive has something to keep.
let seed = 7;
let cursor = 0;

const keys = Array.from({ length: 64 }, (_, i) => `key${i * 7919}`);
const table = new Map(keys.map((key, i) => [key, i]));
const user = { id: 42, name: 'Ada', admin: true, tags: ['dev', 'ops'] };

/** A dependent chain of integer steps: each step needs the last, so its time is steps × latency. */
function chain(steps) {
  let h = (seed = (seed + 1) | 0);
  for (let i = 0; i < steps; i++) h = (Math.imul(h ^ (h >>> 16), 0x45d9f3b) + i) | 0;
  return h;
}

/** Name and body of each workload, in the order every harness declares them. */
export const WORKLOADS = [
  { name: 'empty body', fn: () => {} },
  { name: 'chain 64', fn: () => chain(64) },
  { name: 'chain 256', fn: () => chain(256) },
  { name: 'new Array(32)', fn: () => new Array(32) },
  { name: 'object literal', fn: () => ({ x: cursor++, y: seed, z: 'z' }) },
  { name: 'JSON.stringify small object', fn: () => JSON.stringify(user) },
  { name: 'template string', fn: () => `${keys[cursor++ & 63]}:${seed}` },
  { name: 'Map#get', fn: () => table.get(keys[cursor++ & 63]) },
];

/** The workload whose estimate is each harness's loop floor. */
export const FLOOR = 'empty body';
