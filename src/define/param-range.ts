/**
 * Size sweeps in one line: `range(1000, 1e6, 4)` in bench options, the string form
 * `'1000..1e6:x4'` in `args`, and `--args n=1000..1e6:x4` on the command line all give
 * 1000, 4000, 16000, 64000, 256000. `a..b:xF` multiplies by F, `a..b:+S` adds S; values stop at b.
 */
import { DeclarationError } from './declaration-error.js';

/**
 * Most values one range may give: fitting a growth law needs 4–10 sizes, and at a second or more per
 * benchmark a sweep of more than 64 sizes is a typo (a factor of 1.01) rather than a plan.
 */
export const MAX_RANGE_VALUES = 64;

/** Tolerance for reaching `end` through repeated multiplication (1000 · 10³ must include 1e6). */
const END_SLACK = 1e-9;

function checkNumber(value: number, what: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new DeclarationError(`range: ${what} must be a finite number, got ${String(value)}`);
}

function capped(values: number[], start: number, end: number): number[] {
  if (values.length > MAX_RANGE_VALUES) {
    throw new DeclarationError(`range ${start}..${end} gives more than ${MAX_RANGE_VALUES} values; use a larger step`);
  }
  return values;
}

/**
 * Sizes from `start` to at most `end`, each `factor` times the last (rounded to integers when
 * `start` is one; repeats after rounding are dropped).
 *
 * @throws DeclarationError when start is not positive, end < start, factor ≤ 1, or more than
 *   {@link MAX_RANGE_VALUES} values would result.
 */
export function range(start: number, end: number, factor = 2): number[] {
  checkNumber(start, 'start');
  checkNumber(end, 'end');
  checkNumber(factor, 'factor');
  if (!(start > 0)) throw new DeclarationError(`range: start must be > 0 for a multiplying range, got ${start}`);
  if (end < start) throw new DeclarationError(`range: end ${end} is below start ${start}`);
  if (!(factor > 1)) throw new DeclarationError(`range: the factor must be > 1, got ${factor}`);
  const integral = Number.isInteger(start);
  const values: number[] = [];
  for (let k = 0; ; k++) {
    const exact = start * factor ** k;
    if (exact > end * (1 + END_SLACK)) break;
    const value = integral ? Math.round(exact) : exact;
    if (values[values.length - 1] !== value) values.push(value);
    capped(values, start, end);
  }
  return values;
}

/** Values from `start` to at most `end` in steps of `step`. */
export function linearRange(start: number, end: number, step: number): number[] {
  checkNumber(start, 'start');
  checkNumber(end, 'end');
  checkNumber(step, 'step');
  if (end < start) throw new DeclarationError(`range: end ${end} is below start ${start}`);
  if (!(step > 0)) throw new DeclarationError(`range: the step must be > 0, got ${step}`);
  const count = Math.floor((end - start) / step + END_SLACK) + 1;
  if (count > MAX_RANGE_VALUES) capped(new Array<number>(count), start, end);
  return Array.from({ length: count }, (_, k) => start + k * step);
}

const RANGE_SYNTAX = /^\s*(\S+?)\s*\.\.\s*(\S+?)\s*:\s*([x*+])\s*(\S+)\s*$/;

/**
 * Parses `1000..1e6:x4` (×4 each step) or `0..100:+10` (+10 each step).
 *
 * @throws DeclarationError naming the text when the syntax or a number is wrong.
 */
export function parseRange(text: string): number[] {
  const m = RANGE_SYNTAX.exec(text);
  if (m === null) throw new DeclarationError(`range "${text}": expected start..end:xFACTOR or start..end:+STEP, e.g. 1000..1e6:x4`);
  const [start, end, step] = [m[1]!, m[2]!, m[4]!].map(Number) as [number, number, number];
  for (const [value, part] of [
    [start, m[1]!],
    [end, m[2]!],
    [step, m[4]!],
  ] as const) {
    if (!Number.isFinite(value)) throw new DeclarationError(`range "${text}": "${part}" is not a number`);
  }
  try {
    return m[3] === '+' ? linearRange(start, end, step) : range(start, end, step);
  } catch (error) {
    if (error instanceof DeclarationError) throw new DeclarationError(`range "${text}": ${error.message.replace(/^range[^:]*: /, '')}`);
    throw error;
  }
}
