/**
 * End-to-end: a type change that deoptimizes, found by `compare --explain` from two real runs. A
 * benchmark replays a day of orders; in B the last order's item carries its weight as text, reached
 * 131071 calls in — long after V8 optimized `scaleAll` for numbers — so B's results must carry a
 * deopt with V8's reason at the multiplication in `scaleAll` (A's none), and the explanation must
 * list it in `scaleAll`. Drop the deopt evidence anywhere from the log to the ranking and this fails.
 * On a host busy enough that compare cannot call the ~3× change (a side's samples read slowed, the
 * band widened past the change), there is nothing to explain: the test then asks that compare said
 * so — the slowed side or the host's movement named, and what would decide — and the ranking goes
 * unjudged in that run.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { describeRun, makeTempDir, readResults, REPO_ROOT, runCli } from '../helpers/e2e-cli.js';
import { writeFiles } from '../helpers/git-fixture.js';

const temp = makeTempDir();
after(() => temp.cleanup());

const LIBRARY = (weight: string): string => `export interface Item {
  name: string;
  weight: ${weight};
}

export function scaleAll(items: readonly Item[], factor: number): number {
  let total = 0;
  for (const item of items) total += (item.weight as number) * factor;
  return total;
}
`;
/** The line of the multiplication in LIBRARY. */
const MULTIPLY_LINE = 8;

const BENCH = (importedWeight: string): string => `import { bench } from 'ubench';
import { scaleAll, type Item } from '../lib/orders';

const CATALOG: Item[] = Array.from({ length: 64 }, (_, i) => ({ name: \`item \${i}\`, weight: i }));
const BASKETS: Item[][] = Array.from({ length: 64 }, (_, b) => Array.from({ length: 16 }, (_, i) => CATALOG[(b * 5 + i * 3) % 64]!));
const IMPORTED: Item[] = [...BASKETS[0]!.slice(1), { name: 'imported', weight: ${importedWeight} }];
const ORDERS: Item[][] = Array.from({ length: 131072 }, (_, k) => (k === 131071 ? IMPORTED : BASKETS[k % 64]!));
let order = 0;
bench('scale orders', () => scaleAll(ORDERS[order++ % ORDERS.length]!, 1.5));
`;

function side(name: string, weightType: string, importedWeight: string): string {
  const dir = path.join(temp.dir, name);
  writeFiles(dir, { 'package.json': '{ "type": "module", "private": true }\n', 'lib/orders.ts': LIBRARY(weightType), 'bench/orders.bench.ts': BENCH(importedWeight) });
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(REPO_ROOT, path.join(dir, 'node_modules/ubench'), 'dir');
  return dir;
}

async function measured(dir: string): Promise<{ json: string; deopts: { reason: string; location: string | null }[] }> {
  const json = path.join(dir, 'results.json');
  const run = await runCli(['bench/orders.bench.ts', '--profile', '--time', '300ms', '--warmup', '300ms', '--quiet', '--json', json], { cwd: dir });
  assert.equal(run.code, 0, describeRun(run));
  const bench = readResults(json).benchmarks.find((b) => b.name === 'scale orders')!;
  return { json, deopts: bench.profile.deopts };
}

describe('compare --explain on a type change that deoptimizes', () => {
  it("records the new deopt in scaleAll with V8's reason and lists it among the causes", async () => {
    const a = await measured(side('a', 'number', '12'));
    const b = await measured(side('b', 'number | string', "'12'"));
    const inScaleAll = (d: { location: string | null }): boolean => d.location?.startsWith(`lib/orders.ts:${MULTIPLY_LINE}:`) === true;
    assert.deepEqual(a.deopts.filter(inScaleAll), [], `A: ${JSON.stringify(a.deopts)}`);
    const ours = b.deopts.filter(inScaleAll);
    assert.ok(ours.length > 0, `B: ${JSON.stringify(b.deopts)}`);
    assert.ok(
      ours.every((d) => d.reason !== ''),
      JSON.stringify(ours),
    );

    const out = path.join(temp.dir, 'explain.json');
    const run = await runCli(['compare', a.json, b.json, '--explain', '--json', out]);
    assert.equal(run.code, 0, describeRun(run));
    const document = JSON.parse(readFileSync(out, 'utf8')) as {
      rows: { name: string; verdict: string; reason: string | null; hostShift: number | null; throughputShift: number | null; slowedHost?: object }[];
      explain: { name: string; causes: { kind: string; text: string }[] }[];
    };
    const row = document.rows.find((r) => r.name === 'scale orders');
    assert.ok(row !== undefined, run.stdout);
    if (row.verdict !== 'slower') {
      assert.equal(row.verdict, 'cant-tell', `a ~3× slowdown called ${row.verdict}: ${run.stdout}`);
      // The host named: a side read slowed, or the host moved between the runs by 5% or more (compare then names it as what would decide).
      const moved = Math.max(Math.abs(row.hostShift ?? 0), Math.abs(row.throughputShift ?? 0));
      assert.ok(row.slowedHost !== undefined || moved >= 0.05, `can't tell on a host that did not move: ${run.stdout}`);
      assert.match(row.reason ?? '', /; to decide: /);
      return;
    }
    const entry = document.explain.find((e) => e.name === 'scale orders');
    assert.ok(entry !== undefined, `the change was called and explained: ${run.stdout}`);
    const deopt = entry.causes.find((c) => c.kind === 'deopt');
    assert.ok(deopt !== undefined, JSON.stringify(entry.causes));
    assert.match(deopt.text, new RegExp(`new deopt '${ours[0]!.reason}' at lib/orders\\.ts:${MULTIPLY_LINE}:\\d+;.* self time of scaleAll `));
  });
});
