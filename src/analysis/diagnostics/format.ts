/**
 * Numbers in diagnostic messages, in the vocabulary of every report (results/text/format-units.ts), so a
 * message quotes a figure exactly as the table row above it shows it.
 */
import { formatBytes, formatCount, formatDuration, formatPercent } from '../../results/text/format-units.js';

export const ns = (value: number): string => formatDuration(value);

export const pct = (fraction: number): string => formatPercent(fraction);

/** Bytes with a binary unit: 304 B, 1.5 KiB, 12.0 MiB. */
export const bytes = (value: number): string => formatBytes(value);

/** A whole count: 16,027. */
export const count = (n: number): string => formatCount(n);
