/** Values of command-line options, checked: a bad one is a one-line usage error naming the flag. */
import { baselinePath } from '../results/baseline-path.js';
import { UsageError } from './usage-error.js';

export function positiveInteger(text: string, flag: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag}: expected a positive integer, got "${text}"`);
  return Number(text);
}

export function percent(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)%?$/.exec(text.trim());
  const value = match === null ? NaN : Number(match[1]) / 100;
  if (!(value > 0 && value < 1)) throw new UsageError(`${flag}: expected a percentage between 0 and 100, e.g. 1%, got "${text}"`);
  return value;
}

/** A results file named by path or by baseline name (`.ubench/baselines/<name>.json`). */
export function baselineFile(value: string, cwd: string, flag: string): string {
  const file = baselinePath(value, cwd);
  if (file === null) throw new UsageError(`${flag}: "${value}" is neither a results file path nor a baseline name (letters, digits, ".", "_", "-")`);
  return file;
}
