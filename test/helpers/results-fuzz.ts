/**
 * Seeded mutations of real results files, for the fault suite and the schema checker's tests: each
 * mutation is one harm a damaged, hand-edited or hostile file can do (truncation, a wrong type, a
 * huge array, a __proto__ key, control characters or markup in names, NaN-like values, deep nesting).
 */

/** mulberry32: a small seeded generator, enough to pick mutations reproducibly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Names that try to rewrite a terminal, reorder text, or inject markup into the HTML report. */
export const HOSTILE_NAMES = [
  '\u001b[2J\u001b[Hwiped',
  'carriage\rreturn',
  'bidi \u202eevil\u202c',
  'csi \u009b31m',
  'del\u007f and nul\u0000',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</script><script>alert(2)</script>',
  'constructor',
  '__proto__',
  'toString',
] as const;

export interface Mutation {
  kind: string;
  /** The mutated file's text (not always JSON: truncation). */
  text: string;
}

type Json = unknown;

/** Every [parent, key] in the document, to pick a place to damage. */
function places(value: Json, out: [Record<string, Json> | Json[], string | number][] = [], depth = 0): [Record<string, Json> | Json[], string | number][] {
  if (depth > 12 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    // Long sample arrays: a few entries are enough places.
    const step = Math.max(1, Math.floor(value.length / 8));
    for (let i = 0; i < value.length; i += step) {
      out.push([value, i]);
      places(value[i], out, depth + 1);
    }
    return out;
  }
  for (const key of Object.keys(value)) {
    out.push([value as Record<string, Json>, key]);
    places((value as Record<string, Json>)[key], out, depth + 1);
  }
  return out;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const OTHER_VALUES: Json[] = [null, true, 0, -1, 1.5, '', 'text', [], {}, [1, 'a'], { a: 1 }];

/** Copies of an object in a grown array: enough to be far beyond a real suite's few hundred benchmarks without minutes of analysis per file. */
const OBJECT_ARRAY_COPIES = 500;

/** Set a mark on a copy's value and replace the mark in the text: how keys and numbers JSON.stringify cannot write get in. */
const MARK = '"__MUTATION_MARK__"';

export const MUTATION_KINDS = ['truncate', 'wrong-type', 'remove-key', 'huge-array', 'proto-key', 'hostile-name', 'nan-like', 'deep-nesting', 'number-edge', 'name-keys'] as const;

/** One mutation of `original` (a parsed results file), chosen by `random`. */
export function mutateResults(original: Json, random: () => number, kind: (typeof MUTATION_KINDS)[number] = pick(random, MUTATION_KINDS)): Mutation {
  const doc = structuredClone(original) as Record<string, Json>;
  const text = JSON.stringify(doc, null, 2);
  const benchmarks = (doc['benchmarks'] as Record<string, Json>[] | undefined) ?? [];
  switch (kind) {
    case 'truncate':
      return { kind, text: text.slice(0, Math.floor(random() * text.length)) };
    case 'wrong-type': {
      const [parent, key] = pick(random, places(doc));
      (parent as Record<string | number, Json>)[key] = structuredClone(pick(random, OTHER_VALUES));
      return { kind, text: JSON.stringify(doc, null, 2) };
    }
    case 'remove-key': {
      const objects = places(doc).filter(([parent]) => !Array.isArray(parent));
      const [parent, key] = pick(random, objects);
      delete (parent as Record<string, Json>)[key as string];
      return { kind, text: JSON.stringify(doc, null, 2) };
    }
    case 'huge-array': {
      const arrays = places(doc).filter(([parent, key]) => Array.isArray((parent as Record<string | number, Json>)[key]));
      const [parent, key] = pick(random, arrays);
      const current = (parent as Record<string | number, Json[]>)[key]!;
      const filler = current.length > 0 ? current[0] : 1;
      // Beyond the reader's cap now and then, well within it otherwise.
      const length = random() < 0.3 ? 1_000_001 : 10_000 + Math.floor(random() * 20_000);
      (parent as Record<string | number, Json>)[key] = typeof filler === 'number' ? new Array(length).fill(filler) : Array.from({ length: Math.min(length, OBJECT_ARRAY_COPIES) }, () => filler);
      return { kind, text: JSON.stringify(doc) };
    }
    case 'proto-key': {
      const objects = places(doc).filter(([parent, key]) => {
        const v = (parent as Record<string | number, Json>)[key];
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      const [parent, key] = objects.length === 0 ? [doc, 'environment'] : pick(random, objects);
      (parent as Record<string | number, Json>)[key] = { ...((parent as Record<string | number, Json>)[key] as object), __MUTATION_PROTO__: { polluted: true, isAdmin: true } };
      return { kind, text: JSON.stringify(doc, null, 2).replace('"__MUTATION_PROTO__"', '"__proto__"') };
    }
    case 'hostile-name': {
      const name = pick(random, HOSTILE_NAMES);
      const target = benchmarks.length === 0 ? null : pick(random, benchmarks);
      const field = pick(random, ['name', 'group', 'file', 'id', 'error-message', 'diagnostic'] as const);
      if (target !== null) {
        if (field === 'error-message') target['error'] = { message: `${name} failed`, location: name, stack: null };
        else if (field === 'diagnostic' && Array.isArray(target['diagnostics']) && target['diagnostics'].length > 0) (target['diagnostics'][0] as Record<string, Json>)['message'] = name;
        else if (field === 'id') target['id'] = `${String(target['id'])} ${name}`;
        else target[field === 'diagnostic' ? 'name' : field] = name;
      }
      return { kind: `hostile-name:${field}`, text: JSON.stringify(doc, null, 2) };
    }
    case 'nan-like': {
      const numbers = places(doc).filter(([parent, key]) => typeof (parent as Record<string | number, Json>)[key] === 'number');
      const [parent, key] = pick(random, numbers);
      const replacement = pick(random, ['"NaN"', '"Infinity"', '1e999', '-1e999', '"1e3"', '"-0"']);
      (parent as Record<string | number, Json>)[key] = '__MUTATION_MARK__';
      return { kind, text: JSON.stringify(doc, null, 2).replace(MARK, replacement) };
    }
    case 'deep-nesting': {
      const [parent, key] = pick(random, places(doc));
      const depth = pick(random, [100, 5_000, 200_000]);
      (parent as Record<string | number, Json>)[key] = '__MUTATION_MARK__';
      return { kind: `deep-nesting:${depth}`, text: JSON.stringify(doc).replace(MARK, `${'['.repeat(depth)}1${']'.repeat(depth)}`) };
    }
    case 'number-edge': {
      const numbers = places(doc).filter(([parent, key]) => typeof (parent as Record<string | number, Json>)[key] === 'number');
      const [parent, key] = pick(random, numbers);
      (parent as Record<string | number, Json>)[key] = pick(random, [-1, 0, 1e308, -1e308, 5e-324, 2 ** 53 + 2, 0.5]);
      return { kind, text: JSON.stringify(doc, null, 2) };
    }
    case 'name-keys': {
      const target = benchmarks.length === 0 ? null : pick(random, benchmarks);
      const key = pick(random, ['constructor', 'toString', 'hasOwnProperty', 'valueOf']);
      if (target !== null) {
        target['params'] = { ...((target['params'] as object | null) ?? {}), [key]: 1 };
        target['name'] = key;
      }
      return { kind, text: JSON.stringify(doc, null, 2) };
    }
  }
}
