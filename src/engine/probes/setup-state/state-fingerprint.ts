/**
 * A fingerprint of the value a benchmark's `setup` made: a hash of its structure and contents, and a
 * short description of what it is ("array of 1,000", "Map of 512"), to tell whether a call of the
 * body changed it (engine/probes/setup-state/state-change-probe.ts).
 *
 * Reading the state must not run the user's code nor change it: accessors are skipped (a getter may
 * count its reads), proxies are not entered, Map and Set contents are read with the built-in
 * iterators, and nothing is called. What it cannot see: private fields (`#x`), closures' variables,
 * WeakMap/WeakSet contents, and anything outside the state (module variables). The walk visits at
 * most {@link NODE_BUDGET} values; a longer array or string is sampled at even strides, always with
 * its length, so a change of size is always seen and a change of contents almost always.
 */
import { types } from 'node:util';
import { formatCount as count } from '../../../results/text/format-units.js';

/**
 * Values hashed per fingerprint. A 10,000-element array of numbers hashes in ~0.1 ms here; the
 * probe takes about 20 fingerprints, so even a state of this budget's size costs a few ms.
 */
export const NODE_BUDGET = 100_000;
/** Nesting beyond this depth is hashed by kind only: states are data, rarely deeper than a few levels. */
const MAX_DEPTH = 8;
/** Top-level members described one by one (an object state's keys). */
const MAX_MEMBERS = 16;
/** Bytes hashed of one binary buffer, sampled at even strides beyond (1 MiB: ~1 ms). */
const BYTE_BUDGET = 1 << 20;

export interface StateFingerprint {
  hash: number;
  /** What the state is: "array of 1,000", "Map of 3", "object { items: array of 1,000, cursor: number }". */
  text: string;
  /** An object state's members, each fingerprinted on its own (to name the one that changed); null for other states. */
  members: Readonly<Record<string, { hash: number; text: string }>> | null;
}

const scratch = new Float64Array(1);
const scratchWords = new Uint32Array(scratch.buffer);

class Hasher {
  h = 0x811c9dc5;
  budget: number;
  constructor(budget: number) {
    this.budget = budget;
  }
  word(w: number): void {
    this.h = Math.imul(this.h ^ (w >>> 0), 0x01000193) >>> 0;
    this.h = (this.h ^ (this.h >>> 15)) >>> 0;
  }
  number(x: number): void {
    scratch[0] = x;
    this.word(scratchWords[0]!);
    this.word(scratchWords[1]!);
  }
  string(s: string): void {
    this.word(s.length);
    const step = Math.max(1, Math.ceil(s.length / 4096));
    for (let i = 0; i < s.length; i += step) this.word(s.charCodeAt(i));
  }
}

/** Own enumerable data properties, without running accessors. */
function dataEntries(value: object): [string, unknown][] {
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor !== undefined && 'value' in descriptor) entries.push([key, descriptor.value]);
  }
  return entries;
}

function hashBytes(h: Hasher, view: ArrayBufferView | ArrayBuffer): void {
  const bytes = view instanceof ArrayBuffer ? new Uint8Array(view) : new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  h.word(bytes.length);
  const step = Math.max(1, Math.ceil(bytes.length / BYTE_BUDGET));
  for (let i = 0; i < bytes.length; i += step) h.word(bytes[i]!);
  h.budget -= Math.min(bytes.length, BYTE_BUDGET) / 8;
}

/** Hashes `value` into `h`; `seen` guards against cycles (a cycle hashes as its depth). */
function walk(h: Hasher, value: unknown, depth: number, seen: Set<object>): void {
  h.budget--;
  switch (typeof value) {
    case 'number':
      h.word(1);
      h.number(value);
      return;
    case 'string':
      h.word(2);
      h.string(value);
      return;
    case 'boolean':
      h.word(value ? 3 : 4);
      return;
    case 'bigint':
      h.word(5);
      h.string(value.toString(16));
      return;
    case 'undefined':
      h.word(6);
      return;
    case 'symbol':
    case 'function':
      h.word(7);
      return;
  }
  if (value === null) {
    h.word(8);
    return;
  }
  const object = value as object;
  if (seen.has(object)) {
    h.word(9 + depth);
    return;
  }
  if (depth >= MAX_DEPTH || h.budget <= 0 || types.isProxy(object)) {
    h.word(10);
    return;
  }
  seen.add(object);
  try {
    if (ArrayBuffer.isView(object) || types.isAnyArrayBuffer(object)) {
      h.word(11);
      hashBytes(h, object as ArrayBufferView | ArrayBuffer);
    } else if (Array.isArray(object)) {
      h.word(12);
      h.word(object.length);
      const step = Math.max(1, Math.ceil(object.length / Math.max(1, h.budget)));
      for (let i = 0; i < object.length && h.budget > 0; i += step) walk(h, object[i], depth + 1, seen);
    } else if (types.isMap(object)) {
      h.word(13);
      const map = object as Map<unknown, unknown>;
      h.word(map.size);
      for (const [k, v] of Map.prototype.entries.call(map)) {
        if (h.budget <= 0) break;
        walk(h, k, depth + 1, seen);
        walk(h, v, depth + 1, seen);
      }
    } else if (types.isSet(object)) {
      h.word(14);
      const set = object as Set<unknown>;
      h.word(set.size);
      for (const v of Set.prototype.values.call(set)) {
        if (h.budget <= 0) break;
        walk(h, v, depth + 1, seen);
      }
    } else if (types.isDate(object)) {
      h.word(15);
      h.number(Date.prototype.getTime.call(object));
    } else {
      h.word(16);
      for (const [key, member] of dataEntries(object)) {
        if (h.budget <= 0) break;
        h.string(key);
        walk(h, member, depth + 1, seen);
      }
    }
  } finally {
    seen.delete(object);
  }
}

/** What a value is, in a few words. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value === 'string' ? `string of ${count(value.length)} characters` : typeof value;
  if (types.isProxy(value)) return 'proxy';
  if (Array.isArray(value)) return `array of ${count(value.length)}`;
  if (ArrayBuffer.isView(value)) return `${value.constructor?.name ?? 'view'} of ${count('length' in value ? (value as { length: number }).length : value.byteLength)}`;
  if (types.isAnyArrayBuffer(value)) return `ArrayBuffer of ${count((value as ArrayBuffer).byteLength)} bytes`;
  if (types.isMap(value)) return `Map of ${count((value as Map<unknown, unknown>).size)}`;
  if (types.isSet(value)) return `Set of ${count((value as Set<unknown>).size)}`;
  const name = Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null ? 'object' : (value.constructor?.name ?? 'object');
  return name;
}

function hashOf(value: unknown): number {
  const h = new Hasher(NODE_BUDGET);
  walk(h, value, 0, new Set());
  return h.h;
}

/** The fingerprint of a state. */
export function fingerprintState(state: unknown): StateFingerprint {
  const plain =
    typeof state === 'object' &&
    state !== null &&
    !Array.isArray(state) &&
    !ArrayBuffer.isView(state) &&
    !types.isProxy(state) &&
    !types.isMap(state) &&
    !types.isSet(state) &&
    !types.isAnyArrayBuffer(state);
  if (!plain) return { hash: hashOf(state), text: describeValue(state), members: null };
  const entries = dataEntries(state as object);
  const members: Record<string, { hash: number; text: string }> = Object.create(null) as Record<string, { hash: number; text: string }>;
  for (const [key, member] of entries.slice(0, MAX_MEMBERS)) members[key] = { hash: hashOf(member), text: describeValue(member) };
  const shown = entries.slice(0, 4).map(([key, member]) => `${key}: ${describeValue(member)}`);
  const more = entries.length > 4 ? ', …' : '';
  return { hash: hashOf(state), text: `${describeValue(state)} { ${shown.join(', ')}${more} }`, members };
}

/**
 * What changed from one fingerprint to another, in words: "array of 1,000 → array of 0", "the
 * array of 10,000 rewritten in place", "its items: array of 1,000 → array of 0"; null
 * when nothing did.
 */
export function describeChange(before: StateFingerprint, after: StateFingerprint): string | null {
  if (before.hash === after.hash) return null;
  if (before.members !== null && after.members !== null) {
    for (const [key, was] of Object.entries(before.members)) {
      const now = after.members[key];
      if (now === undefined) return `its ${key} was removed`;
      if (now.hash !== was.hash) return `its ${key}: ${sized(was.text, now.text)}`;
    }
    const added = Object.keys(after.members).find((key) => before.members![key] === undefined);
    if (added !== undefined) return `its ${added} was added`;
  }
  return sized(before.text, after.text);
}

/** A change of kind or size as `was → now`; a change in place as "array of 10,000 rewritten in place" ("number changed" for a primitive). */
function sized(was: string, now: string): string {
  if (was !== now) return `${was} → ${now}`;
  return PRIMITIVE_KINDS.has(was) ? `${was} changed` : `${was} rewritten in place`;
}

const PRIMITIVE_KINDS: ReadonlySet<string> = new Set(['number', 'boolean', 'bigint', 'undefined', 'symbol', 'function']);
