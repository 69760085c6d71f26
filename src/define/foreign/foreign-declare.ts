/**
 * How the stand-ins for other projects' APIs declare ubench benchmarks (docs/integrations.md): a
 * mapped declaration becomes an ordinary `bench()` (inside the group its suite or describe names);
 * one whose feature ubench cannot keep is still declared under its name, with a body that fails
 * with a message naming the feature and the ubench form to write instead. The file's other
 * benchmarks are measured; that one is a per-benchmark error, never a silently different benchmark.
 */
import { bench, group } from '../bench.js';
import { readBodySignature } from '../body-signature.js';
import { DeclarationError } from '../declaration-error.js';
import { getRegistry } from '../registry.js';
import type { BenchFn, DeclaredBenchmark, ManualBenchFn, ParamValue, SetupBench } from '../declaration-types.js';
import { API_TITLES, type ForeignApi } from './foreign-apis.js';

/** A feature of another API that ubench does not map; thrown by the refused benchmark's body. */
export class ForeignFeatureError extends Error {
  override name = 'ForeignFeatureError';
}

export interface ForeignDeclaration {
  api: ForeignApi;
  name: string;
  /** A group to declare it in, inside any open one (a named suite or Bench); null: none. */
  group: string | null;
  body: BenchFn | ManualBenchFn | SetupBench<unknown>;
  args?: Readonly<Record<string, readonly ParamValue[]>>;
  baseline?: boolean;
  /** Where the file declared it, when that was before this call (mitata's chained builders). */
  at?: Error;
  /** Full collections outside the timing that the file asked for (mitata's `.gc()`). */
  forcedGc?: DeclaredBenchmark['forcedGc'];
}

/** The message of a refusal: the API, its feature, and what to write for ubench instead. */
export function refusalMessage(api: ForeignApi, feature: string, instead: string): string {
  return `${API_TITLES[api]}: ${feature} is not mapped to ubench, so this benchmark is not measured; ${instead}`;
}

function inGroup(name: string | null, declare: () => void): void {
  if (name === null || name.trim() === '') declare();
  else group(name.replaceAll('#', '-'), declare);
}

/**
 * Declares a benchmark that fails with `message` when measured (the rest of its file runs). `at`: an
 * error made where the file declared it, when that was earlier (its stack gives the error's location).
 */
export function declareRefused(name: string, groupName: string | null, message: string, at?: Error): string[] {
  const error = new ForeignFeatureError(message);
  if (at?.stack !== undefined) error.stack = `${error.name}: ${message}\n${at.stack.split('\n').slice(1).join('\n')}`;
  return declared(() =>
    inGroup(groupName, () =>
      bench(name, () => {
        throw error;
      }),
    ),
  );
}

/** Runs `declare` and returns the ids of the benchmarks it added to the registry (a foreign run() hands them to the process). */
function declared(declare: () => void): string[] {
  const registry = getRegistry();
  const before = new Set(registry.benchmarks);
  declare();
  return registry.benchmarks.filter((b) => !before.has(b)).map((b) => b.id);
}

/**
 * Takes back benchmarks a file declared and then removed (tinybench's `remove()`, mitata's `run({
 * filter })`) before anything measured them; returns how many were still declared.
 */
export function withdrawDeclared(ids: readonly string[]): number {
  const registry = getRegistry();
  const gone = new Set(ids);
  const kept = registry.benchmarks.filter((b) => !gone.has(b.id));
  const count = registry.benchmarks.length - kept.length;
  registry.benchmarks = kept;
  return count;
}

/**
 * Declares a mapped benchmark. A declaration ubench's `bench()` refuses (parameter values that are
 * objects, say) becomes a refused benchmark with that message; a name declared twice stays a file error.
 */
export function declareForeign(declaration: ForeignDeclaration): string[] {
  const { api, name, body, args, baseline, forcedGc } = declaration;
  const options = { ...(args === undefined ? {} : { args }), ...(baseline === true ? { baseline: true } : {}) };
  try {
    const ids = declared(() => inGroup(declaration.group, () => bench(name, body as BenchFn, options)));
    if (forcedGc !== undefined) {
      const mine = new Set(ids);
      for (const b of getRegistry().benchmarks) if (mine.has(b.id)) b.forcedGc = forcedGc;
    }
    return ids;
  } catch (thrown) {
    if (!(thrown instanceof DeclarationError) || thrown.message.startsWith('duplicate benchmark')) throw thrown;
    return declareRefused(name, declaration.group, `${API_TITLES[api]}: ${thrown.message}`, declaration.at);
  }
}

/** The keys of a foreign options object that are neither mapped nor ignored, in order. */
export function unknownKeys(options: object | undefined, known: ReadonlySet<string>): string[] {
  return options === undefined || options === null ? [] : Object.keys(options).filter((key) => !known.has(key));
}

/**
 * `fn` as a body ubench calls with no argument: as it is when its source declares no parameter (so
 * the loop calls it directly), else wrapped, since ubench's own forms read a declared parameter
 * (a defaulted one too, `(value = undefined) => …`, which `fn.length` does not count) as the args
 * or the manual context, and the foreign harness calls it with none.
 */
export function plainBody(fn: (...args: never[]) => unknown): BenchFn {
  return fn.length === 0 && readBodySignature(fn).first.form === 'none' ? (fn as BenchFn) : () => (fn as () => unknown)();
}
