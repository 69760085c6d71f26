// Pitfall (JMH samples, JMHSample_09_Blackholes): a benchmark that computes two results but returns
// only one lets the compiler drop the other computation, so it times half the work meant (JMH's
// answer is to sink both into a Blackhole). Here two string hashes are computed and one is
// returned. Expected: `none-yet` — the estimate stays above the loop floor, so no rule sees work
// that was partly removed (the `optimized-away` rule's documented limit); this records the gap.
import { bench } from 'ubench';

const keys = Array.from({ length: 256 }, (_, i) => `user:${i * 131}:profile`);
let turn = 0;

function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function djb2(text: string): number {
  let h = 5_381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return h >>> 0;
}

bench('two hashes computed, one returned', () => {
  const key = keys[(turn = (turn + 1) & 255)]!;
  const first = fnv(key);
  djb2(key);
  return first;
});
