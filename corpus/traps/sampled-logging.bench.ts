// Trap: a log sampler that switches between detailed and summary logging on the clock. During every
// other 40 ms window it formats a detailed line (about 8× the work); in between it only bumps a
// counter and a checksum. Nothing in setup changes, so the samples taken in detailed windows and
// those taken in summary windows measure different work, and the two levels alternate in time.
// Expected: `levels`.
import { bench } from 'ubench';

const WINDOW_MS = 40;
const fields = Int32Array.from({ length: 64 }, (_, i) => (i * 2654435761) >>> 20);

let calls = 0;
let detailed = false;

function summary(seq: number): number {
  let h = seq;
  for (let i = 0; i < 8; i++) h = (h * 31 + fields[i]!) | 0;
  return h;
}

function detailedLine(seq: number): number {
  let h = seq;
  for (let i = 0; i < 64; i++) h = (h * 31 + fields[(i + seq) & 63]!) | 0;
  return h;
}

bench('log sampler switching detail on a 40 ms clock', () => {
  const seq = calls++;
  if ((seq & 255) === 0) detailed = Math.floor(performance.now() / WINDOW_MS) % 2 === 1;
  return detailed ? detailedLine(seq) : summary(seq);
});
