/**
 * Number formatting for human-readable reports: durations, rates, percentages and ratios.
 *
 * Every formatter is total: NaN and ±Infinity (which only come from missing or broken
 * measurements) render as a dash instead of throwing or printing `NaN`.
 */

/** Text shown for a value that cannot be displayed (NaN, ±Infinity). */
export const MISSING_VALUE_TEXT = '—';

// Four digits show a 0.1% step, about the best precision a benchmark run reaches.
const DURATION_SIGNIFICANT_DIGITS = 4;
// Rates are read as magnitudes next to the duration they derive from; three digits suffice.
const RATE_SIGNIFICANT_DIGITS = 3;
// Ratios answer "how much slower": three digits separate 1.31× from 1.32× without false precision.
export const RATIO_SIGNIFICANT_DIGITS = 3;
// A CI half-width is itself only roughly known, so two digits are all it deserves.
const PERCENT_SIGNIFICANT_DIGITS = 2;
// Below 0.01% a relative width is noise; never print more decimals than this.
const PERCENT_MAX_DECIMALS = 2;
// Adjacent SI prefixes differ by this factor (ps → ns → µs …, /s → K/s → M/s …).
const UNIT_STEP = 1000;

interface ScaleUnit {
  suffix: string;
  /** Size of one of this unit in the base unit of the scale. */
  size: number;
  /** Cap on decimals in this unit. */
  maxDecimals: number;
}

const DURATION_UNITS: readonly ScaleUnit[] = [
  // Sub-nanosecond times are below any clock's resolution: fractional picoseconds would be noise.
  { suffix: 'ps', size: 1e-3, maxDecimals: 0 },
  { suffix: 'ns', size: 1, maxDecimals: Infinity },
  { suffix: 'µs', size: 1e3, maxDecimals: Infinity },
  { suffix: 'ms', size: 1e6, maxDecimals: Infinity },
  { suffix: 's', size: 1e9, maxDecimals: Infinity },
];

const RATE_UNITS: readonly ScaleUnit[] = [
  { suffix: '/s', size: 1, maxDecimals: Infinity },
  { suffix: 'K/s', size: 1e3, maxDecimals: Infinity },
  { suffix: 'M/s', size: 1e6, maxDecimals: Infinity },
  { suffix: 'G/s', size: 1e9, maxDecimals: Infinity },
  { suffix: 'T/s', size: 1e12, maxDecimals: Infinity },
];

/** Decimal exponent of |value| (floor(log10|value|)), corrected for floating-point error in log10. */
function decimalExponent(value: number): number {
  const abs = Math.abs(value);
  let exponent = Math.floor(Math.log10(abs));
  if (10 ** exponent > abs) exponent -= 1;
  else if (10 ** (exponent + 1) <= abs) exponent += 1;
  return exponent;
}

/**
 * Decimals needed to show `value` with `digits` significant digits (0 for values with at least
 * that many integer digits, and for 0 itself).
 */
export function significantDecimals(value: number, digits: number): number {
  if (value === 0 || !Number.isFinite(value)) return 0;
  return Math.max(0, digits - 1 - decimalExponent(value));
}

/**
 * `value` with `digits` significant digits (trailing zeros kept, so columns of equal magnitude
 * line up), never more than `maxDecimals` decimals. Integers too large for `digits` are rounded
 * to whole numbers, not put into exponent notation.
 */
export function formatSignificant(value: number, digits: number, maxDecimals = Infinity): string {
  if (!Number.isFinite(value)) return MISSING_VALUE_TEXT;
  if (value === 0) return '0';
  const decimals = Math.min(significantDecimals(value, digits), maxDecimals);
  const text = value.toFixed(decimals);
  // Rounding can carry into a new leading digit (9.996 → "10.00"): drop a decimal to keep the digit count.
  if (decimals > 0 && Math.abs(Number(text)) >= 10 ** (decimalExponent(value) + 1)) {
    return value.toFixed(decimals - 1);
  }
  return text;
}

/** Picks the largest unit not bigger than |value|, moving up one unit when rounding reaches the step. */
function formatScaled(value: number, units: readonly ScaleUnit[], digits: number, zeroSuffix: string): string {
  if (!Number.isFinite(value)) return MISSING_VALUE_TEXT;
  if (value === 0) return `0 ${zeroSuffix}`;
  const abs = Math.abs(value);
  let index = 0;
  while (index + 1 < units.length && units[index + 1]!.size <= abs) index += 1;
  let unit = units[index]!;
  let text = formatSignificant(value / unit.size, digits, unit.maxDecimals);
  const next = units[index + 1];
  if (next !== undefined && Math.abs(Number(text)) >= UNIT_STEP) {
    // Rounding reached the next unit (999.96 ns → "1000.0"): restate the rounded amount there ("1.000 µs").
    unit = next;
    text = formatSignificant(Number(text) / UNIT_STEP, digits, unit.maxDecimals);
  }
  return `${text} ${unit.suffix}`;
}

/** A time in nanoseconds, auto-scaled: `392 ps`, `12.35 ns`, `1.234 µs`, `45.67 ms`, `2.345 s`. */
export function formatDuration(ns: number): string {
  return formatScaled(ns, DURATION_UNITS, DURATION_SIGNIFICANT_DIGITS, 'ns');
}

/** Operations per second, auto-scaled: `2.43 M/s`, `812 K/s`, `12.3 /s`. */
export function formatOpsPerSecond(ops: number): string {
  return formatScaled(ops, RATE_UNITS, RATE_SIGNIFICANT_DIGITS, '/s');
}

/** A fraction as a percentage: 0.0042 → `0.42%`, 0.012 → `1.2%`, 0.153 → `15%`. */
export function formatPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return MISSING_VALUE_TEXT;
  return `${formatSignificant(fraction * 100, PERCENT_SIGNIFICANT_DIGITS, PERCENT_MAX_DECIMALS)}%`;
}

/** A change as a signed percentage, two decimals below ±10%: `+5.20%`, `-0.31%`, `+12.1%` (every change ubench prints: tables, gates, verdicts). */
export function formatSignedPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return MISSING_VALUE_TEXT;
  const text = `${(fraction * 100).toFixed(Math.abs(fraction) >= 0.1 ? 1 : 2)}%`;
  return fraction > 0 ? `+${text}` : text;
}

/** A threshold or noise band as the user gave it, up to two decimals: 0.01 → `1%`, 0.025 → `2.5%`, 0.002 → `0.2%`. */
export function formatThresholdPercent(fraction: number): string {
  return `${+(fraction * 100).toFixed(2)}%`;
}

/** A relative half-width (e.g. of a confidence interval) as `±0.42%`. */
export function formatPlusMinusPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return MISSING_VALUE_TEXT;
  return `±${formatPercent(Math.abs(fraction))}`;
}

/** A whole count with thousands separators: `16,027`. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** A ratio as `1.31×`. */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return MISSING_VALUE_TEXT;
  return `${formatSignificant(ratio, RATIO_SIGNIFICANT_DIGITS)}×`;
}

/** Binary multiples for memory sizes. */
const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB'] as const;
const BYTE_STEP = 1024;
/** Below 10 B a decimal matters (0.5 B/op is one 8-byte object every 16 calls); from 10 B whole bytes, since heap accounting is exact to the byte. */
const BYTE_DECIMALS_BELOW = 10;

/** A byte count: `0 B`, `0.5 B`, `304 B`, `1.25 KiB`, `3.4 MiB`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return MISSING_VALUE_TEXT;
  if (bytes === 0) return '0 B';
  if (Math.abs(bytes) < BYTE_STEP) return `${Math.abs(bytes) < BYTE_DECIMALS_BELOW ? bytes.toFixed(1) : Math.round(bytes)} B`;
  let index = 0;
  let value = bytes;
  while (index + 1 < BYTE_UNITS.length && Math.abs(value) >= BYTE_STEP) {
    value /= BYTE_STEP;
    index += 1;
  }
  return `${formatSignificant(value, 3)} ${BYTE_UNITS[index]}`;
}
