// A tiny virtual-DOM children diff: 40-row lists where rows are edited, inserted, removed and moved
// between renders; keyed reconciliation (Map of old keys, React-style move detection) against index-by-index.
import { bench, group } from 'ubench';

function xorshift32(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

interface VNode {
  key: string;
  tag: string;
  props: Record<string, string>;
  text: string;
}

type Patch =
  | { op: 'insert'; index: number; node: VNode }
  | { op: 'remove'; key: string }
  | { op: 'move'; key: string; to: number }
  | { op: 'replace'; index: number; node: VNode }
  | { op: 'text'; index: number; text: string }
  | { op: 'props'; index: number; set: Record<string, string> | null; remove: string[] | null };

const ROWS = 40;
const PAIRS = 16;

function row(id: number, rand: () => number): VNode {
  return {
    key: `row-${id}`,
    tag: id % 7 === 0 ? 'li.featured' : 'li',
    props: { class: rand() < 0.3 ? 'row selected' : 'row', 'data-id': String(id), title: `Row ${id}` },
    text: `Item ${id}: ${Math.floor(rand() * 1_000)} in stock`,
  };
}

/** Pairs of (previous render, next render) with realistic edits between them. */
function makePairs(seed: number): { before: VNode[]; after: VNode[] }[] {
  const rand = xorshift32(seed);
  return Array.from({ length: PAIRS }, (_, p) => {
    const before = Array.from({ length: ROWS }, (_, i) => row(p * 1_000 + i, rand));
    const after: VNode[] = [];
    let fresh = p * 1_000 + 500;
    for (const node of before) {
      const r = rand();
      if (r < 0.08) continue; // removed
      if (r < 0.16) after.push(row(fresh++, rand)); // a new row before it
      if (r < 0.3) after.push({ ...node, text: `${node.text} (updated)` });
      else if (r < 0.4) after.push({ ...node, props: { ...node.props, class: node.props.class === 'row' ? 'row selected' : 'row' } });
      else after.push(node);
    }
    for (let m = 0; m < 3; m++) { // a few rows move
      const from = Math.floor(rand() * after.length);
      const [moved] = after.splice(from, 1);
      after.splice(Math.floor(rand() * after.length), 0, moved!);
    }
    return { before, after };
  });
}

function diffNode(a: VNode, b: VNode, index: number, patches: Patch[]): void {
  if (a.text !== b.text) patches.push({ op: 'text', index, text: b.text });
  if (a.props === b.props) return;
  let set: Record<string, string> | null = null;
  let remove: string[] | null = null;
  for (const name in b.props) if (a.props[name] !== b.props[name]) (set ??= {})[name] = b.props[name]!;
  for (const name in a.props) if (!(name in b.props)) (remove ??= []).push(name);
  if (set !== null || remove !== null) patches.push({ op: 'props', index, set, remove });
}

function diffKeyed(before: VNode[], after: VNode[]): Patch[] {
  const patches: Patch[] = [];
  const oldIndex = new Map<string, number>();
  for (let i = 0; i < before.length; i++) oldIndex.set(before[i]!.key, i);
  const kept = new Set<string>();
  let lastPlaced = 0;
  for (let i = 0; i < after.length; i++) {
    const node = after[i]!;
    const from = oldIndex.get(node.key);
    if (from === undefined) {
      patches.push({ op: 'insert', index: i, node });
      continue;
    }
    kept.add(node.key);
    const old = before[from]!;
    if (old.tag !== node.tag) {
      patches.push({ op: 'replace', index: i, node });
      continue;
    }
    if (old !== node) diffNode(old, node, i, patches);
    if (from < lastPlaced) patches.push({ op: 'move', key: node.key, to: i });
    else lastPlaced = from;
  }
  for (const node of before) if (!kept.has(node.key)) patches.push({ op: 'remove', key: node.key });
  return patches;
}

function diffByIndex(before: VNode[], after: VNode[]): Patch[] {
  const patches: Patch[] = [];
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) {
    const a = before[i]!;
    const b = after[i]!;
    if (a === b) continue;
    if (a.tag !== b.tag) patches.push({ op: 'replace', index: i, node: b });
    else diffNode(a, b, i, patches);
  }
  for (let i = common; i < after.length; i++) patches.push({ op: 'insert', index: i, node: after[i]! });
  for (let i = common; i < before.length; i++) patches.push({ op: 'remove', key: before[i]!.key });
  return patches;
}

// Built once, when the file loads.
const PAIRS_DATA = makePairs(71);
let next = 0;

group('diff 40 children between renders', () => {
  bench('keyed (Map of old keys)', () => {
    const { before, after } = PAIRS_DATA[(next = (next + 1) & (PAIRS - 1))]!;
    return diffKeyed(before, after).length;
  }, { baseline: true });

  bench('by index (unkeyed)', () => {
    const { before, after } = PAIRS_DATA[(next = (next + 1) & (PAIRS - 1))]!;
    return diffByIndex(before, after).length;
  });
});
