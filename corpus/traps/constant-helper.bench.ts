// Trap: small pure helpers benchmarked on constant inputs. V8 inlines the helper into the measured
// loop, sees only constants, and folds the call to its result: the returned value is used, but
// there is no work left to time. Expected: `optimized-away` for both benchmarks.
import { bench } from 'ubench';

const roundToCents = (amount: number): number => Math.round(amount * 100) / 100;

// (a) A literal argument: the whole call is computed once, at compile time.
bench('roundToCents(19.999) with a literal price', () => roundToCents(19.999));

// (b) A module-level `const` string never changes, so its length is a compile-time constant too.
const CONTENT_TYPE = 'application/json; charset=utf-8';
bench('length of a module-level constant string', () => CONTENT_TYPE.length);
