import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatDuration,
  formatOpsPerSecond,
  formatPercent,
  formatPlusMinusPercent,
  formatRatio,
  formatSignedPercent,
  formatSignificant,
  formatThresholdPercent,
  MISSING_VALUE_TEXT,
} from '../../src/results/text/format-units.js';

describe('formatDuration', () => {
  const cases: [number, string][] = [
    [0.392, '392 ps'],
    [0.999, '999 ps'],
    [0.9996, '1.000 ns'], // rounds up out of picoseconds
    [1, '1.000 ns'],
    [9.9996, '10.00 ns'], // carry into a new digit keeps four significant digits
    [12.346, '12.35 ns'],
    [999.9, '999.9 ns'],
    [999.96, '1.000 µs'], // 999.96 ns would print as "1000 ns": promoted to µs
    [1000, '1.000 µs'],
    [1234, '1.234 µs'],
    [48_213, '48.21 µs'],
    [999_999, '1.000 ms'],
    [45_670_000, '45.67 ms'],
    [999_999_999, '1.000 s'],
    [2_345_000_000, '2.345 s'],
    [12_345.6e9, '12346 s'], // no unit above seconds: whole seconds, no exponent
  ];
  for (const [ns, expected] of cases) {
    it(`${ns} ns → ${expected}`, () => assert.equal(formatDuration(ns), expected));
  }

  it('handles zero, negatives and non-finite values', () => {
    assert.equal(formatDuration(0), '0 ns');
    assert.equal(formatDuration(-1234), '-1.234 µs');
    assert.equal(formatDuration(Number.NaN), '—');
    assert.equal(formatDuration(Number.POSITIVE_INFINITY), '—');
    assert.equal(formatDuration(Number.NEGATIVE_INFINITY), '—');
  });
});

describe('formatOpsPerSecond', () => {
  const cases: [number, string][] = [
    [2_430_000, '2.43 M/s'],
    [812_000, '812 K/s'],
    [12.3, '12.3 /s'],
    [999, '999 /s'],
    [999.7, '1.00 K/s'],
    [999_999, '1.00 M/s'],
    [2.55e9, '2.55 G/s'],
    [0.5, '0.500 /s'],
    [0, '0 /s'],
  ];
  for (const [ops, expected] of cases) {
    it(`${ops} → ${expected}`, () => assert.equal(formatOpsPerSecond(ops), expected));
  }
  it('non-finite → dash', () => assert.equal(formatOpsPerSecond(Number.NaN), '—'));
});

describe('percent and ratio helpers', () => {
  it('formats fractions as percentages with two significant digits', () => {
    assert.equal(formatPercent(0.0042), '0.42%');
    assert.equal(formatPercent(0.012), '1.2%');
    assert.equal(formatPercent(0.153), '15%');
    assert.equal(formatPercent(0.0999), '10%');
    assert.equal(formatPercent(0.000_004), '0.00%');
    assert.equal(formatPercent(Number.NaN), '—');
  });

  it('prefixes ± for half-widths, whatever the sign', () => {
    assert.equal(formatPlusMinusPercent(0.0042), '±0.42%');
    assert.equal(formatPlusMinusPercent(-0.0042), '±0.42%');
    assert.equal(formatPlusMinusPercent(Number.POSITIVE_INFINITY), '—');
  });

  it('formats ratios with three significant digits', () => {
    assert.equal(formatRatio(1.31), '1.31×');
    assert.equal(formatRatio(1.3149), '1.31×');
    assert.equal(formatRatio(12.34), '12.3×');
    assert.equal(formatRatio(0.995), '0.995×');
    assert.equal(formatRatio(3148.2), '3148×');
    assert.equal(formatRatio(Number.NaN), '—');
  });

  it('formatSignificant keeps trailing zeros and caps decimals', () => {
    assert.equal(formatSignificant(2, 4), '2.000');
    assert.equal(formatSignificant(0.012345, 3), '0.0123');
    assert.equal(formatSignificant(0.012345, 3, 2), '0.01');
    assert.equal(formatSignificant(99.96, 3), '100');
  });
});

describe('formatBytes', () => {
  it('shows whole bytes from 10 B, one decimal below, binary units from 1 KiB', async () => {
    const { formatBytes } = await import('../../src/results/text/format-units.js');
    assert.equal(formatBytes(0), '0 B');
    assert.equal(formatBytes(0.5), '0.5 B');
    assert.equal(formatBytes(40.0006), '40 B');
    assert.equal(formatBytes(304.28), '304 B');
    assert.equal(formatBytes(1023), '1023 B');
    assert.equal(formatBytes(4096), '4.00 KiB');
    assert.equal(formatBytes(802_816), '784 KiB');
    assert.equal(formatBytes(3.5 * 1024 ** 2), '3.50 MiB');
    assert.equal(formatBytes(Number.NaN), '—');
  });
});

describe('the percent vocabulary', () => {
  it('prints every change signed, two decimals below ±10%', () => {
    assert.equal(formatSignedPercent(0.052), '+5.20%');
    assert.equal(formatSignedPercent(-0.0031), '-0.31%');
    assert.equal(formatSignedPercent(0.121), '+12.1%');
    assert.equal(formatSignedPercent(0), '0.00%');
    assert.equal(formatSignedPercent(Number.NaN), MISSING_VALUE_TEXT);
  });

  it('prints a threshold or band as given, up to two decimals', () => {
    assert.equal(formatThresholdPercent(0.01), '1%');
    assert.equal(formatThresholdPercent(0.025), '2.5%');
    assert.equal(formatThresholdPercent(0.002), '0.2%');
    assert.equal(formatThresholdPercent(0.0125), '1.25%');
  });
});
