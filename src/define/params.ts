/** Expansion of `args` into parameter combinations, and how they appear in names. */
import type { ParamValue, Params } from './types.js';
import { DeclarationError } from './declaration-error.js';

function isParamValue(value: unknown): value is ParamValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Cartesian product of the argument lists, in declaration order (the last key varies fastest). */
export function expandArgs(benchName: string, args: Readonly<Record<string, readonly ParamValue[]>> | undefined): Params[] {
  if (args === undefined) return [{}];
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new DeclarationError(`bench "${benchName}": args must be an object of value lists, e.g. { size: [10, 100] }`);
  }
  let combos: Record<string, ParamValue>[] = [{}];
  for (const [key, values] of Object.entries(args)) {
    if (!Array.isArray(values)) {
      throw new DeclarationError(`bench "${benchName}": args.${key} must be an array of values`);
    }
    if (values.length === 0) {
      throw new DeclarationError(`bench "${benchName}": args.${key} is empty; give at least one value`);
    }
    for (const value of values) {
      if (!isParamValue(value)) {
        throw new DeclarationError(`bench "${benchName}": args.${key} holds a ${typeof value}; parameters must be strings, numbers, booleans or null (build objects in setup)`);
      }
    }
    if (new Set(values).size !== values.length) {
      throw new DeclarationError(`bench "${benchName}": args.${key} lists a value twice`);
    }
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [key]: value })));
  }
  return combos;
}

/** `sort` + `{ size: 100, kind: 'a' }` → `sort(size=100, kind=a)`. */
export function displayName(baseName: string, params: Params): string {
  const entries = Object.entries(params);
  if (entries.length === 0) return baseName;
  return `${baseName}(${entries.map(([key, value]) => `${key}=${String(value)}`).join(', ')})`;
}

/** `file#group/name`: unique within a run, and what `--filter` matches. */
export function benchmarkId(file: string, group: string | null, name: string): string {
  return `${file}#${group === null ? '' : `${group}/`}${name}`;
}
