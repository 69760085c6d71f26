// Figures behind the event channel's constants (docs/design.md, "Benchmark processes"): the largest
// event line honest benchmarks send (examples/ and the ok, params and complexity fixtures, one
// process per file, as the CLI runs them), what checking a line costs against parsing it alone,
// and how long after a process's exit its pipes close (PIPE_DRAIN_MS), over several runs.
// Usage: npm run lab -- channel [--runs 3 --time 1s --out lab/channel-figures.md]
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createProcessExecutor } from '../../dist/runner/child/process-executor.js';
import { runChild } from '../../dist/runner/child/run-child.js';
import { parseEvent } from '../../dist/runner/channel/parse-event.js';
import { parseDuration } from '../../dist/cli/duration.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string' }, time: { type: 'string' }, out: { type: 'string' } } });
/** Three runs show the spread the lead asks for. */
const RUNS = Number(values.runs ?? 3);
/** More samples make longer `measured` events: 1 s is ten times the default budget's samples' worth. */
const TIME_NS = parseDuration(values.time ?? '1s', '--time');
/** Spawns per run for the exit-to-close gap. */
const GAP_SPAWNS = 40;
const FOLDERS = ['examples', 'test/fixtures/bench/ok', 'test/fixtures/bench/params', 'test/fixtures/bench/complexity'];

const files = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(root, folder))
    .filter((f) => /\.bench\.(ts|mts|js|mjs)$/.test(f))
    .map((f) => path.join(folder, f)),
);

function request(display, seed) {
  return {
    file: path.join(root, display),
    displayFile: display,
    filter: null,
    only: null,
    listOnly: false,
    timeBudgetNs: TIME_NS,
    warmupMaxNs: TIME_NS,
    precisionTarget: 0.01,
    throttleBaselineNs: null,
    deoptLogPath: null,
    pass: null,
    interleave: true,
    seed,
    processKey: seed,
  };
}

async function largestLines() {
  const executor = createProcessExecutor({ relay: null });
  const lines = [];
  for (const file of files) {
    await runChild(request(file, lines.length + 1), { executor, timeoutMs: 600_000, onEvent: (event) => lines.push(JSON.stringify(event)) });
  }
  return lines;
}

function costs(lines) {
  const time = (line, parse) => {
    const n = Math.max(20, Math.round(2e6 / line.length));
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) parse(line);
    return Number(process.hrtime.bigint() - start) / n / 1e3;
  };
  const small = lines.find((l) => l.startsWith('{"type":"phase"'));
  const large = lines.reduce((a, b) => (b.length > a.length ? b : a));
  return { small: [time(small, JSON.parse), time(small, parseEvent)], large: [time(large, JSON.parse), time(large, parseEvent)] };
}

/** Exit to close of a Node process that fills its stdout and descriptor 3 (64 KiB each) and exits. */
function gapOnce() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', "const fs=require('fs');const b=Buffer.alloc(65536,97);fs.writeSync(1,b);fs.writeSync(3,b)"], {
      stdio: ['ignore', 'pipe', 'ignore', 'pipe'],
      detached: true,
    });
    child.stdout.resume();
    child.stdio[3].resume();
    let exitAt = 0;
    child.on('exit', () => (exitAt = performance.now()));
    child.on('close', () => resolve(performance.now() - exitAt));
  });
}

const rows = [];
for (let run = 1; run <= RUNS; run++) {
  const lines = await largestLines();
  const largest = Math.max(...lines.map((l) => l.length));
  const bad = lines.filter((l) => !('event' in parseEvent(l))).length;
  const { small, large } = costs(lines);
  const gaps = [];
  for (let i = 0; i < GAP_SPAWNS; i++) gaps.push(await gapOnce());
  rows.push(
    `| ${run} | ${lines.length} | ${bad} | ${largest.toLocaleString('en')} | ${small[0].toFixed(2)} / ${small[1].toFixed(2)} | ${large[0].toFixed(0)} / ${large[1].toFixed(0)} | ${Math.max(...gaps).toFixed(1)} |`,
  );
  process.stderr.write(`run ${run} done\n`);
}
const table = [
  `Event channel figures (${files.length} bench files, --time ${values.time ?? '1s'}, ${RUNS} runs, ${GAP_SPAWNS} spawns each for the gap):`,
  '',
  '| run | events | refused | largest line (chars) | phase event µs: JSON.parse / checked | largest event µs: JSON.parse / checked | exit→close max ms |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n');
process.stdout.write(table);
if (values.out !== undefined) writeFileSync(values.out, table);
