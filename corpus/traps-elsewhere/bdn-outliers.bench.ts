// Pitfall (BenchmarkDotNet, OutliersAnalyser; pyperf docs "Analyze benchmark results: Outliers",
// https://pyperf.readthedocs.io/en/latest/analyze.html): a few measurements far slower than the
// rest pull the mean away; a harness should say how many and why. Here one sample in ten gets an
// address whose local part is eight times longer, so the regular expression scans eight times the
// text. Expected: `outliers` (information, with setup's values as the cause).
import { bench } from 'ubench';

const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;
const SHORT = Array.from({ length: 16 }, (_, i) => `user${i}.name@example.org`);
const LONG = Array.from({ length: 16 }, (_, i) => `${'very.long.local.part.'.repeat(6)}${i}@example.org`);
let prepared = 0;

bench('email check, one sample in ten with a long address', {
  setup: () => (prepared++ % 10 === 9 ? LONG : SHORT),
  run: (addresses) => {
    let valid = 0;
    for (let i = 0; i < addresses.length; i++) if (EMAIL.test(addresses[i]!)) valid++;
    return valid;
  },
});
