/** Compact number formatting for diagnostic messages (the terminal table has its own). */
export function ns(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${(value / 1e9).toPrecision(3)} s`;
  if (abs >= 1e6) return `${(value / 1e6).toPrecision(3)} ms`;
  if (abs >= 1e3) return `${(value / 1e3).toPrecision(3)} µs`;
  if (abs >= 1) return `${value.toPrecision(3)} ns`;
  return `${(value * 1e3).toPrecision(3)} ps`;
}

export function pct(fraction: number): string {
  const value = fraction * 100;
  return `${value >= 10 ? value.toFixed(0) : value.toPrecision(2)}%`;
}

/** Bytes with a binary unit: 304 B, 1.5 KiB, 12.0 MiB. */
export function bytes(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1024 ** 3) return `${(value / 1024 ** 3).toFixed(1)} GiB`;
  if (abs >= 1024 ** 2) return `${(value / 1024 ** 2).toFixed(1)} MiB`;
  if (abs >= 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} B`;
}
