/** Parses human durations such as `300ms`, `2s`, `1.5m`, `500us` into nanoseconds. */
import { UsageError } from '../runner/usage-error.js';

const UNIT_NS: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, ms: 1e6, s: 1e9, m: 60e9, min: 60e9 };
const DURATION = /^(\d+(?:\.\d+)?|\.\d+)\s*(ns|us|µs|ms|s|m|min)$/;

export function parseDuration(text: string, flag: string): number {
  const match = DURATION.exec(text.trim());
  if (match === null) {
    throw new UsageError(`${flag}: bad duration "${text}" (use a number and a unit: 500ms, 2s, 1m)`);
  }
  const ns = Number(match[1]) * UNIT_NS[match[2]!]!;
  if (!(ns > 0) || !Number.isFinite(ns)) throw new UsageError(`${flag}: duration must be greater than zero`);
  return ns;
}
