/**
 * Reads through vitest's module runner in a benchmark body. vitest (through Vite's SSR transform)
 * rewrites `import { add } from './math'` so that every use reads a property of a module object:
 * `(0, __vite_ssr_import_0__.add)(…)` (Vite 8's SSR transform; vitest's error cleaner also knows a
`__vi_import_0__` spelling), and vitest defines
 * those exports as getters (it counts their calls to warn about them). A body that reads them pays
 * a getter call per use that the user's build, with native ES module bindings, does not: V8 cannot
 * fold them into the loop as it folds a binding (loader-transform.ts has the measured cost of
 * getter exports). Found from the body's source text, so only reads written in the body itself.
 */
import type { GetterReads } from '../results/types.js';

/** `__vi_import_<n>__.<name>` or `__vite_ssr_import_<n>__.<name>`, the two spellings vitest 5.1's error cleaner strips. */
const NAMESPACE_READ = /\b(__vi_import_\d+__|__vite_ssr_import_\d+__)\.([A-Za-z_$][\w$]*)/g;

/** The module-runner reads in a function's source, one entry per module object. */
export function moduleRunnerReads(fn: (...args: never[]) => unknown): GetterReads[] {
  const source = Function.prototype.toString.call(fn);
  const byModule = new Map<string, Set<string>>();
  for (const match of source.matchAll(NAMESPACE_READ)) {
    const names = byModule.get(match[1]!) ?? new Set<string>();
    names.add(match[2]!);
    byModule.set(match[1]!, names);
  }
  return [...byModule].map(([variable, names]) => ({ module: `vitest's module runner (${variable})`, names: [...names] }));
}
