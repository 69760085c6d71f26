/**
 * A deep copy of plain data — primitives, arrays, typed arrays, DataViews, ArrayBuffers, Maps,
 * Sets, Dates and objects whose prototype is Object.prototype or null — or null when the
 * value holds anything else (a function, a class instance, a symbol-keyed property, a cycle deeper
 * than MAX_DEPTH). It never throws: the state-change probe copies a used state while other
 * benchmarks of the process may be sampling, and an exception there (structuredClone's
 * DataCloneError) builds a stack trace whose source-map lookup V8 then deoptimized in their window.
 * A class instance copied by structuredClone would come back a plain object, on which the body runs
 * other code, or fails.
 */

/** Nesting deeper than this is not copied: state that deep is not what a benchmark's setup makes. */
const MAX_DEPTH = 64;

const NOT_PLAIN = Symbol('not plain');

/** The copy, boxed so that a copied `undefined` differs from "not plain data" (null). */
export function plainCopy(value: unknown): { copy: unknown } | null {
  const copy = copyOf(value, 0, new Map());
  return copy === NOT_PLAIN ? null : { copy };
}

function copyOf(value: unknown, depth: number, seen: Map<object, unknown>): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return typeof value === 'symbol' ? NOT_PLAIN : value;
  if (typeof value === 'function' || depth > MAX_DEPTH) return NOT_PLAIN;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (ArrayBuffer.isView(value)) {
    const copy = value instanceof DataView ? new DataView(value.buffer.slice(0), value.byteOffset, value.byteLength) : (value as unknown as { slice(): unknown }).slice();
    seen.set(value, copy);
    return copy;
  }
  if (value instanceof ArrayBuffer) return remember(seen, value, value.slice(0));
  if (value instanceof Date) return remember(seen, value, new Date(value.getTime()));
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return NOT_PLAIN;
    const copy: unknown[] = new Array(value.length);
    seen.set(value, copy);
    for (let i = 0; i < value.length; i++) {
      const item = copyOf(value[i], depth + 1, seen);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = item;
    }
    return copy;
  }
  if (value instanceof Map) {
    if (Object.getPrototypeOf(value) !== Map.prototype) return NOT_PLAIN;
    const copy = new Map<unknown, unknown>();
    seen.set(value, copy);
    for (const [k, v] of value) {
      const [key, item] = [copyOf(k, depth + 1, seen), copyOf(v, depth + 1, seen)];
      if (key === NOT_PLAIN || item === NOT_PLAIN) return NOT_PLAIN;
      copy.set(key, item);
    }
    return copy;
  }
  if (value instanceof Set) {
    if (Object.getPrototypeOf(value) !== Set.prototype) return NOT_PLAIN;
    const copy = new Set<unknown>();
    seen.set(value, copy);
    for (const v of value) {
      const item = copyOf(v, depth + 1, seen);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      copy.add(item);
    }
    return copy;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  if (Object.getOwnPropertySymbols(value).length > 0) return NOT_PLAIN;
  const copy: Record<string, unknown> = proto === null ? Object.create(null) : {};
  seen.set(value, copy);
  for (const key of Object.keys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if (descriptor.get !== undefined || descriptor.set !== undefined) return NOT_PLAIN;
    const item = copyOf(descriptor.value, depth + 1, seen);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    // Defined, not assigned: an own `__proto__` key (JSON.parse makes one) stays a key, not a prototype.
    Object.defineProperty(copy, key, { value: item, writable: true, enumerable: true, configurable: true });
  }
  return copy;
}

function remember(seen: Map<object, unknown>, value: object, copy: unknown): unknown {
  seen.set(value, copy);
  return copy;
}
