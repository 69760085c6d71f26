// The fidelity figures (lab/fidelity.md): the same benchmarks as .mjs, as .ts in a "type": "module"
// and a "type": "commonjs" package, and as tsc's ES module and CommonJS output, each in separate
// processes run in turn (the forms rotated every run), each form held against the form of its own
// module system that ubench's loader did not touch; then the neighbour pairs
// (test/fixtures/fidelity/neighbours.bench.ts) in both declaration orders, each benchmark held against
// its figure alone (--isolate benchmark). Exits 1 when a form or a neighbour disagrees.
// Usage: npm run lab -- fidelity [--runs 3 --time 300ms --set full|quick --node <path> --json <file>]
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { agreement, estimatesOf, median, spreadOf } from './fidelity/agreement.mjs';
import { buildForms, FORMS, ROOT } from './fidelity/forms.mjs';
import { runUbench } from './fidelity/run-form.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    time: { type: 'string', default: '300ms' },
    set: { type: 'string', default: 'full' },
    node: { type: 'string', default: process.execPath },
    json: { type: 'string' },
    'skip-neighbours': { type: 'boolean' },
  },
});
const RUNS = Number(values.runs);
const fixture = (name) => path.join(ROOT, 'test/fixtures/fidelity', name);
/** Every example, three corpus files (a dozen bodies: classes, closures, an LRU cache), and the imports of the issue that led here. */
const FULL = [
  fixture('geometry.ts'),
  fixture('imports.bench.ts'),
  ...['array-sum', 'json-roundtrip', 'map-vs-object', 'sort', 'string-search'].map((n) => path.join(ROOT, 'examples', `${n}.bench.ts`)),
  ...['classes', 'closures', 'lru-cache'].map((n) => path.join(ROOT, 'corpus/clean', `${n}.bench.ts`)),
];
const QUICK = [fixture('geometry.ts'), fixture('imports.bench.ts')];
const sources = values.set === 'quick' ? QUICK : FULL;
const node = values.node;
const common = ['--time', values.time, '--warmup', values.time];

const work = mkdtempSync(path.join(tmpdir(), 'ubench-fidelity-'));
const log = (text) => process.stderr.write(`${text}\n`);
const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
try {
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  log(`node ${version}; ${RUNS} runs; forms in ${work}`);
  const files = buildForms(work, sources);
  const forms = Object.keys(FORMS);
  const benchFiles = (form) =>
    Object.entries(files[form])
      // The library forms differ only where a bench file imports a library: the imports of the issue.
      .filter(([name]) => name.includes('.bench.') && (!form.startsWith('lib-') || name.startsWith('imports.')))
      .map(([, file]) => path.basename(file));
  const runs = Object.fromEntries(forms.map((f) => [f, []]));
  for (let run = 0; run < RUNS; run++) {
    const order = forms.map((_, i) => forms[(i + run) % forms.length]);
    for (const form of order) {
      log(`run ${run + 1}/${RUNS}: ${form}`);
      const { results } = runUbench(path.join(work, form), [...benchFiles(form), ...common], { node });
      runs[form].push(estimatesOf(results));
    }
  }
  const references = Object.fromEntries(forms.map((f) => [f, FORMS[f].reference]));
  const rows = agreement(runs, references);
  // The module systems against each other (V8's own difference, not the loader's): CommonJS held against .mjs.
  const across = agreement({ mjs: runs.mjs, 'tsc-commonjs': runs['tsc-commonjs'] }, { 'tsc-commonjs': 'mjs' });

  const names = [...new Set(rows.map((r) => r.name))];
  const cell = (name, form) => {
    const r = rows.find((x) => x.name === name && x.form === form);
    if (r === undefined) return '—';
    if (r.ratio === null) return `${r.median.toPrecision(4)} ns (±${((r.spread * 100) / 2).toFixed(1)}%)`;
    return `${pct(r.ratio - 1)} (${r.runsAgreeing}/${r.runRatios.length})${r.agrees ? '' : ' ✘'}`;
  };
  const lines = [
    `Node ${version}, ${RUNS} processes per form, --time ${values.time}. References: median ns/op, ± half the spread of their processes. Other forms: their median over their reference's (ES module forms against .mjs, CommonJS forms against tsc's CommonJS), with the runs in which the pair of processes agreed within the larger spread of the two forms (at least 8%); ✘ when the medians do not.`,
    '',
    '| benchmark | .mjs | .ts, "module" | tsc ESM | tsc CommonJS | .ts, "commonjs" | tsc-CommonJS library from .mjs | from .ts, "module" | from .ts, "commonjs" | CommonJS vs .mjs |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...names.map((n) => {
      const x = across.find((r) => r.name === n && r.form === 'tsc-commonjs');
      const formCells = ['mjs', 'ts-module', 'tsc-esm', 'tsc-commonjs', 'ts-commonjs', 'lib-mjs', 'lib-ts-module', 'lib-ts-commonjs'].map((f) => cell(n, f));
      return `| ${n} | ${formCells.join(' | ')} | ${x?.ratio == null ? '—' : pct(x.ratio - 1)} |`;
    }),
  ];
  const disagreeing = rows.filter((r) => r.agrees === false);
  const judged = rows.filter((r) => r.agrees !== null);
  lines.push('', `${judged.length - disagreeing.length} of ${judged.length} form figures agree with their reference.`);

  const neighbourRows = [];
  let verdictsDiffer = false;
  if (!values['skip-neighbours']) {
    // The TypeScript form's folder already holds geometry.ts, which the pairs import.
    const folder = path.join(work, 'ts-module');
    copyFileSync(fixture('neighbours.bench.ts'), path.join(folder, 'neighbours.bench.ts'));
    const perOrder = { forward: { default: [], isolated: [] }, reverse: { default: [], isolated: [] } };
    const seconds = { default: [], isolated: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const order of ['forward', 'reverse']) {
        for (const side of run % 2 === 0 ? ['default', 'isolated'] : ['isolated', 'default']) {
          log(`neighbours ${run + 1}/${RUNS}: ${order}, ${side}`);
          const args = ['neighbours.bench.ts', ...common, ...(side === 'isolated' ? ['--isolate', 'benchmark'] : [])];
          const done = runUbench(folder, args, { node, env: { UBENCH_FIDELITY_ORDER: order } });
          perOrder[order][side].push(estimatesOf(done.results));
          seconds[side].push(done.seconds);
        }
      }
    }
    for (const order of ['forward', 'reverse']) {
      for (const r of agreement({ isolated: perOrder[order].isolated, default: perOrder[order].default }, { default: 'isolated' })) {
        if (r.form === 'default') neighbourRows.push({ ...r, order });
      }
    }
    // The verdict of each pair (which of the two is faster, and by how much) in each order, against the isolated one.
    const verdicts = [];
    for (const order of ['forward', 'reverse']) {
      const groups = new Map();
      for (const r of neighbourRows.filter((x) => x.order === order)) {
        const [group] = r.name.split(' › ');
        groups.set(group, [...(groups.get(group) ?? []), r]);
      }
      for (const [group, [a, b]] of groups) {
        if (b === undefined) continue;
        const iso = (r) => median(perOrder[order].isolated.map((m) => m.get(r.name)));
        verdicts.push({ order, group, ratio: b.median / a.median, isolatedRatio: iso(b) / iso(a), same: Math.sign(Math.log(b.median / a.median)) === Math.sign(Math.log(iso(b) / iso(a))) });
      }
    }
    lines.push(
      '',
      'Neighbours (each benchmark in a file with a neighbour that feeds a shared helper other types), against the same benchmark alone (--isolate benchmark):',
      '',
      '| pair › benchmark | order | with its neighbour | alone | ratio | spread allowed |',
      '|---|---|---|---|---|---|',
      ...neighbourRows.map(
        (r) =>
          `| ${r.name} | ${r.order === 'forward' ? 'as written' : 'reversed'} | ${r.median.toPrecision(4)} ns | ${(r.median / r.ratio).toPrecision(4)} ns | ${pct(r.ratio - 1)}${r.agrees ? '' : ' ✘'} | ±${(r.tolerance * 100).toFixed(1)}% |`,
      ),
      '',
      ...verdicts.map(
        (v) => `${v.group}, ${v.order === 'forward' ? 'as written' : 'reversed'}: second/first ${v.ratio.toFixed(2)}× (alone ${v.isolatedRatio.toFixed(2)}×)${v.same ? '' : ' ✘ verdict differs'}`,
      ),
      '',
      `Wall time of the neighbours file: ${median(seconds.default).toFixed(1)} s with module instances (${spreadOf(seconds.default) === 0 ? 'one run' : `±${(spreadOf(seconds.default) * 50).toFixed(0)}%`}), ${median(seconds.isolated).toFixed(1)} s with a process per benchmark.`,
    );
    verdictsDiffer = verdicts.some((v) => !v.same);
  }
  const text = lines.join('\n');
  process.stdout.write(`${text}\n`);
  if (values.json !== undefined) writeFileSync(values.json, JSON.stringify({ version, runs: RUNS, rows, across, neighbours: neighbourRows }, null, 2));
  process.exitCode = disagreeing.length > 0 || verdictsDiffer || neighbourRows.some((r) => r.agrees === false) ? 1 : 0;
} finally {
  rmSync(work, { recursive: true, force: true });
}
