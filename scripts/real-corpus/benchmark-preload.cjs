// Preloaded (node --require) into Benchmark.js's own run of a corpus file: remembers every suite and
// lone benchmark that was run, and at exit records each benchmark, whether it completed and its
// error (one JSON line in REAL_CORPUS_RECORD). Shortens Benchmark.js's budget through its own
// global options (the file is unchanged): this run is for names and counts, not for figures.
const { appendFileSync } = require('node:fs');
const { createRequire } = require('node:module');

const Benchmark = createRequire(`${process.cwd()}/`)('benchmark');
/** Seconds Benchmark.js may spend on one benchmark (its default is 5). */
const MAX_TIME_S = 0.25;
Benchmark.options.maxTime = MAX_TIME_S;

const suites = new Set();
const lone = new Set();
const suiteRun = Benchmark.Suite.prototype.run;
Benchmark.Suite.prototype.run = function recordedSuiteRun(...args) {
  suites.add(this);
  return suiteRun.apply(this, args);
};
const benchRun = Benchmark.prototype.run;
Benchmark.prototype.run = function recordedRun(...args) {
  if (!this._original) lone.add(this);
  return benchRun.apply(this, args);
};

process.on('exit', () => {
  const benchmarks = [];
  const inSuites = new Set();
  const add = (bench, group) => {
    const ran = bench.cycles > 0 || (bench.stats?.sample?.length ?? 0) > 0;
    const error = bench.error ? String(bench.error.message ?? bench.error).split('\n')[0] : ran ? null : 'did not complete';
    benchmarks.push({ group, name: bench.name ?? bench.fn?.name ?? '', error });
  };
  for (const suite of suites) {
    for (let i = 0; i < suite.length; i++) {
      inSuites.add(suite[i]);
      add(suite[i], suite.name ?? null);
    }
  }
  for (const bench of lone) if (!inSuites.has(bench)) add(bench, null);
  appendFileSync(process.env.REAL_CORPUS_RECORD, `${JSON.stringify({ harness: 'benchmark', benchmarks })}\n`);
});
