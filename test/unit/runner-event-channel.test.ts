/**
 * The parent's side of the event channel: lines split in linear time under a cap, each line parsed
 * and checked by kind, and every id checked against what the process declared.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createIdGuard } from '../../src/runner/channel/event-ids.js';
import { createEventLines } from '../../src/runner/channel/event-lines.js';
import { eventShapeError } from '../../src/runner/channel/event-shape.js';
import { lineHead, parseEvent } from '../../src/runner/channel/parse-event.js';
import type { ChildEvent, DeclaredInfo } from '../../src/engine/process/events.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 569649217;

function split(chunks: string[], max = 1_000): { lines: string[]; overlong: string[] } {
  const lines: string[] = [];
  const overlong: string[] = [];
  const push = createEventLines({ line: (l) => lines.push(l), overlong: (h) => overlong.push(h) }, max);
  for (const chunk of chunks) push(chunk);
  return { lines, overlong };
}

describe('event lines', () => {
  it('gives the same lines however the text is cut into chunks', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ maxLength: 30 }).filter((s) => !s.includes('\n') && s.trim() !== ''),
          { maxLength: 10 },
        ),
        fc.array(fc.nat(400), { maxLength: 8 }),
        (lines, cuts) => {
          const text = lines.map((l) => `${l}\n`).join('');
          const bounds = [0, ...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b).concat(text.length);
          const chunks = bounds.slice(1).map((end, i) => text.slice(bounds[i], end));
          assert.deepEqual(split(chunks).lines, lines);
        },
      ),
      { seed: PROPERTY_SEED },
    );
  });

  it('keeps a line cut in many chunks whole, and an unfinished last line back', () => {
    assert.deepEqual(split(['{"a"', ':1', '}\n{"b":', '2}\n{"c"']).lines, ['{"a":1}', '{"b":2}']);
  });

  it('refuses a line past the cap once, naming its start, and reads nothing after', () => {
    const { lines, overlong } = split(['ok\n', 'x'.repeat(600), 'y'.repeat(600), '\nlater\n'], 1_000);
    assert.deepEqual(lines, ['ok']);
    assert.equal(overlong.length, 1);
    assert.ok(overlong[0]!.startsWith('xxx') && overlong[0]!.length <= 80);
  });

  it('delivers a 64 Mi-character line sent in 64 KiB chunks whole when the cap allows it', () => {
    const chunk = 'z'.repeat(65_536);
    let joined = 0;
    const push = createEventLines({ line: (l) => (joined += l.length), overlong: () => assert.fail('not overlong') }, 128 * 2 ** 20);
    for (let i = 0; i < 1_024; i++) push(chunk);
    push('\n');
    assert.equal(joined, 1_024 * 65_536);
  });
});

const declared = (ids: string[]): ChildEvent => ({
  type: 'declared',
  benchmarks: ids.map((id): DeclaredInfo => ({ id, name: id, baseName: id, group: null, params: {}, baseline: false })),
});

describe('event shapes', () => {
  it('accepts the events a process sends', () => {
    const events: ChildEvent[] = [
      { type: 'hello', pid: 1, clock: { costNs: 20, resolutionNs: 30 }, execArgv: [], throttleBaselineNs: 5 },
      declared(['f#a']),
      { type: 'start', id: 'f#a' },
      { type: 'phase', id: 'f#a', phase: 'warmup' },
      { type: 'round', round: 0, active: ['f#a'] },
      { type: 'bench-error', id: 'f#a', error: { message: 'm', location: null, stack: null } },
      { type: 'exit', code: 0 },
      { type: 'done' },
    ];
    for (const event of events) assert.equal(eventShapeError(event), null, JSON.stringify(event));
  });

  it('names what is wrong without quoting more than the start of the line', () => {
    assert.equal(eventShapeError([]), 'not an object');
    assert.equal(eventShapeError({ type: 'nope' }), 'no known type');
    assert.equal(eventShapeError({ type: 'start' }), 'a start event with no id');
    assert.equal(eventShapeError({ type: 'round', round: -1, active: [] }), 'a round event with a wrong round');
    assert.equal(eventShapeError({ type: 'measured', id: 'f#a', result: { samples: 'many' } }), 'a measured event with a wrong result');
    const parsed = parseEvent(`{"type":"start","id":"${'q'.repeat(10_000)}`);
    assert.ok('problem' in parsed && parsed.problem.length < 200, JSON.stringify(parsed).slice(0, 200));
    assert.equal(lineHead('\u001b[2Jhi'), '"?[2Jhi"');
  });

  it('never throws, whatever the line', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (line) => {
        const parsed = parseEvent(line);
        assert.ok('event' in parsed || parsed.problem.length < 200);
      }),
      { seed: PROPERTY_SEED },
    );
  });
});

describe('event ids', () => {
  const request = { displayFile: 'a.bench.ts', only: null };

  it('accepts the ids the process declared, of its own file', () => {
    const guard = createIdGuard(request);
    assert.equal(guard(declared(['a.bench.ts#x', 'a.bench.ts#y'])), null);
    assert.equal(guard({ type: 'start', id: 'a.bench.ts#y' }), null);
    assert.equal(guard({ type: 'round', round: 2, active: ['a.bench.ts#x'] }), null);
  });

  it('refuses an id before the declaration, an undeclared one, another file’s, and a second declaration of an id', () => {
    const guard = createIdGuard(request);
    assert.match(guard({ type: 'start', id: 'a.bench.ts#x' }) ?? '', /before declaring/);
    assert.match(guard(declared(['b.bench.ts#x'])) ?? '', /not a benchmark of a\.bench\.ts/);
    assert.equal(guard(declared(['a.bench.ts#x'])), null);
    assert.match(guard({ type: 'measured', id: 'a.bench.ts#z' } as ChildEvent) ?? '', /did not declare/);
    assert.match(guard({ type: 'round', round: 0, active: ['a.bench.ts#x', 'b.bench.ts#x'] }) ?? '', /did not declare/);
    assert.match(guard(declared(['a.bench.ts#x'])) ?? '', /second declared event for "a\.bench\.ts#x"/);
  });

  it('accepts further declared events of new ids (a foreign run() declares what it measures), each id once', () => {
    const guard = createIdGuard(request);
    assert.equal(guard(declared(['a.bench.ts#x'])), null);
    assert.match(guard({ type: 'start', id: 'a.bench.ts#y' }) ?? '', /did not declare/);
    assert.equal(guard(declared(['a.bench.ts#y'])), null);
    assert.equal(guard({ type: 'start', id: 'a.bench.ts#y' }), null);
    assert.equal(guard({ type: 'start', id: 'a.bench.ts#x' }), null);
    assert.match(guard(declared(['a.bench.ts#z', 'a.bench.ts#x'])) ?? '', /second declared event for "a\.bench\.ts#x"/);
  });

  it('refuses a declared id the request did not ask for', () => {
    const guard = createIdGuard({ displayFile: 'a.bench.ts', only: ['a.bench.ts#x'] });
    assert.match(guard(declared(['a.bench.ts#x', 'a.bench.ts#y'])) ?? '', /asked to run/);
  });
});
