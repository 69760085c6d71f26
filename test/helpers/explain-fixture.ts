/**
 * A repository whose history holds planted causes, one per commit (`--explain`'s figures and test):
 * a text library and a bench file of ten benchmarks in the style of a tokenizer's suite. Each
 * commit after the first changes one thing: more loop work in `checksum`, an allocation added to
 * `countCodes`, a type change in `scaleAll` (the weight of items imported from a spreadsheet stays
 * text: one order of the day the benchmark replays carries a string weight, reached long after V8
 * optimized `scaleAll` on numbers, so it deoptimizes there), `lexOne` (a hot helper) made slower
 * while its caller `tokenize` is unchanged, and only the benchmarks' declaration order.
 */
import { gitIn, gitRepository, writeFiles } from './git-fixture.js';

interface Library {
  lexSteps: number;
  checksumSteps: number;
  allocates: boolean;
  stringWeights: boolean;
}

const library = (l: Library): string => `export function lexOne(text: string, i: number): number {
  let h = 0;
  for (let k = 0; k < ${l.lexSteps}; k++) h = (h * 31 + text.charCodeAt((i + k) % text.length)) | 0;
  return h;
}

export function tokenize(text: string): number {
  let acc = 0;
  for (let i = 0; i < 24; i++) acc = (acc + (lexOne(text, i) & 255)) | 0;
  return acc;
}

export function checksum(data: Int32Array): number {
  let s = 0;
  for (let i = 0; i < ${l.checksumSteps}; i++) s = (s + data[i]! * 7) | 0;
  return s;
}
${
  l.allocates
    ? `
export let lastSpans: { at: number; code: number }[] = [];
export function countCodes(text: string): number {
  const spans: { at: number; code: number }[] = [];
  for (let i = 0; i < 16; i++) spans.push({ at: i, code: text.charCodeAt(i) & 3 });
  lastSpans = spans;
  let n = 0;
  for (const s of spans) n += s.code;
  return n;
}`
    : `
export function countCodes(text: string): number {
  let n = 0;
  for (let i = 0; i < 16; i++) n += text.charCodeAt(i) & 3;
  return n;
}`
}

export interface Item {
  name: string;
  weight: ${l.stringWeights ? 'number | string' : 'number'};
}

export function scaleAll(items: readonly Item[], factor: number): number {
  let total = 0;
  for (const item of items) total += (item.weight as number) * factor;
  return total;
}

export function words(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) n++;
  return n;
}

export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function hash32(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function digits(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

export function reverseWords(text: string): number {
  return text.split(' ').reverse().join(' ').length;
}
`;

const BENCHES = [
  `bench('tokenize', () => tokenize(SOURCE));`,
  `bench('checksum', () => checksum(DATA));`,
  `bench('count codes', () => countCodes(SOURCE));`,
  `bench('scale items', () => scaleAll(ORDERS[order++ % ORDERS.length]!, 1.5));`,
  `bench('words', () => words(SOURCE));`,
  `bench('upper first', () => upperFirst(SOURCE));`,
  `bench('hash32', () => hash32(SOURCE));`,
  `bench('digits', () => digits(SOURCE));`,
  `bench('reverse words', () => reverseWords(SOURCE));`,
  `bench('lex one', () => lexOne(SOURCE, 3));`,
];

const benchFile = (stringWeights: boolean, order: readonly string[]): string => `import { bench } from 'ubench';
import { checksum, countCodes, digits, hash32, lexOne, reverseWords, scaleAll, tokenize, upperFirst, words, type Item } from '../lib/text';

const SOURCE = 'let total = price * 12 + tax(rate, 3) - discount;';
const DATA = Int32Array.from({ length: 96 }, (_, i) => (i * 2654435761) | 0);
const CATALOG: Item[] = Array.from({ length: 64 }, (_, i) => ({ name: \`item \${i}\`, weight: i }));
const BASKETS: Item[][] = Array.from({ length: 64 }, (_, b) => Array.from({ length: 16 }, (_, i) => CATALOG[(b * 5 + i * 3) % 64]!));
// A day of orders, replayed in turn; the last one came in through the spreadsheet import.
const IMPORTED: Item[] = [...BASKETS[0]!.slice(1), { name: 'imported', weight: ${stringWeights ? "'12'" : '12'} }];
const ORDERS: Item[][] = Array.from({ length: 131072 }, (_, k) => (k === 131071 ? IMPORTED : BASKETS[k % 64]!));
let order = 0;

${order.join('\n')}
`;

export interface PlantedCause {
  /** The commit's subject. */
  name: string;
  /** The benchmark whose change it plants (null: none, the commit moves no instruction). */
  benchmark: string | null;
  /** What the first cause must be: one of these kinds, naming this function. */
  kinds: readonly ('function' | 'allocation' | 'deopt')[];
  mentions: string | null;
  /** Evidence the explanation must also list for that benchmark, wherever it ranks: a new deopt placed in this function (a `deopt` cause naming it). */
  requires?: { deoptIn: string };
}

export const PLANTED: readonly PlantedCause[] = [
  { name: 'more loop work in checksum', benchmark: 'checksum', kinds: ['function'], mentions: 'checksum' },
  { name: 'an allocation added to countCodes', benchmark: 'count codes', kinds: ['allocation'], mentions: 'countCodes' },
  // The imported order comes 131,071 calls into the replay, ~100× later than V8 optimized scaleAll's
  // multiplication for numbers (by the 243rd-1,283rd call in plain Node 20 runs here; a replay of
  // 1,024 orders reached the string first in 1 run of 5): it deoptimizes there ('not a Number or
  // Oddball', 3 of 3 short runs, the parent none: npm run lab -- deopt-plant), and the code optimized
  // again multiplies generically. The first cause must be in scaleAll, and the new deopt among the
  // evidence, placed in scaleAll.
  {
    name: 'weights imported as text',
    benchmark: 'scale items',
    kinds: ['function', 'allocation', 'deopt'],
    mentions: 'scaleAll',
    requires: { deoptIn: 'scaleAll' },
  },
  { name: 'the hot helper lexOne made slower', benchmark: 'tokenize', kinds: ['function'], mentions: 'lexOne' },
  { name: 'only the declaration order', benchmark: null, kinds: [], mentions: null },
];

/** The repository in `dir`: a first commit and one commit per planted cause; returns the commits, first to last. */
export function explainRepository(dir: string): string[] {
  const base: Library = { lexSteps: 6, checksumSteps: 48, allocates: false, stringWeights: false };
  const states: { library: Library; order: readonly string[] }[] = [
    { library: base, order: BENCHES },
    { library: { ...base, checksumSteps: 72 }, order: BENCHES },
    { library: { ...base, checksumSteps: 72, allocates: true }, order: BENCHES },
    { library: { ...base, checksumSteps: 72, allocates: true, stringWeights: true }, order: BENCHES },
    { library: { ...base, checksumSteps: 72, allocates: true, stringWeights: true, lexSteps: 9 }, order: BENCHES },
    { library: { ...base, checksumSteps: 72, allocates: true, stringWeights: true, lexSteps: 9 }, order: [...BENCHES].reverse() },
  ];
  const files = (s: (typeof states)[number]) => ({ 'lib/text.ts': library(s.library), 'bench/text.bench.ts': benchFile(s.library.stringWeights, s.order) });
  gitRepository(dir, files(states[0]!));
  const commits = [gitIn(dir, 'rev-parse', 'HEAD').trim()];
  states.slice(1).forEach((state, i) => {
    writeFiles(dir, files(state));
    gitIn(dir, 'commit', '-qam', PLANTED[i]!.name);
    commits.push(gitIn(dir, 'rev-parse', 'HEAD').trim());
  });
  return commits;
}
