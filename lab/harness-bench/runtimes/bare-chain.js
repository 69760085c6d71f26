// The 1024-step chain timed without ubench, by hand, on whatever runs this file (node, bun, deno, or
// a browser page through the figures script). The work is split into calls of ~50 chains, so the
// function holding the loop is called tens of thousands of times and reaches the top tier the way
// hot application code does (not only through on-stack replacement); the clock is read around rounds
// of ~20 ms only, so even a browser's coarse clock costs < 1%. Median of 31 rounds after 2 s of
// warm-up. Prints {"nsPerOp": …} (the sink keeps the work alive).
let seed = 7;
const chain = (steps) => {
  let h = (seed = (seed + 1) | 0);
  for (let i = 0; i < steps; i++) h = (Math.imul(h ^ (h >>> 16), 0x45d9f3b) + i) | 0;
  return h;
};
let sink = 0;
function work(n) {
  for (let i = 0; i < n; i++) sink ^= chain(1024);
}
function bareChain() {
  const PER_CALL = 50;
  const round = (calls) => {
    const start = performance.now();
    for (let c = 0; c < calls; c++) work(PER_CALL);
    return (performance.now() - start) * 1e6;
  };
  let calls = 1;
  while (round(calls) < 20e6) calls *= 2;
  const warmEnd = performance.now() + 2000;
  while (performance.now() < warmEnd) round(calls);
  const perOp = [];
  for (let r = 0; r < 31; r++) perOp.push(round(calls) / (calls * PER_CALL));
  perOp.sort((a, b) => a - b);
  return { nsPerOp: perOp[15], sink };
}
if (typeof window === 'undefined') console.log(JSON.stringify(bareChain()));
else window.bareChain = bareChain;
