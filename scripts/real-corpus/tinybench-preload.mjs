// Preloaded (node --import) into tinybench's own run of a corpus file: after each Bench's run() or
// runSync(), records its tasks (one JSON line in REAL_CORPUS_RECORD). The same module instance as
// the file's `import … from 'tinybench'`; the only other change is a shorter budget (below).
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const corpusRequire = createRequire(`${process.cwd()}/`);
const { Bench } = await import(pathToFileURL(corpusRequire.resolve('tinybench')).href);

function record(bench) {
  const benchmarks = bench.tasks.map((task) => ({
    group: bench.name ?? null,
    name: task.name,
    error: task.result?.state === 'errored' ? String(task.result.error?.message ?? task.result.error).split('\n')[0] : null,
  }));
  appendFileSync(process.env.REAL_CORPUS_RECORD, `${JSON.stringify({ harness: 'tinybench', benchmarks })}\n`);
}

/** Milliseconds tinybench may spend on a task, and warming one up (its defaults are 1000 and 250): this run is for names and counts, not for figures. */
const TIME_MS = 100;
const WARMUP_TIME_MS = 25;

/** Shortens a Bench's budget through its own options (the file is unchanged). */
function shortened(bench) {
  bench.time = Math.min(bench.time, TIME_MS);
  bench.warmupTime = Math.min(bench.warmupTime, WARMUP_TIME_MS);
}

const run = Bench.prototype.run;
Bench.prototype.run = async function recordedRun(...args) {
  shortened(this);
  const result = await run.apply(this, args);
  record(this);
  return result;
};
const runSync = Bench.prototype.runSync;
Bench.prototype.runSync = function recordedRunSync(...args) {
  shortened(this);
  const result = runSync.apply(this, args);
  record(this);
  return result;
};
