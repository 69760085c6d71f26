/**
 * What a vitest bench file declares, collected as vitest collects it (docs/integrations.md): a tree
 * of describes and benches, each with the mode its modifiers gave it (`skip`, `only`, `todo`), the
 * hooks registered in each describe, and which benches vitest would run: when any `.only` is in the
 * file, only those benches and the benches of `.only` describes run (vitest 1–4's
 * `interpretTaskModes`, written here from its documented behaviour); a skipped or todo describe
 * takes its benches with it.
 */
import type { DeclaredBenchmark } from '../declaration-types.js';

export type Mode = 'run' | 'only' | 'skip' | 'todo';
export type HookName = 'beforeAll' | 'afterAll' | 'beforeEach' | 'afterEach';
export type HookFn = (...args: never[]) => unknown;

/** vitest's bench options (tinybench 2's), as its documentation lists them. */
export interface BenchOptions {
  time?: number;
  iterations?: number;
  now?: () => number;
  signal?: AbortSignal;
  throws?: boolean;
  warmupTime?: number;
  warmupIterations?: number;
  setup?: (task?: unknown, mode?: 'run' | 'warmup') => unknown;
  teardown?: (task?: unknown, mode?: 'run' | 'warmup') => unknown;
}
export type BenchFunction = (...args: never[]) => unknown;

export interface SuiteNode {
  kind: 'suite';
  /** As the file wrote it (formatted, for a case of `describe.each`); '' for the file itself. */
  name: string;
  mode: Mode;
  parent: SuiteNode | null;
  children: (SuiteNode | BenchNode)[];
  hooks: Record<HookName, HookFn[]>;
  /** A describe without benches (`describe.todo(name)`): whether the note named it. */
  noted: boolean;
  /** Its function, until it has run: vitest runs it once the file's synchronous code is over. */
  factory: (() => unknown) | null;
}

export interface BenchNode {
  kind: 'bench';
  name: string;
  mode: Mode;
  parent: SuiteNode;
  fn: BenchFunction | undefined;
  options: BenchOptions | undefined;
  /** The ubench benchmarks it was declared as, once declared; null before (or after an `.only` took it back). */
  declared: DeclaredBenchmark[] | null;
  /** Whether the note about it not being measured was given. */
  noted: boolean;
}

/** Why vitest would not run a bench. */
export type NotRun = 'skip' | 'todo' | 'not .only' | 'no function';

export function newSuite(name: string, mode: Mode, parent: SuiteNode | null, factory: (() => unknown) | null = null): SuiteNode {
  return { kind: 'suite', name, mode, parent, children: [], hooks: { beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] }, noted: false, factory };
}

function holdsOnly(node: SuiteNode | BenchNode): boolean {
  return node.mode === 'only' || (node.kind === 'suite' && node.children.some(holdsOnly));
}

/** Each bench of the tree, with null when vitest runs it, or why it does not. */
export function benchOutcomes(root: SuiteNode): Map<BenchNode, NotRun | null> {
  const onlyMode = holdsOnly(root);
  const outcomes = new Map<BenchNode, NotRun | null>();
  const walk = (suite: SuiteNode, parentIncluded: boolean, forced: NotRun | null): void => {
    const included = parentIncluded || suite.mode === 'only';
    const someOnly = onlyMode && suite.children.some(holdsOnly);
    for (const node of suite.children) {
      const include = someOnly ? holdsOnly(node) : included || node.mode === 'only';
      let why: NotRun | null = forced;
      if (why === null) {
        if (node.mode === 'skip') why = 'skip';
        else if (node.mode === 'todo') why = 'todo';
        else if (onlyMode && !include) why = 'not .only';
      }
      if (node.kind === 'suite') walk(node, include, why);
      else outcomes.set(node, why ?? (node.fn === undefined ? 'no function' : null));
    }
  };
  walk(root, false, null);
  return outcomes;
}

/** The describes of the tree that hold nothing, as `describe.todo(name)` and `describe(name)` without a function declare them. */
export function emptySuites(suite: SuiteNode): SuiteNode[] {
  return suite.children.flatMap((n) => (n.kind === 'bench' ? [] : n.children.length === 0 ? [n] : emptySuites(n)));
}

/** The describes from the file down to `suite`, outermost first. */
export function chainOf(suite: SuiteNode): SuiteNode[] {
  const chain: SuiteNode[] = [];
  for (let s: SuiteNode | null = suite; s !== null; s = s.parent) chain.unshift(s);
  return chain;
}
