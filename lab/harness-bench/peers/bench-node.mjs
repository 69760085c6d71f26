// The peers workloads written for bench-node: a Suite with one add() per workload, run with no
// reporter; the results run() resolves to are written to stdout as JSON. Run as
// `node --allow-natives-syntax bench-node.mjs`, as bench-node requires (its default plugin keeps
// each body from being optimized).
import { Suite } from 'bench-node';
import { WORKLOADS } from './workloads.mjs';

const suite = new Suite({ reporter: false });
for (const { name, fn } of WORKLOADS) suite.add(name, fn);
const results = await suite.run();
const rows = results.map((r) => ({ name: r.name, opsSec: r.opsSec, iterations: r.iterations, samples: r.histogram?.samples }));
process.stdout.write(`${JSON.stringify({ benchmarks: rows })}\n`);
