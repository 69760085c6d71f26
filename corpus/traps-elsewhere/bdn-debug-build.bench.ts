// Pitfall (BenchmarkDotNet, EnvironmentAnalyser: warns when the code was built in DEBUG or runs with
// a debugger attached; https://benchmarkdotnet.org/articles/configs/analysers.html): timing a build
// the users never run. The JavaScript form: a library's development mode (`NODE_ENV` not
// `production`) with its argument checks and frozen results. Here the formatter runs its
// development checks because nothing set NODE_ENV. Expected: `none-yet` (ubench cannot know which
// mode ships; this records the gap).
// Control: the same formatter with the development checks off, as production runs it.
// Expected: none.
import { bench } from 'ubench';

const DEVELOPMENT = process.env.NODE_ENV !== 'production';

interface Money {
  cents: number;
  currency: string;
}

function makeFormatter(development: boolean) {
  return (value: Money): string => {
    if (development) {
      if (!Number.isInteger(value.cents)) throw new TypeError(`cents must be an integer, got ${String(value.cents)}`);
      if (!/^[A-Z]{3}$/.test(value.currency)) throw new TypeError(`bad currency ${value.currency}`);
      Object.freeze(value);
    }
    const whole = Math.trunc(value.cents / 100);
    const part = Math.abs(value.cents % 100);
    return `${value.currency} ${whole}.${part < 10 ? '0' : ''}${part}`;
  };
}

const amounts: Money[] = Array.from({ length: 256 }, (_, i) => ({ cents: i * 1_037 - 50_000, currency: i % 2 === 0 ? 'EUR' : 'USD' }));
const devFormat = makeFormatter(DEVELOPMENT);
const prodFormat = makeFormatter(false);
let a = 0;
let b = 0;

bench('money formatter in development mode', () => devFormat(amounts[(a = (a + 1) & 255)]!));

bench('money formatter in production mode', () => prodFormat(amounts[(b = (b + 1) & 255)]!));
