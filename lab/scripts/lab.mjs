// `npm run lab -- <name> [options]`: builds ubench, then runs one figure script of this folder
// (<name>-figures.mjs, or <name>.mjs) with the options given, from the repository's root. Without a
// name it lists the scripts, each with the first line of its header. lab/README.md says what each
// measures and which page it writes.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const self = path.basename(fileURLToPath(import.meta.url));

/** The figure scripts by name: every .mjs of this folder but this one (helpers live in subfolders). */
const scripts = new Map(
  readdirSync(here)
    .filter((f) => f.endsWith('.mjs') && f !== self)
    .sort()
    .map((f) => [f.replace(/(-figures)?\.mjs$/, ''), path.join(here, f)]),
);

/** The page a script's header names (the lab page it writes or the manual page it serves), if any. */
const PAGE = /\b(?:lab|docs)\/[\w-]+\.md\b/;
/** Room for a summary on one terminal line beside the name and the page. */
const SUMMARY_MAX = 72;

/** A script's header comment: its leading `//` lines, joined. */
function headerOf(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const first = lines.findIndex((l) => l.startsWith('// '));
  if (first < 0) return '';
  const end = lines.findIndex((l, i) => i > first && !l.startsWith('//'));
  return lines
    .slice(first, end < 0 ? undefined : end)
    .map((l) => l.replace(/^\/\/ ?/, ''))
    .join(' ');
}

/** The header's first clause, without the parentheses that name files, cut to one line. */
function summaryOf(header) {
  const clause = header.split(/[.:;] /)[0].replace(/ \([^()]*(?:lab|docs)\/[^()]*\)/g, '');
  return clause.length > SUMMARY_MAX ? `${clause.slice(0, SUMMARY_MAX - 1)}…` : clause;
}

function list(out) {
  const width = Math.max(...[...scripts.keys()].map((n) => n.length));
  out.write('usage: npm run lab -- <name> [options of that script]\n\n');
  for (const [name, file] of scripts) {
    const header = headerOf(file);
    const page = PAGE.exec(header)?.[0];
    out.write(`  ${name.padEnd(width)}  ${summaryOf(header).padEnd(SUMMARY_MAX)}${page === undefined ? '' : `  ${page}`}\n`);
  }
}

const [name, ...args] = process.argv.slice(2);
if (name === undefined || name === '--help' || name === '-h') {
  list(process.stdout);
  process.exit(0);
}
const script = scripts.get(name);
if (script === undefined) {
  process.stderr.write(`lab: no figure script named '${name}'\n`);
  list(process.stderr);
  process.exit(2);
}

// Under `npm run`, npm's own CLI script (npm_execpath) runs the build with this Node; else npm from PATH.
const npm = process.env.npm_execpath;
const build =
  npm === undefined ? spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }) : spawnSync(process.execPath, [npm, 'run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// Scripts that import the tests' TypeScript helpers need tsx; the others run on plain Node, so that
// no loader of the script's own reaches a process it forks.
const needsTsx = /from '[^']+\.ts'/.test(readFileSync(script, 'utf8'));
const run = spawnSync(process.execPath, [...(needsTsx ? ['--import', 'tsx'] : []), script, ...args], { cwd: root, stdio: 'inherit' });
if (run.signal !== null) process.kill(process.pid, run.signal);
process.exit(run.status ?? 1);
