/**
 * What is measured is what ships (timing-sensitive, so quiet): the imports that tsx once slowed
 * 1.8× to 12×, and a Float64Array loop, read the same as `.ts` in a "type": "module" and a
 * "type": "commonjs" package as their untouched twins (.mjs; tsc's CommonJS), and a benchmark whose neighbour feeds a shared helper
 * other types reads as it does alone. Two processes per form; agreement within the larger spread of
 * the two forms' processes, at least TOLERANCE. A process whose own host throughput reference shows a
 * burst is taken again first (lab/scripts/fidelity/host-slowed.mjs): such a process reads every benchmark
 * 1.2–1.7× slow, a clean-clone CI run read `four classes` ×1.35 beside its neighbour in two rounds, and
 * the processes of 2026-11-27 that read it 1.6× slow had the reference up 1.35–1.5×. Each benchmark
 * is read by its estimate, which reads the host's quiet rounds, for bursts within a process: a later
 * clean-clone run, its host so busy that 18 processes were taken again, read `one closure` ×1.44
 * and ×1.33 beside its neighbour by the medians over all samples. `npm run lab -- fidelity` measures the full set with
 * the spread.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { agreement, estimatesOf } from '../../lab/scripts/fidelity/agreement.mjs';
import { buildForms, FORMS, ROOT } from '../../lab/scripts/fidelity/forms.mjs';
import { unslowed } from '../../lab/scripts/fidelity/host-slowed.mjs';
import { runUbench } from '../../lab/scripts/fidelity/run-form.mjs';
import type { ResultsFile } from '../../src/results/types.js';
import { makeTempDir } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const fixture = (name: string) => path.join(ROOT, 'test/fixtures/fidelity', name);
const PROCESSES = 2;
/**
 * Never asked closer than 20%: single processes of the same code differ by up to 14% (95th
 * percentile, lab/corpus-rates.md), and 16 figures are judged here; the defects guarded against are
 * larger (loading through tsx: 1.8× to 12×; a compiler in the benchmark's isolate: 2×; a neighbour's feedback, measured with one shared instance:
 * a shared helper +110%, a method +45%, a higher-order call +100%).
 */
const TOLERANCE = 0.2;
const TIME = ['--time', '150ms', '--warmup', '150ms'];

type Estimates = Map<string, number>;

/**
 * The figures that disagree in a round of processes and again in a second round, measured only when
 * the first found any: a host burst over a form's processes does not repeat, a loading defect does
 * (the ones guarded against are 1.45× and more). Both rounds' readings are in the message. Measured
 * again because the first round alone failed in 3 of 3 clean-clone CI runs on 2026-11-26 (a different
 * figure each time, ×0.74 to ×1.60) and passed in every run outside them, standalone or in npm test.
 * A defect also keeps its direction: in a later clean-clone run, the megamorphic `four classes` read
 * ×1.60 and then ×0.67 beside its neighbour — two processes each landing in a different one of V8's
 * two outcomes for that call site, which no loading defect does; only a repeat on the same side counts.
 */
function confirmed(round: () => string[]): string[] {
  const first = round();
  if (first.length === 0) return [];
  const again = round();
  const key = (line: string): string => line.slice(0, line.indexOf(': ×'));
  const ratio = (line: string): number => Number(/: ×([\d.]+)/.exec(line)?.[1]);
  const repeated = (line: string): string | undefined => again.find((other) => key(other) === key(line) && (ratio(other) - 1) * (ratio(line) - 1) > 0);
  return first.filter((line) => repeated(line) !== undefined).map((line) => `${line}; again: ${repeated(line)!.slice(key(line).length + 2)}`);
}

describe('fidelity of what is timed', () => {
  it('reads imported code loaded from .ts as its untouched twin, in both package types', (t) => {
    let retaken = 0;
    const forms = ['mjs', 'ts-module', 'tsc-commonjs', 'ts-commonjs'] as const;
    // array-sum: a Float64Array loop, which a compiler run in the benchmark's isolate slowed 2× (compile-request.ts).
    const files = buildForms(temp.dir, [fixture('geometry.ts'), fixture('imports.bench.ts'), path.join(ROOT, 'examples/array-sum.bench.ts')], forms);
    const references = Object.fromEntries(forms.map((f) => [f, FORMS[f].reference]));
    const round = (): string[] => {
      const runs: Record<string, Estimates[]> = Object.fromEntries(forms.map((f) => [f, []]));
      const order = Array.from({ length: PROCESSES }, (_, p) => (p % 2 === 0 ? forms : [...forms].reverse())).flat();
      const benches = (form: string) => ['imports.bench.ts', 'array-sum.bench.ts'].map((name) => path.basename(files[form]![name]!));
      const { results, retakes } = unslowed(order.map((form) => () => runUbench(path.join(temp.dir, form), [...benches(form), ...TIME]).results));
      retaken += retakes;
      results.forEach((document, k) => {
        runs[order[k]!]!.push(estimatesOf(document));
        // Nothing here detaches an ArrayBuffer: the protector's probe must not see a fall (a false alarm).
        const alarmed = (document as ResultsFile).benchmarks.filter((b) => b.detachedBuffers !== undefined).map((b) => b.name);
        assert.deepEqual(alarmed, [], `${order[k]}: a detaching protector fall was reported where nothing detaches`);
      });
      const judged = agreement(runs, references, TOLERANCE).filter((r) => r.agrees !== null);
      assert.equal(judged.length, 14, JSON.stringify(judged));
      return judged.filter((r) => !r.agrees).map((r) => `${r.form} ${r.name}: ×${r.ratio!.toFixed(2)} (allowed ±${(r.tolerance! * 100).toFixed(0)}%)`);
    };
    const disagreeing = confirmed(round);
    t.diagnostic(`processes taken again after a host burst: ${retaken}`);
    assert.deepEqual(disagreeing, []);
  });

  it('reads each benchmark of a neighbour pair as it reads alone, the helper-feeding one declared first', (t) => {
    let retaken = 0;
    const dir = path.join(temp.dir, 'neighbours');
    buildForms(dir, [fixture('geometry.ts'), fixture('neighbours.bench.ts')], ['ts-module']);
    const cwd = path.join(dir, 'ts-module');
    const env = { UBENCH_FIDELITY_ORDER: 'reverse' };
    const round = (): string[] => {
      const sides: Record<'together' | 'alone', Estimates[]> = { together: [], alone: [] };
      const order = Array.from({ length: PROCESSES }, (_, p) => (p % 2 === 0 ? (['together', 'alone'] as const) : (['alone', 'together'] as const))).flat();
      const args = (side: 'together' | 'alone') => ['neighbours.bench.ts', ...TIME, ...(side === 'alone' ? ['--isolate', 'benchmark'] : [])];
      const { results, retakes } = unslowed(order.map((side) => () => runUbench(cwd, args(side), { env }).results));
      retaken += retakes;
      results.forEach((document, k) => sides[order[k]!].push(estimatesOf(document)));
      const judged = agreement(sides, { together: 'alone' }, TOLERANCE).filter((r) => r.agrees !== null);
      assert.equal(judged.length, 8, JSON.stringify(judged));
      return judged.filter((r) => !r.agrees).map((r) => `${r.name}: ×${r.ratio!.toFixed(2)} beside its neighbour (allowed ±${(r.tolerance! * 100).toFixed(0)}%)`);
    };
    const disagreeing = confirmed(round);
    t.diagnostic(`processes taken again after a host burst: ${retaken}`);
    assert.deepEqual(disagreeing, []);
  });

  it('names the benchmark that detached an ArrayBuffer on the typed-array benchmark measured beside it, and not on itself', () => {
    const { results } = runUbench(ROOT, ['test/fixtures/bench/detach/detach.bench.ts', ...TIME]);
    const byName = new Map((results as ResultsFile).benchmarks.map((b) => [b.name, b]));
    const sum = byName.get('sum a Float64Array')!;
    assert.equal(sum.detachedBuffers?.by?.name, 'transfer a buffer', JSON.stringify(sum.detachedBuffers));
    // The fall is read by the witness; the slowdown is the figure quoted (1.6–2.0× measured here).
    assert.ok(Number.isFinite(sum.detachedBuffers!.slowdown) && sum.detachedBuffers!.slowdown > 0);
    assert.ok(sum.diagnostics.some((d) => d.code === 'neighbour-detached'));
    const transfer = byName.get('transfer a buffer')!;
    assert.equal(transfer.detachedBuffers, undefined);
    assert.ok(!transfer.diagnostics.some((d) => d.code === 'neighbour-detached'));
  });
});
