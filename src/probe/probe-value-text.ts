/** Text of a probe value in its unit (`64 B`, `48 KiB`, `4.21 ns`, `12.3 GB/s`, `5.41×`, `12 lanes`), for every report. */
import type { ProbeDocument, ProbeSeries, ProbeUnit } from './probe-types.js';
import { cacheLabel } from './os-cache-facts.js';
import { MISSING_VALUE_TEXT, formatBytes, formatDuration, formatRatio, formatSignificant } from '../results/text/format-units.js';

/** Bandwidths to three significant digits, like rates elsewhere in ubench. */
const BANDWIDTH_SIGNIFICANT_DIGITS = 3;

/** Sizes and strides are whole multiples of a binary unit: `48 KiB`, not `48.0 KiB`; null when not whole. */
function exactBytes(value: number): string | null {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let index = 0;
  let scaled = value;
  while (index + 1 < units.length && scaled >= 1024 && Number.isInteger(scaled / 1024)) {
    scaled /= 1024;
    index += 1;
  }
  return Number.isInteger(scaled) && scaled < 1024 * 1024 ? `${scaled} ${units[index]}` : null;
}

export function formatProbeValue(value: number | string | null, unit: ProbeUnit): string {
  if (value === null) return MISSING_VALUE_TEXT;
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return MISSING_VALUE_TEXT;
  switch (unit) {
    case 'bytes':
      return exactBytes(value) ?? formatBytes(value);
    case 'ns':
      return formatDuration(value);
    case 'GB/s':
      return `${formatSignificant(value, BANDWIDTH_SIGNIFICANT_DIGITS)} GB/s`;
    case 'ratio':
      return formatRatio(value);
    case 'lanes':
      return `${value} lane${value === 1 ? '' : 's'}`;
    case 'label':
      return String(value);
  }
}

/** A series drawn as bars rather than a curve: categories on x, or a single point. */
export function isCategorical(s: ProbeSeries): boolean {
  return s.xUnit === 'label' || s.points.length === 1;
}

/** An x value as an axis label: lane counts as bare numbers, everything else in its unit. */
export function probeAxisLabel(x: number | string, unit: ProbeUnit): string {
  return unit === 'lanes' ? String(x) : formatProbeValue(x, unit);
}

/** The OS's caches in one line, `L1d 48 KiB · L2 2 MiB (<source>)`, or why there are none. */
export function osCachesText(doc: Pick<ProbeDocument, 'os' | 'osSource'>): string {
  const caches = doc.os.caches.filter((c) => c.sizeBytes !== null).map((c) => `${cacheLabel(c)} ${formatProbeValue(c.sizeBytes, 'bytes')}`);
  return caches.length === 0 ? `the OS does not describe them here (no ${doc.osSource})` : `${caches.join(' · ')} (${doc.osSource})`;
}
