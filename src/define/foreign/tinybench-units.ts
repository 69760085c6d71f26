/** tinybench's clocks and unit helpers, for files that import them (a clock given as an option is ignored: ubench measures with its own). */

export const now = (): number => performance.now();
export const hrtimeNow = now;
export const mToNs = (ms: number): number => ms * 1e6;
export const nToMs = (ns: number): number => ns / 1e6;

/** tinybench's timestamp providers, by the names its results report. */
export const performanceNowTimestampProvider = { name: 'performanceNow', fn: now, toMs: (value: number): number => value, fromMs: (value: number): number => value };
export const hrtimeNowTimestampProvider = { name: 'hrtimeNow', fn: now, toMs: (value: number): number => value, fromMs: (value: number): number => value };
