// How often `ubench compare` (both runs with --forks 5) and `ubench ab` call a change on real runs
// of this machine: between two runs of the same code (false positives) and between code doing 5%
// more work (power). The figures of lab/figures.md "Compare and ab power"; measured, never asserted in tests.
// Usage: npm run lab -- compare-power [--rounds 8 --ab-rounds 4]
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = path.join(root, 'dist/cli/main.js');
const fixture = path.join(root, 'test/fixtures/bench/compare/work.bench.ts');
const { values } = parseArgs({ options: { rounds: { type: 'string' }, 'ab-rounds': { type: 'string' } } });
/** Rounds of three --forks 5 runs (base, same again, 5% more work); about 30 s each at default budgets. */
const ROUNDS = Number(values.rounds ?? 8);
/** Rounds of two `ab` runs (A/A and 5% more work), 10 pairs each; about 70 s a round. */
const AB_ROUNDS = Number(values['ab-rounds'] ?? 4);
/** Steps per call of the fixture: the base, and 5% more work. */
const BASE_WORK = 200;
const MORE_WORK = 210;

// Inside the package, so the bench files' `import 'ubench'` resolves to this checkout.
mkdirSync(path.join(root, '.ubench'), { recursive: true });
const work = mkdtempSync(path.join(root, '.ubench', 'power-'));
function ubench(args, env = {}) {
  const result = spawnSync(process.execPath, [cli, ...args, '--no-color'], { cwd: work, encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0 && result.status !== 1) throw new Error(`ubench ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return result;
}
function measure(name, steps) {
  const json = path.join(work, `${name}.json`);
  ubench([fixture, '--forks', '5', '--quiet', '--no-history', '--json', json], { UBENCH_FIXTURE_WORK: String(steps) });
  return json;
}
function compare(base, next) {
  const out = path.join(work, 'cmp.json');
  ubench(['compare', base, next, '--json', out]);
  return JSON.parse(readFileSync(out, 'utf8')).rows[0];
}

const tally = { aa: [], shift: [], abAa: [], abShift: [] };
for (let r = 0; r < ROUNDS; r++) {
  process.stderr.write(`compare round ${r + 1}/${ROUNDS}…\n`);
  const base = measure('base', BASE_WORK);
  const again = measure('again', BASE_WORK);
  const more = measure('more', MORE_WORK);
  tally.aa.push(compare(base, again));
  tally.shift.push(compare(base, more));
}
const a = path.join(work, 'a.bench.ts');
const b = path.join(work, 'b.bench.ts');
copyFileSync(fixture, a);
writeFileSync(b, readFileSync(fixture, 'utf8').replace(`?? ${BASE_WORK})`, `?? ${MORE_WORK})`));
for (let r = 0; r < AB_ROUNDS; r++) {
  process.stderr.write(`ab round ${r + 1}/${AB_ROUNDS}…\n`);
  for (const [key, other] of [
    ['abAa', a],
    ['abShift', b],
  ]) {
    const out = path.join(work, 'ab.json');
    ubench(['ab', a, other, '--quiet', '--json', out]);
    tally[key].push(JSON.parse(readFileSync(out, 'utf8')).rows[0]);
  }
}
rmSync(work, { recursive: true, force: true });

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
const line = (what, rows, wanted) => {
  const called = rows.filter((row) => row.verdict === 'slower' || row.verdict === 'faster').length;
  const right = rows.filter((row) => row.verdict === wanted).length;
  const cantTell = rows.filter((row) => row.verdict === 'cant-tell').length;
  console.log(
    `| ${what} | ${rows.length} | ${wanted === 'same' ? `${called} called a change` : `${right} called ${wanted}`}, ${cantTell} can't tell | ${pct(median(rows.map((row) => row.change)))} |`,
  );
};
console.log('| comparison | runs | verdicts | median change |');
console.log('|---|---|---|---|');
line('compare, --forks 5, same code', tally.aa, 'same');
line(`compare, --forks 5, ${MORE_WORK}/${BASE_WORK} steps`, tally.shift, 'slower');
line('ab, 10 pairs, same code', tally.abAa, 'same');
line(`ab, 10 pairs, ${MORE_WORK}/${BASE_WORK} steps`, tally.abShift, 'slower');
