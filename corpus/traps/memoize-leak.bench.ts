// Trap: a memoized formatter whose cache is a module-level Map that never evicts. The prices come
// from a counter, so a new one arrives every 128 calls (a 99% hit rate, which looks healthy), and
// the cache grows through the whole run and stays after a full GC. Expected: `leak`.
import { bench } from 'ubench';

function memoize<A, R>(fn: (arg: A) => R): (arg: A) => R {
  const cache = new Map<A, R>();
  return (arg) => {
    let value = cache.get(arg);
    if (value === undefined) cache.set(arg, (value = fn(arg)));
    return value;
  };
}

const formatPrice = memoize((cents: number): string => `€${(cents / 100).toFixed(2)}`);

let calls = 0;

bench('memoized formatter whose cache never evicts', () => formatPrice(1_000 + (calls++ >> 7)));
