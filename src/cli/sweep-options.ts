/**
 * The run's sweep flags: `--args key=values` (repeatable) gives every benchmark declaring `key` those
 * values instead of its own — a list `n=10,100,1000` or a range `n=1000..1e6:x4` — and
 * `--probe <file>` names the `ubench probe --json` document whose cache sizes cliffs are named after.
 */
import path from 'node:path';
import { cacheFactsFromProbe } from '../analysis/cache-facts.js';
import { DeclarationError } from '../define/declaration-error.js';
import { parseRange } from '../define/param-range.js';
import { checkProbeDocument, isProbeDocument } from '../probe/read-probe-document.js';
import type { CacheFacts } from '../results/complexity-types.js';
import { readJson } from '../results/files/read-results.js';
import type { ParamValue } from '../results/types.js';
import { UsageError } from '../runner/usage-error.js';

/** A parameter name as bench files declare it: an identifier. */
const KEY = /^[A-Za-z_$][\w$]*$/;

function listValue(text: string): ParamValue {
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) ? number : text;
}

/** One key's values: a range or a list as text (`1000..1e6:x4`, `10,100`), or the API's list of values. */
export function argValues(key: string, values: string | readonly ParamValue[]): ParamValue[] {
  if (!KEY.test(key)) throw new UsageError(`--args: "${key}" is not a parameter name (letters, digits, _ and $, not starting with a digit)`);
  if (typeof values !== 'string') {
    const bad = values.find((v) => !(typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))));
    if (bad !== undefined || values.length === 0) throw new UsageError(`--args ${key}: expected strings or finite numbers, got ${values.length === 0 ? 'none' : String(bad)}`);
    if (new Set(values).size !== values.length) throw new UsageError(`--args ${key}: a value is listed twice`);
    return [...values];
  }
  const text = values.trim();
  if (text.includes('..')) {
    try {
      return parseRange(text);
    } catch (error) {
      if (error instanceof DeclarationError) throw new UsageError(`--args ${key}: ${error.message}`);
      throw error;
    }
  }
  const items = text.split(',').map((v) => v.trim());
  if (items.some((v) => v === '')) throw new UsageError(`--args ${key}: empty value in "${text}"`);
  const parsed = items.map(listValue);
  if (new Set(parsed).size !== parsed.length) throw new UsageError(`--args ${key}: a value is listed twice in "${text}"`);
  return parsed;
}

/** `['n=1000..1e6:x4', 'kind=a,b']` → `{ n: [1000, 4000, …], kind: ['a', 'b'] }`. */
export function parseArgsFlags(flags: readonly string[]): Record<string, ParamValue[]> {
  // A Map, not an object: a key named constructor, toString or __proto__ is a parameter like any other.
  const args = new Map<string, ParamValue[]>();
  for (const flag of flags) {
    const eq = flag.indexOf('=');
    const key = eq < 0 ? '' : flag.slice(0, eq).trim();
    if (!KEY.test(key)) throw new UsageError(`--args: expected key=values, e.g. n=1000..1e6:x4 or n=10,100,1000, got "${flag}"`);
    if (args.has(key)) throw new UsageError(`--args: ${key} is given twice`);
    args.set(key, argValues(key, flag.slice(eq + 1)));
  }
  // Object.fromEntries defines own data properties: `__proto__` stays a key, never a prototype.
  return Object.fromEntries(args);
}

/** The cache sizes of a probe document; a file that is not one, or holds no cache sizes, is a usage error. */
export function probeCacheFacts(file: string, cwd: string): CacheFacts {
  const absolute = path.resolve(cwd, file);
  const value = readJson(absolute, 'probe document');
  if (!isProbeDocument(value)) throw new UsageError(`--probe: ${file} is not a ubench probe document (write one with ubench probe --json <file>)`);
  const facts = cacheFactsFromProbe(checkProbeDocument(file, value), file);
  if (facts === null) throw new UsageError(`--probe: ${file} holds no cache sizes (run ubench probe --only cache-size --json <file>)`);
  return facts;
}
