// Trap: comparing ways to parse a number, each given the same string literal. V8 parses a constant
// string at compile time, so every benchmark in the group returns a constant and the loop times
// nothing. Expected: `optimized-away` (the listed trap is the parseInt benchmark).
import { bench, group } from 'ubench';

group('parse "42"', () => {
  bench('parseInt("42", 10) on a literal', () => parseInt('42', 10), { baseline: true });
  bench('Number("42") on a literal', () => Number('42'));
  bench('unary + on a literal', () => +'42');
});
