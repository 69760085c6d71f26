// The peers workloads written for mitata: one bench() per workload, then run() with its JSON output
// on stdout (samples and debug text left out). Run as `node mitata.mjs`, mitata's quick start.
import { bench, run } from 'mitata';
import { WORKLOADS } from './workloads.mjs';

for (const { name, fn } of WORKLOADS) bench(name, fn);

await run({ format: { json: { samples: false, debug: false } } });
