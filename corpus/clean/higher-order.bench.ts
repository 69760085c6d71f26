// Higher-order functions: a pipe() of five small transforms built with reduce against the same calls
// nested by hand, and filtering/mapping 64 records with callbacks, a predicate factory and a loop.
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

type Fn<T> = (value: T) => T;

const pipe = <T>(...fns: Fn<T>[]): Fn<T> => (value) => fns.reduce((acc, fn) => fn(acc), value);

const trim: Fn<string> = (s) => s.trim();
const lower: Fn<string> = (s) => s.toLowerCase();
const collapseSpaces: Fn<string> = (s) => s.replace(/\s+/g, '-');
const stripSymbols: Fn<string> = (s) => s.replace(/[^a-z0-9-]/g, '');
const clip: Fn<string> = (s) => (s.length > 40 ? s.slice(0, 40) : s);

const slugify = pipe(trim, lower, collapseSpaces, stripSymbols, clip);

const TITLE_WORDS = ['How', 'to', 'Cache', 'HTTP', 'Responses', 'in', 'Node.js', '(2024)', 'A', 'Guide', 'for', 'Busy', 'People!', 'Part', '2:'];

function titles(seed: number): string[] {
  const rand = xorshift32(seed);
  return Array.from({ length: 64 }, () => {
    const words = Array.from({ length: 3 + Math.floor(rand() * 8) }, () => TITLE_WORDS[Math.floor(rand() * TITLE_WORDS.length)]!);
    return `  ${words.join(rand() < 0.3 ? '  ' : ' ')} `;
  });
}

let next = 0;

group('slugify a title (five transforms)', () => {
  bench('pipe() via reduce', {
    setup: () => titles(2),
    run: (list) => slugify(list[(next = (next + 1) & 63)]!),
  }, { baseline: true });

  bench('nested calls', {
    setup: () => titles(2),
    run: (list) => clip(stripSymbols(collapseSpaces(lower(trim(list[(next = (next + 1) & 63)]!))))),
  });
});

interface Task {
  id: number;
  status: string;
  priority: number;
  estimate: number;
}

const STATUSES = ['open', 'done', 'blocked', 'open', 'review'];

function taskLists(seed: number): Task[][] {
  const rand = xorshift32(seed);
  return Array.from({ length: 16 }, (_, l) => Array.from({ length: 64 }, (_, i) => ({
    id: l * 64 + i,
    status: STATUSES[Math.floor(rand() * STATUSES.length)]!,
    priority: Math.floor(rand() * 4),
    estimate: 1 + Math.floor(rand() * 13),
  })));
}

const where = <T, K extends keyof T>(key: K, value: T[K]) => (item: T): boolean => item[key] === value;
const isOpen = where<Task, 'status'>('status', 'open');

group('estimate of open high-priority tasks (64 tasks)', () => {
  bench('filter/filter/map/reduce with arrows', {
    setup: () => taskLists(4),
    run: (lists) => lists[(next = (next + 1) & 15)]!
      .filter((t) => t.status === 'open')
      .filter((t) => t.priority >= 2)
      .map((t) => t.estimate)
      .reduce((a, b) => a + b, 0),
  }, { baseline: true });

  bench('predicate factory where()', {
    setup: () => taskLists(4),
    run: (lists) => {
      let total = 0;
      for (const t of lists[(next = (next + 1) & 15)]!.filter(isOpen)) if (t.priority >= 2) total += t.estimate;
      return total;
    },
  });

  bench('for...of loop', {
    setup: () => taskLists(4),
    run: (lists) => {
      let total = 0;
      for (const t of lists[(next = (next + 1) & 15)]!) if (t.status === 'open' && t.priority >= 2) total += t.estimate;
      return total;
    },
  });
});
