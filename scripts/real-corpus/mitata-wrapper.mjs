// The real mitata, with run() recording the benchmarks it ran (one JSON line per run() call in the
// file named by REAL_CORPUS_RECORD) before handing its result back to the file.
import { appendFileSync } from 'node:fs';
import * as mitata from 'mitata';

export * from 'mitata';

export async function run(options) {
  const result = await mitata.run(options);
  const benchmarks = [];
  for (const trial of result.benchmarks) {
    const group = result.layout[trial.group]?.name ?? null;
    for (const one of trial.runs) {
      benchmarks.push({ group, alias: trial.alias, args: one.args ?? {}, error: one.error ? String(one.error.message ?? one.error).split('\n')[0] : null });
    }
  }
  appendFileSync(process.env.REAL_CORPUS_RECORD, `${JSON.stringify({ harness: 'mitata', benchmarks })}\n`);
  return result;
}
