import { createRng } from './src/stats/random.js';
import { normalDeviate } from './src/stats/normal.js';
import { findLevels } from './src/stats/levels.js';
const rng = createRng(7);
const trials = 1000;
function rate(gen: () => number[]) { let hit = 0; for (let t = 0; t < trials; t++) if (findLevels(gen()) !== null) hit++; return hit / trials; }
/** Time-alternating body: regimes of `window` (in fast-sample lengths) alternate fast (1) / slow (ratio); samples have a fixed op count. */
function timed(n: number, window: number, ratio: number, noise = 0.03): number[] {
  let t = rng() * 2 * window; const out: number[] = [];
  for (let i = 0; i < n; i++) {
    let ops = 1, spent = 0;
    while (ops > 1e-9) { const inSlow = Math.floor(t / window) % 2 === 1; const cost = inSlow ? ratio : 1; const left = window - (t % window); const can = left / cost; const d = Math.min(can, ops); ops -= d; spent += d * cost; t += d * cost + 1e-12; }
    out.push(spent * (1 + noise * normalDeviate(rng)));
  }
  return out;
}
for (const n of [20, 30, 50, 200, 500]) {
  const g = (f: (i: number) => number) => () => Array.from({ length: n }, (_, i) => f(i));
  const r = {
    normal: rate(g(() => 1 + 0.1 * normalDeviate(rng))),
    lognorm: rate(g(() => Math.exp(0.5 * normalDeviate(rng)))),
    uni: rate(g(() => 1 + 3 * rng())),
    logu: rate(g(() => Math.exp(Math.log(4) * rng()))),
    ar8: rate(() => { let x = 0; return Array.from({ length: n }, () => { x = 0.8 * x + 0.6 * 0.2 * normalDeviate(rng); return Math.exp(x); }); }),
    tail: rate(g(() => 1 + 0.02 * normalDeviate(rng) + (rng() < 0.15 ? 0.6 * rng() : 0))),
    expTail: rate(g(() => 1 + 0.02 * normalDeviate(rng) - 0.3 * Math.log(rng()))),
    mix8: rate(g((i) => (i % 2 ? 8 : 1) * (1 + 0.1 * normalDeviate(rng)))),
    mix2: rate(g((i) => (i % 2 ? 2 : 1) * (1 + 0.1 * normalDeviate(rng)))),
    oneIn8: rate(g((i) => (i % 8 === 0 ? 6 : 1) * (1 + 0.1 * normalDeviate(rng)))),
    oneIn20: rate(g((i) => (i % 20 === 0 ? 6 : 1) * (1 + 0.03 * normalDeviate(rng)))),
    mix13: rate(g((i) => (i % 2 ? 1.3 : 1) * (1 + 0.03 * normalDeviate(rng)))),
    time8w10: rate(() => timed(n, 10, 8)),
    time8w1: rate(() => timed(n, 1, 8)),
    time20w10: rate(() => timed(n, 10, 20)),
  };
  console.log(n, JSON.stringify(r));
}
