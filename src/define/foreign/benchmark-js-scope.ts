/**
 * Benchmark.js compiles a benchmark's `setup`, `fn` and `teardown` sources into one function, so a
 * variable that `setup` declares is visible to `fn` (its documentation's `setup: function () { var
 * a = …; }` with `fn` reading `a`). Called as separate functions, such an `fn` would fail. When
 * `setup`'s source declares a name that `fn`'s source mentions, the three bodies are compiled here
 * the same way, in one scope made afresh for every sample: `setup`'s body runs untimed, then `fn`'s
 * body is called for each iteration and `teardown`'s after the sample. Like Benchmark.js's compiled
 * form, that scope is the global one: the bodies do not see the file's own variables. Code given as
 * a string (Benchmark.js compiles strings the same way) takes this form too.
 */
import type { SetupBench } from '../declaration-types.js';

type AnyFn = (...args: never[]) => unknown;
/** A Benchmark.js `fn`, `setup` or `teardown`: a function or a string of code. */
export type Code = AnyFn | string;
interface Scope {
  run(deferred?: { resolve(): void; benchmark: unknown }): unknown;
  teardown(): unknown;
}

/** The statements of a function's body (an arrow's expression body as a `return`), or null when its source cannot be read. */
export function bodySource(fn: Code): string | null {
  if (typeof fn === 'string') return fn;
  const source = Function.prototype.toString.call(fn);
  if (source.includes('[native code]')) return null;
  const arrow = /^(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>\s*/.exec(source);
  if (arrow !== null && source[arrow[0].length] !== '{') return `return (${source.slice(arrow[0].length)});`;
  const open = source.indexOf('{');
  const close = source.lastIndexOf('}');
  return open < 0 || close <= open ? null : source.slice(open + 1, close);
}

/** Names a body declares with `var`, `let`, `const` or `function` (wherever in it). */
export function declaredNames(body: string): string[] {
  return [...body.matchAll(/\b(?:var|let|const|function)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!);
}

/** Whether `fn` reads a name `setup` declares: then only the compiled form runs it as Benchmark.js does. */
export function sharesSetupScope(setup: Code, fn: Code): boolean {
  const setupBody = bodySource(setup);
  const fnBody = bodySource(fn);
  if (setupBody === null || fnBody === null) return false;
  return declaredNames(setupBody).some((name) => new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(fnBody));
}

/** The name `fn` gives its deferred (its first parameter), or `deferred` for code in a string. */
function deferredName(fn: Code): string {
  if (typeof fn === 'string') return 'deferred';
  const params = /^(?:async\s*)?(?:function\b[^(]*|[A-Za-z_$][\w$]*\s*(?=\())?\(?\s*([A-Za-z_$][\w$]*)/.exec(Function.prototype.toString.call(fn));
  return params?.[1] ?? 'deferred';
}

/**
 * The setup form running the three bodies in one scope per sample, `this` the benchmark. `defer`:
 * `fn`'s body receives Benchmark.js's deferred (under the name `fn` gives it) and each call lasts
 * until it calls `deferred.resolve()`.
 */
export function compiledScope(setup: Code | undefined, fn: Code, teardown: Code | undefined, self: unknown, defer = false): SetupBench<unknown> {
  const source = (code: Code | undefined): string => (code === undefined ? '' : (bodySource(code) ?? ''));
  const param = defer ? deferredName(fn) : '';
  const factory = new Function(`${source(setup)}\nreturn { run: function (${param}) { ${source(fn)}\n}, teardown: function () { ${source(teardown)}\n} };`) as (this: unknown) => Scope;
  const run = defer
    ? (scope: Scope) =>
        new Promise((resolve) => {
          scope.run({ resolve: () => resolve(undefined), benchmark: self });
        })
    : (scope: Scope) => scope.run();
  const bench: SetupBench<Scope> = { setup: () => factory.call(self), run, teardown: (scope) => scope.teardown() };
  return bench as SetupBench<unknown>;
}
