/** Expansion of `args` into parameter combinations, and how they appear in names. */
import type { ParamValue, Params } from './declaration-types.js';
import { DeclarationError } from './declaration-error.js';
import { parseRange } from './param-range.js';
import { getRegistry } from './registry.js';

/** A declared value list: an array, or a range string such as `'1000..1e6:x4'`. */
export type ArgValues = readonly ParamValue[] | string;

/** The range string's values, with the benchmark named in any error. */
function rangeValues(benchName: string, key: string, text: string): number[] {
  try {
    return parseRange(text);
  } catch (error) {
    if (error instanceof DeclarationError) throw new DeclarationError(`bench "${benchName}": args.${key}: ${error.message}`);
    throw error;
  }
}

function isParamValue(value: unknown): value is ParamValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * Cartesian product of the argument lists, in declaration order (the last key varies fastest). A
 * range string expands to its values; a key given to `ubench --args` (the registry's overrides)
 * takes those values instead of the declared ones.
 */
export function expandArgs(benchName: string, args: Readonly<Record<string, ArgValues>> | undefined): Params[] {
  if (args === undefined) return [{}];
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new DeclarationError(`bench "${benchName}": args must be an object of value lists, e.g. { size: [10, 100] }`);
  }
  let combos: Record<string, ParamValue>[] = [{}];
  const overrides = getRegistry().argOverrides ?? {};
  for (const [key, declared] of Object.entries(args)) {
    const values = (Object.hasOwn(overrides, key) ? overrides[key] : undefined) ?? (typeof declared === 'string' ? rangeValues(benchName, key, declared) : declared);
    if (!Array.isArray(values)) {
      throw new DeclarationError(`bench "${benchName}": args.${key} must be an array of values or a range such as '1000..1e6:x4'`);
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
