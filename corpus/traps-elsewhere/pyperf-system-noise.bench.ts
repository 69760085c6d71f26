// Pitfall (pyperf docs, "Tune the system for benchmarks": other work on the CPUs makes results
// unstable; https://pyperf.readthedocs.io/en/latest/system.html): the benchmark shares the CPUs
// with something else. Here the bench file itself starts a worker thread that spins for 15 s (a
// background indexer left running), so on a 2-core machine the benchmark competes with it and with
// whatever else runs. Expected: `throttled`. The worker is unref()'d, ends on its own and is
// terminated at exit; loading waits until it reports that it spins.
import { Worker } from 'node:worker_threads';
import { bench } from 'ubench';

const SPIN = `const { parentPort } = require('node:worker_threads');
parentPort.postMessage('spinning');
const end = Date.now() + 15000;
let x = 0;
while (Date.now() < end) { for (let i = 0; i < 1e5; i++) x = (x + i) | 0; }`;

const worker = new Worker(SPIN, { eval: true });
worker.unref();
process.on('exit', () => void worker.terminate());
await new Promise<void>((resolve) => {
  worker.once('message', () => resolve());
  worker.once('exit', () => resolve());
});

const words = Array.from({ length: 512 }, (_, i) => `term${(i * 7_919) % 4_099}`);
let turn = 0;

bench('tokenize while a worker thread of this process spins', () => {
  const word = words[(turn = (turn + 1) & 511)]!;
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (h * 31 + word.charCodeAt(i)) | 0;
  return h;
});
