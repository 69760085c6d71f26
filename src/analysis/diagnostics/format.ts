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
