/**
 * How the stand-ins for other projects' APIs declare ubench benchmarks (docs/integrations.md): a
 * mapped declaration becomes an ordinary `bench()` (inside the group its suite or describe names);
 * one whose feature ubench cannot keep is still declared under its name, with a body that fails
 * with a message naming the feature and the ubench form to write instead. The file's other
 * benchmarks are measured; that one is a per-benchmark error, never a silently different benchmark.
 */
import { bench, group } from '../bench.js';
import { DeclarationError } from '../declaration-error.js';
import type { BenchFn, ManualBenchFn, ParamValue, SetupBench } from '../types.js';
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
export function declareRefused(name: string, groupName: string | null, message: string, at?: Error): void {
  const error = new ForeignFeatureError(message);
  if (at?.stack !== undefined) error.stack = `${error.name}: ${message}\n${at.stack.split('\n').slice(1).join('\n')}`;
  inGroup(groupName, () =>
    bench(name, () => {
      throw error;
    }),
  );
}

/**
 * Declares a mapped benchmark. A declaration ubench's `bench()` refuses (parameter values that are
 * objects, say) becomes a refused benchmark with that message; a name declared twice stays a file error.
 */
export function declareForeign(declaration: ForeignDeclaration): void {
  const { api, name, body, args, baseline } = declaration;
  const options = { ...(args === undefined ? {} : { args }), ...(baseline === true ? { baseline: true } : {}) };
  try {
    inGroup(declaration.group, () => bench(name, body as BenchFn, options));
  } catch (thrown) {
    if (!(thrown instanceof DeclarationError) || thrown.message.startsWith('duplicate benchmark')) throw thrown;
    declareRefused(name, declaration.group, `${API_TITLES[api]}: ${thrown.message}`, declaration.at);
  }
}

/** The keys of a foreign options object that are neither mapped nor ignored, in order. */
export function unknownKeys(options: object | undefined, known: ReadonlySet<string>): string[] {
  return options === undefined || options === null ? [] : Object.keys(options).filter((key) => !known.has(key));
}

/** `fn` as a body ubench calls with no argument (a foreign body that declares parameters is not read for ubench's forms). */
export function plainBody(fn: (...args: never[]) => unknown): BenchFn {
  return fn.length === 0 ? (fn as BenchFn) : () => (fn as () => unknown)();
}
