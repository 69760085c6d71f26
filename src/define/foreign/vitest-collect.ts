/**
 * The collection of one import of a vitest bench file (docs/integrations.md). Its `describe`,
 * `bench` and hook calls build a tree (vitest-suite.ts). Once the file's synchronous code is over
 * (a microtask later) the describe functions run, as vitest runs them after importing the file (so
 * they may read constants declared below them), and the benches are declared to ubench, every hook
 * and every `.only` of the file known, as vitest knows them before it runs anything. An error of a
 * describe function fails the file's load (deferred-load-error.ts). A file that awaits at its top level is
 * declared in parts: a bench an `.only` further down takes out is removed again. What vitest would
 * not run, and what has no meaning for ubench, is said in one line each on the file's output.
 *
 * ubench imports a file once more for each benchmark (engine/process/own-instances.ts), emptying the
 * registry's list each time; a new list is a new import, so a new collection.
 */
import { group } from '../bench.js';
import { DeclarationError } from '../declaration-error.js';
import { getRegistry } from '../registry.js';
import type { DeclaredBenchmark } from '../declaration-types.js';
import { deferLoadError } from './deferred-load-error.js';
import { declareForeign, declareRefused, refusalMessage, unknownKeys } from './foreign-declare.js';
import { vitestBody } from './vitest-hooks.js';
import { type BenchNode, benchOutcomes, chainOf, emptySuites, newSuite, type NotRun, type SuiteNode } from './vitest-suite.js';

/** Options that steer only vitest's own runner (its budget, its clock, its error handling): ubench ignores them. */
const IGNORED_OPTIONS = new Set(['time', 'iterations', 'warmupTime', 'warmupIterations', 'now', 'signal', 'throws']);
const KNOWN_OPTIONS = new Set([...IGNORED_OPTIONS, 'setup', 'teardown']);
/** How many names a note lists before it counts the rest: one line stays readable. */
const NAMES_IN_NOTE = 6;
/** The name a bench or describe without one is given (ubench's names are never empty). */
const UNNAMED = '(unnamed)';

export interface Collection {
  /** The registry's list this import fills. */
  list: DeclaredBenchmark[];
  root: SuiteNode;
  /** The describe whose function is running. */
  current: SuiteNode;
  queued: boolean;
  /** Full names already declared (group path and name), to keep each unique. */
  taken: Set<string>;
  renamed: string[];
  /** vitest features with no meaning for ubench's measurement, as named in the note, and whether noted. */
  ignored: Map<string, boolean>;
  /** Values of template tables past their last complete row. */
  leftoverCells: number;
  hooksNoted: boolean;
}

let collection: Collection | null = null;

/** The collection of the import under way, started at the first vitest call of each import. */
export function currentCollection(): Collection {
  const registry = getRegistry();
  if (collection === null || collection.list !== registry.benchmarks) {
    const root = newSuite('', 'run', null);
    collection = { list: registry.benchmarks, root, current: root, queued: false, taken: new Set(), renamed: [], ignored: new Map(), leftoverCells: 0, hooksNoted: false };
  }
  const c = collection;
  if (!c.queued) {
    c.queued = true;
    // The file's synchronous code (every describe, bench and hook call of it) is over by the next microtask.
    queueMicrotask(() => {
      try {
        collectSuite(c, c.root);
        declareCollected(c);
      } catch (thrown) {
        // vitest fails a file whose describe function throws: so does the benchmark process, once the import is done.
        deferLoadError(thrown);
      } finally {
        c.queued = false;
      }
    });
  }
  return c;
}

/** Runs the describe functions not run yet, each before the describes it declares (as vitest collects a file). */
export function collectSuite(c: Collection, suite: SuiteNode): void {
  const factory = suite.factory;
  if (factory !== null) {
    suite.factory = null;
    const outer = c.current;
    c.current = suite;
    let result: unknown;
    try {
      result = factory();
    } finally {
      c.current = outer;
    }
    if (result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function') {
      throw new DeclarationError(`vitest describe "${suite.name}": an async function is not mapped to ubench; declare the benchmarks in it synchronously`);
    }
  }
  for (const child of suite.children) if (child.kind === 'suite') collectSuite(c, child);
}

/** Records a vitest feature that changes nothing under ubench, for the file's note. */
export function noteIgnored(c: Collection, feature: string): void {
  if (!c.ignored.has(feature)) c.ignored.set(feature, false);
}

const note = (text: string): void => void getRegistry().notes.push(text);

function listed(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_IN_NOTE).join(', ');
  return names.length > NAMES_IN_NOTE ? `${shown} and ${names.length - NAMES_IN_NOTE} more` : shown;
}

const pathOf = (node: BenchNode | SuiteNode): string => [...chainOf(node.parent!).map((s) => s.name), node.name].filter((n) => n.trim() !== '').join('/');

/** The name ubench declares: never empty, and unique in its group (`name (2)` for the second). */
function uniqueName(c: Collection, groupPath: string, name: string): string {
  const base = name.trim() === '' ? UNNAMED : name;
  let candidate = base;
  for (let k = 2; c.taken.has(`${groupPath}#${candidate}`); k++) candidate = `${base} (${k})`;
  c.taken.add(`${groupPath}#${candidate}`);
  if (candidate !== base) c.renamed.push(`"${candidate}"`);
  return candidate;
}

function declareBench(c: Collection, node: BenchNode, groupPath: string): void {
  const name = uniqueName(c, groupPath, node.name);
  const before = c.list.length;
  const unknown = unknownKeys(node.options, KNOWN_OPTIONS);
  if (unknown.length > 0) {
    const feature = `the option ${unknown.map((k) => `"${k}"`).join(', ')}`;
    declareRefused(name, null, refusalMessage('vitest', feature, "write the benchmark with ubench's bench(name, { setup, run, teardown }) (docs/writing.md)"));
  } else {
    declareForeign({ api: 'vitest', name, group: null, body: vitestBody(name, node.fn!, node.options, chainOf(node.parent)) });
  }
  node.declared = c.list.slice(before);
}

/** Whether the tree under `suite` has a bench to declare now. */
function hasNew(suite: SuiteNode, outcomes: Map<BenchNode, NotRun | null>): boolean {
  return suite.children.some((n) => (n.kind === 'suite' ? hasNew(n, outcomes) : outcomes.get(n) === null && n.declared === null));
}

function declareSuite(c: Collection, suite: SuiteNode, outcomes: Map<BenchNode, NotRun | null>, groupPath: string): void {
  for (const node of suite.children) {
    if (node.kind === 'bench') {
      if (outcomes.get(node) === null && node.declared === null) declareBench(c, node, groupPath);
      continue;
    }
    if (!hasNew(node, outcomes)) continue;
    const name = node.name.replaceAll('#', '-');
    if (name.trim() === '') declareSuite(c, node, outcomes, groupPath);
    else group(name, () => declareSuite(c, node, outcomes, `${groupPath}/${name}`));
  }
}

/** Declares what the collection holds that vitest runs, takes back what an `.only` came to exclude, and gives the notes. */
export function declareCollected(c: Collection): void {
  const outcomes = benchOutcomes(c.root);
  const notRun: string[] = [];
  for (const [node, why] of outcomes) {
    if (why === null) continue;
    if (node.declared !== null) {
      // Declared in an earlier part of the file, before an `.only` further down excluded it.
      for (const b of node.declared) c.list.splice(c.list.indexOf(b), 1);
      node.declared = null;
    }
    if (!node.noted) notRun.push(`"${pathOf(node)}" (${why})`);
    node.noted = true;
  }
  for (const suite of emptySuites(c.root).filter((s) => !s.noted && s.mode === 'todo')) {
    notRun.push(`"${pathOf(suite)}" (todo)`);
    suite.noted = true;
  }
  declareSuite(c, c.root, outcomes, '');
  if (notRun.length > 0) note(`not measured, as vitest would not run ${notRun.length === 1 ? 'it' : 'them'}: ${listed(notRun)}`);
  const ignored = [...c.ignored].filter(([, noted]) => !noted).map(([feature]) => feature);
  for (const feature of ignored) c.ignored.set(feature, true);
  if (ignored.length > 0) note(`${ignored.join(', ')}: no meaning here, ignored (ubench measures one benchmark at a time, in interleaved rounds, for as long as --time says)`);
  if (c.renamed.length > 0) note(`measured as ${listed(c.renamed)}: the name was already taken in its describe`);
  c.renamed = [];
  if (c.leftoverCells > 0) note(`${c.leftoverCells} value(s) of a template table past its last complete row: ignored, as vitest ignores them`);
  c.leftoverCells = 0;
  if (!c.hooksNoted && hasAnyHook(c.root)) {
    c.hooksNoted = true;
    note(
      "beforeAll/afterAll/beforeEach/afterEach run before and after every sample of each benchmark in their describe, untimed (vitest's bench runner runs only the file's own beforeAll/afterAll, once around the file, and no beforeEach/afterEach)",
    );
  }
}

function hasAnyHook(suite: SuiteNode): boolean {
  return Object.values(suite.hooks).some((list) => list.length > 0) || suite.children.some((n) => n.kind === 'suite' && hasAnyHook(n));
}
