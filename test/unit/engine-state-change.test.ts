/** The state-change probe on fake states, the fingerprint on real values, and the per-call chunk size. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { StatefulBatches } from '../../src/engine/loop/batch-runner.js';
import { probeStateChange, REPEATS, sampleIterations } from '../../src/engine/probes/setup-state/state-change-probe.js';
import { describeChange, fingerprintState } from '../../src/engine/probes/setup-state/state-fingerprint.js';
import { PER_CALL_STATES_BYTES, perCallChunk } from '../../src/engine/loop/per-call-states.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 74442547;

/**
 * A queue of `size` items that each call shifts; a call on a non-empty queue costs `full` ns, on an
 * empty one `empty` ns. The log records every batch.
 */
function drainingQueue(size: number, full: number, empty: number) {
  const log: string[] = [];
  const states: StatefulBatches = {
    async create() {
      return Array.from({ length: size }, (_, i) => i);
    },
    async run(state, iterations) {
      const queue = state as number[];
      let ns = 0;
      for (let i = 0; i < iterations; i++) ns += queue.shift() === undefined ? empty : full;
      log.push(`run ${iterations}`);
      return ns;
    },
    async dispose() {},
  };
  return { states, log };
}

/** A body that writes the call count into its state (a cursor): the state always changes, the cost never. */
function cursor(costNs: number): StatefulBatches {
  return {
    async create() {
      return { items: [1, 2, 3], next: 0 };
    },
    async run(state, iterations) {
      (state as { next: number }).next += iterations;
      return costNs * iterations;
    },
    async dispose() {},
  };
}

describe('probeStateChange', () => {
  it('follows a draining queue to its fixed point and times the calls before it against as many after', async () => {
    const { states } = drainingQueue(1000, 40, 2);
    const probe = (await probeStateChange({ states }, 100_000, 2.4, 1e9))!;
    assert.equal(probe.kind, 'settles');
    assert.equal(probe.settledWithin, 1024, 'empty after 1,000 calls: first seen at the 1,024th');
    assert.equal(probe.change, 'array of 1,000 → array of 0');
    assert.equal(probe.timedCalls, 1024);
    assert.equal(probe.freshNsPerOp.length, REPEATS);
    for (const fresh of probe.freshNsPerOp) assert.equal(fresh, (1000 * 40 + 24 * 2) / 1024);
    for (const later of probe.laterNsPerOp) assert.equal(later, 2);
  });

  it('narrows a fixed point between two doublings, and times it even past half a sample', async () => {
    const { states } = drainingQueue(5000, 40, 2);
    const probe = (await probeStateChange({ states }, 16_027, 10, 1e9))!;
    assert.equal(probe.settledWithin, 5120, 'empty after 5,000 calls: between 4,096 and 8,192, a sixteenth of that apart');
    assert.equal(probe.freshNsPerOp.length, REPEATS);
  });

  it('says a body that only reads its state left it unchanged, and times nothing', async () => {
    let runs = 0;
    const states: StatefulBatches = {
      create: async () => [3, 1, 2],
      run: async (_state, iterations) => {
        runs++;
        return iterations * 5;
      },
      dispose: async () => {},
    };
    const probe = (await probeStateChange({ states }, 4096, 5, 1e9))!;
    assert.equal(probe.kind, 'unchanged');
    assert.equal(probe.timedCalls, 0);
    assert.equal(runs, 13, 'followed through 1, 2, 4, …, 4096 calls only');
  });

  it('compares the first and last eighth of a sample for a state that keeps changing', async () => {
    const probe = (await probeStateChange({ states: cursor(7) }, 8000, 7, 1e9))!;
    assert.equal(probe.kind, 'keeps-changing');
    assert.equal(probe.change, 'its next: number changed');
    assert.equal(probe.timedCalls, 1000);
    assert.deepEqual(probe.freshNsPerOp, [7, 7, 7, 7, 7]);
    assert.deepEqual(probe.laterNsPerOp, [7, 7, 7, 7, 7]);
  });

  it("times a changing state's batches in parts and reads each by its fastest part, so a burst over part of a batch is not a finding", async () => {
    const sizes: number[] = [];
    let run = 0;
    // A cursor at 7 ns a call whose every third batch the host slows 1.5×; the first batch carries a first touch of 3 µs.
    const bursty: StatefulBatches = {
      ...cursor(7),
      async run(state, iterations) {
        (state as { next: number }).next += iterations;
        sizes.push(iterations);
        return 7 * iterations * (run++ % 3 === 0 ? 1.5 : 1) + ((state as { next: number }).next === iterations ? 3000 : 0);
      },
    };
    const probe = (await probeStateChange({ states: bursty }, 8000, 7, 1e9))!;
    assert.equal(probe.kind, 'keeps-changing');
    assert.deepEqual(probe.freshNsPerOp, [7, 7, 7, 7, 7]);
    assert.deepEqual(probe.laterNsPerOp, [7, 7, 7, 7, 7]);
    assert.equal(sizes.filter((n) => n === 142 || n === 143).length, 2 * 7 * 5, 'batches of 1,000 calls of 7 ns in seven parts of ≥1 µs, on each side of five pairs');
    // A log whose calls cost more the longer it is: the parts still read the later batch slower.
    const growing: StatefulBatches = {
      ...cursor(0),
      async run(state, iterations) {
        const s = state as { next: number };
        let ns = 0;
        for (let i = 0; i < iterations; i++) ns += 10 + s.next++ / 10;
        return ns;
      },
    };
    const grows = (await probeStateChange({ states: growing }, 8000, 400, 1e10))!;
    for (let i = 0; i < grows.freshNsPerOp.length; i++) assert.ok(grows.laterNsPerOp[i]! > 5 * grows.freshNsPerOp[i]!, `pair ${i}: ${grows.freshNsPerOp[i]} → ${grows.laterNsPerOp[i]}`);
  });

  it('keeps one batch for a state that settles: its fresh calls differ along the way', async () => {
    const { states, log } = drainingQueue(1000, 40, 2);
    await probeStateChange({ states }, 100_000, 2.4, 1e9);
    assert.ok(log.filter((l) => l === 'run 1024').length >= 2 * REPEATS, 'each side of a pair one batch of 1,024 calls');
  });

  it('declines one call per sample (every call then has a fresh state), and follows only the first part of a sample beyond its budget share', async () => {
    assert.equal(await probeStateChange({ states: cursor(1) }, 1, 1e6, 1e9), null);
    const part = (await probeStateChange({ states: cursor(1) }, 1000, 1e6, 1e9))!;
    assert.equal(part.followedCalls, 62, 'a quarter of 1 s is 250 calls of 1 ms: a span and three pairs of it');
    assert.equal(part.sampleIterations, 1000);
    assert.equal(part.freshNsPerOp.length, 3);
    assert.equal(await probeStateChange({ states: cursor(1) }, 1000, 1e9, 1e9), null, 'not even two calls fit');
  });

  it('times five pairs of a whole sample when they fit, three when only three do, and a shorter span when not even that', async () => {
    const five = (await probeStateChange({ states: cursor(1) }, 1000, 1e3, 24e6))!;
    assert.equal(five.freshNsPerOp.length, 5, 'a sample to follow and five pairs of a sample each fit in 6,000 calls');
    const three = (await probeStateChange({ states: cursor(1) }, 1000, 1e3, 16e6))!;
    assert.equal(three.freshNsPerOp.length, 3);
    assert.equal(three.followedCalls, 1000);
    const shorter = (await probeStateChange({ states: cursor(1) }, 1000, 1e3, 12e6))!;
    assert.equal(shorter.followedCalls, 750);
    assert.equal(shorter.freshNsPerOp.length, 3);
  });

  it('sampleIterations is the most calls a sample made', () => {
    assert.equal(sampleIterations([{ iterations: 1 }, { iterations: 2 }, { iterations: 1 }]), 2);
    assert.equal(sampleIterations([]), 0);
  });
});

describe('fingerprintState', () => {
  it('sees changes of size, order, members and nested values, and none when nothing changed', () => {
    const a = [5, 3, 9];
    const before = fingerprintState(a);
    assert.equal(describeChange(before, fingerprintState([5, 3, 9])), null);
    a.sort();
    assert.equal(describeChange(before, fingerprintState(a)), 'array of 3 rewritten in place');
    assert.equal(describeChange(fingerprintState(new Map([[1, 2]])), fingerprintState(new Map())), 'Map of 1 → Map of 0');
    const state = { queue: [1, 2], seen: new Set([1]) };
    const was = fingerprintState(state);
    state.seen.add(2);
    assert.equal(describeChange(was, fingerprintState(state)), 'its seen: Set of 1 → Set of 2');
    assert.equal(describeChange(fingerprintState({ deep: { deeper: [1] } }), fingerprintState({ deep: { deeper: [2] } })), 'its deep: object rewritten in place');
    const bytes = new Uint8Array(16);
    const zero = fingerprintState(bytes);
    bytes[3] = 1;
    assert.equal(describeChange(zero, fingerprintState(bytes)), 'Uint8Array of 16 rewritten in place');
  });

  it('runs no getter, enters no proxy, and survives cycles', () => {
    let reads = 0;
    const state = {
      get counted() {
        reads++;
        return reads;
      },
      proxy: new Proxy({}, { get: () => assert.fail('entered the proxy'), ownKeys: () => assert.fail('listed the proxy') }),
    } as Record<string, unknown>;
    state.self = state;
    const first = fingerprintState(state);
    assert.equal(fingerprintState(state).hash, first.hash);
    assert.equal(reads, 0);
  });

  it('is a function of the contents: equal arrays hash equal, and one changed element changes the hash', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true }), { minLength: 1, maxLength: 200 }), fc.nat(), (values, at) => {
        const i = at % values.length;
        const copy = [...values];
        assert.equal(fingerprintState(copy).hash, fingerprintState(values).hash);
        copy[i] = Object.is(values[i], 1.5) ? 2.5 : 1.5;
        assert.notEqual(fingerprintState(copy).hash, fingerprintState(values).hash);
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('always sees a change of length, even in an array longer than its budget', () => {
    const long = new Array(300_000).fill(1);
    const before = fingerprintState(long);
    long.pop();
    assert.equal(describeChange(before, fingerprintState(long)), 'array of 300,000 → array of 299,999');
  });
});

describe('perCallChunk', () => {
  it('fits a chunk of states in its byte budget, weighed after a full GC, and tears the weighed states down', async () => {
    let heap = 0;
    let disposed = 0;
    let collections = 0;
    const make = async () => {
      heap += 10_000 + 50_000; // 10 kB kept, 50 kB of garbage the GC takes back
      return {};
    };
    const gc = () => {
      collections++;
      heap = Math.floor(heap / 60_000) * 10_000 + (heap % 60_000);
    };
    const chunk = await perCallChunk(make, async () => disposed++, { heap: () => heap, gc });
    assert.equal(chunk, Math.floor(PER_CALL_STATES_BYTES / 10_000));
    assert.equal(disposed, 8);
    assert.equal(collections, 2);
  });

  it('caps the chunk for tiny states and keeps at least one call for huge ones', async () => {
    assert.equal(await perCallChunk(async () => 1, null, { heap: () => 0, gc: null }), 256, 'a heap that does not move: 256 states');
    let small = 0;
    assert.equal(await perCallChunk(async () => (small += 8), null, { heap: () => small, gc: null }), PER_CALL_STATES_BYTES / 64, 'a state weighs at least 64 B');
    let heap = 0;
    assert.equal(await perCallChunk(async () => (heap += 64 * 2 ** 20), null, { heap: () => heap, gc: null }), 1);
  });
});

describe('probeStateChange: timing where the fingerprint cannot see', () => {
  it('finds a module-level queue that setup refills and run drains by the calls’ cost, and times it without setup refilling it between', async () => {
    const queue: number[] = [];
    const states: StatefulBatches = {
      async create() {
        queue.length = 0;
        for (let i = 0; i < 1000; i++) queue.push(i);
        return undefined;
      },
      async run(_state, iterations) {
        let ns = 40; // the clock reads around the batch
        for (let i = 0; i < iterations; i++) ns += queue.shift() === undefined ? 1.2 : 30;
        return ns;
      },
      async dispose() {},
    };
    const probe = (await probeStateChange({ states }, 1_000_000, 1.3, 1e9))!;
    assert.equal(probe.kind, 'settles');
    assert.equal(probe.hidden, true);
    assert.equal(probe.settledWithin, 1024);
    assert.ok(probe.freshNsPerOp.length >= 3 && probe.freshNsPerOp.every((f, i) => f / probe.laterNsPerOp[i]! > 10), JSON.stringify(probe));
  });

  it('leaves a body alone whose calls cost the same from the first to the last, whatever it keeps outside its state', async () => {
    const probe = (await probeStateChange({ states: cursorless(5) }, 1_000_000, 5, 1e9))!;
    assert.equal(probe.kind, 'unchanged');
    assert.equal(probe.hidden, undefined);
  });

  it('times the first call on a copy of the used state, so what only a new object costs is on both sides', async () => {
    // An in-place sort: shuffled data costs 2×, sorted data 1×, and any object's first call 0.7 more.
    const seen = new WeakSet<object>();
    const states: StatefulBatches = {
      async create() {
        return { data: [3, 1, 2], sorted: false };
      },
      async run(state, iterations) {
        const s = state as { data: number[]; sorted: boolean };
        let ns = 0;
        for (let i = 0; i < iterations; i++) {
          ns += (s.sorted ? 1000 : 2000) + (seen.has(s) ? 0 : 700);
          seen.add(s);
          s.data.sort((a, b) => a - b);
          s.sorted = true;
        }
        return ns;
      },
      async dispose() {},
    };
    const probe = (await probeStateChange({ states }, 64, 1000, 1e9))!;
    assert.equal(probe.kind, 'settles');
    assert.equal(probe.timedCalls, 1);
    assert.deepEqual(probe.usedCopyNsPerOp, Array(probe.freshNsPerOp.length).fill(1700), 'the used content, on a new object');
    assert.ok(probe.freshNsPerOp.every((f) => f === 2700));
  });
});

/** A body with no state of its own whose calls always cost `costNs`. */
function cursorless(costNs: number): StatefulBatches {
  return {
    async create() {
      return undefined;
    },
    async run(_state, iterations) {
      return 40 + costNs * iterations;
    },
    async dispose() {},
  };
}
