// The figures of ubench doctor and --wait-for-quiet (lab/doctor.md, quoted in docs/doctor.md),
// measured on this machine and reported, never asserted in tests:
// - `ubench doctor` alone, --runs times: the verdict, the exit code, the time it took, what the
//   speed checks and the load check read;
// - the same with another process hammering the other CPU (a busy loop pinned there with taskset
//   where it exists);
// - a run with --wait-for-quiet 30s while a busy loop that stops after 10 s runs: when the loop
//   stopped, when the run said the host was quiet, what it said.
// Usage: npm run lab -- doctor [--runs 5 --hog-seconds 10 --wait 30s --out lab/doctor.md]
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { writeOrAppendDocSection } from './lib/doc-section.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = path.join(root, 'dist/cli/main.js');
const { values } = parseArgs({ options: { runs: { type: 'string' }, 'hog-seconds': { type: 'string' }, wait: { type: 'string' }, out: { type: 'string' } } });
const RUNS = Number(values.runs ?? 5);
const HOG_SECONDS = Number(values['hog-seconds'] ?? 10);
const WAIT = values.wait ?? '30s';
/** Time for a started busy loop to be running before the doctor reads. */
const HOG_START_MS = 300;
/** The page's lines, printed or written between its markers with --out. */
const out = [];
const say = (line = '') => out.push(line);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
const cpus = Number(spawnSync('nproc', [], { encoding: 'utf8' }).stdout.trim()) || 1;

/** A busy loop on the last CPU (pinned when taskset exists), for `seconds` or until killed. */
function hog(seconds) {
  const body = seconds === null ? 'for (;;) {}' : `const end = Date.now() + ${seconds * 1e3}; while (Date.now() < end) {}`;
  const args = [process.execPath, '-e', body];
  const child = hasTaskset ? spawn('taskset', ['-c', String(cpus - 1), ...args], { stdio: 'ignore' }) : spawn(args[0], args.slice(1), { stdio: 'ignore' });
  return { child, exited: new Promise((resolve) => child.on('exit', () => resolve(performance.now()))) };
}

function doctor() {
  const started = performance.now();
  const run = spawnSync(process.execPath, [cli, 'doctor', '--json', '-', '--no-tools'], { cwd: root, encoding: 'utf8' });
  const wall = (performance.now() - started) / 1e3;
  const doc = JSON.parse(run.stdout);
  const find = (id) => doc.checks.find((c) => c.id === id);
  return { code: run.status, doc, wall, speed: find('host-speed'), core: find('shared-core'), load: find('other-load') };
}

const off = (finding) => (typeof finding.data.slower === 'number' ? `${finding.data.slower >= 0 ? '+' : ''}${(finding.data.slower * 100).toFixed(0)}%` : finding.verdict);
const unfit = (doc) =>
  doc.checks
    .filter((c) => c.verdict === 'unfit')
    .map((c) => c.id)
    .join(', ') || '—';

function table(title, rows) {
  say(`\n### ${title}\n`);
  say('| run | verdict (exit) | unfit checks | took | latency vs usual | throughput vs usual | other processes | named |');
  say('|---|---|---|---|---|---|---|---|');
  rows.forEach((r, i) => {
    const named = (r.load.data.topCommands ?? []).map((c, j) => `${c.slice(0, 28)} ${r.load.data.topCpus[j].toFixed(2)}`).join('; ');
    say(
      `| ${i + 1} | ${r.doc.verdict} (${r.code}) | ${unfit(r.doc)} | ${(r.doc.tookMs / 1e3).toFixed(1)} s (${r.wall.toFixed(1)} s wall) | ${off(r.speed)} | ${off(r.core)} | ${(r.load.data.othersCpus ?? 0).toFixed(2)} CPUs | ${named || '—'} |`,
    );
  });
}

say(`## Measured ${new Date().toISOString().slice(0, 16)}Z (node ${process.versions.node}, ${cpus} CPUs)`);

const alone = [];
for (let i = 0; i < RUNS; i++) alone.push(doctor());
table('`ubench doctor` alone', alone);

const hammered = [];
for (let i = 0; i < RUNS; i++) {
  const h = hog(null);
  await sleep(HOG_START_MS);
  hammered.push(doctor());
  h.child.kill('SIGKILL');
  await h.exited;
}
table(`\`ubench doctor\` with \`node -e 'for (;;) {}'\` on cpu${cpus - 1}${hasTaskset ? ' (taskset)' : ''}`, hammered);

say(`\n### \`--wait-for-quiet ${WAIT}\` while a busy loop runs for ${HOG_SECONDS} s\n`);
// The run judges the host against this machine's calibration, but adds its own figures to a copy of it.
const cache = mkdtempSync(path.join(tmpdir(), 'ubench-doctor-figures-'));
const calibration = spawnSync(process.execPath, [cli, 'calibration'], { encoding: 'utf8' }).stdout.match(/^host calibration: (.*?)(?: \(|$)/m)?.[1];
if (calibration !== undefined && existsSync(calibration)) copyFileSync(calibration, path.join(cache, 'host-calibration.json'));
const h = hog(HOG_SECONDS);
const hogStarted = performance.now();
await sleep(HOG_START_MS);
const runStarted = performance.now();
const run = spawn(process.execPath, [cli, 'test/fixtures/bench/ok', '--time', '100ms', '--warmup', '100ms', '--no-history', '--quiet', '--wait-for-quiet', WAIT], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, UBENCH_CACHE_DIR: cache },
});
const lines = [];
run.stderr.setEncoding('utf8').on('data', (text) => {
  for (const line of text.split('\n').filter((l) => l !== '')) lines.push({ at: performance.now(), line });
});
run.stdout.resume();
const [hogStopped, code] = await Promise.all([h.exited, new Promise((resolve) => run.on('close', resolve))]);
const ended = performance.now();
rmSync(cache, { recursive: true, force: true });
const since = (t) => `${((t - hogStarted) / 1e3).toFixed(1)} s`;
say('| event | at (since the loop started) |');
say('|---|---|');
say(`| the run started | ${since(runStarted)} |`);
say(`| the busy loop stopped | ${since(hogStopped)} |`);
for (const l of lines) say(`| \`${l.line.replace(/\|/g, '\\|')}\` | ${since(l.at)} |`);
say(`| the run ended (exit ${code}) | ${since(ended)} |`);

if (values.out === undefined) console.log(out.join('\n'));
else {
  writeOrAppendDocSection(path.resolve(root, values.out), '<!-- doctor-figures:start -->', '<!-- doctor-figures:end -->', out.join('\n'));
  process.stderr.write(`written to ${values.out}\n`);
}
