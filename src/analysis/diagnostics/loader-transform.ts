/**
 * `loader-transform`: the measured code went through something the user's build would not ship.
 * ubench compiles TypeScript as the build would (types erased in place; ES module syntax in a
 * CommonJS package emitted as tsc does), so this fires for what it does not control:
 * - another loader in the process (`--node-flags "--import tsx"`, `NODE_OPTIONS`), which compiled the
 *   TypeScript its own way: tsx wraps every function in `__name(fn, "…")`, which moves it off V8's
 *   initial function map (`fn.length` read 4.4× slower), and in a CommonJS package turns every export
 *   into a getter;
 * - getter exports of the project's CommonJS modules that the body reads: the interop of esbuild's
 *   or swc's CommonJS output (`__export(exports, { add: () => add })`), which V8 cannot fold into the
 *   loop as it folds a data property or an ES module binding (an imported constant read 9.7× slower,
 *   100 calls of an imported function 12×, measured on this project's machine).
 * Where the user's CommonJS build really ships those getters, the figure is what its CommonJS users
 * pay, and the hint says so.
 */
import type { Rule } from './rule.js';

const list = (items: readonly string[]): string => items.map((i) => `\`${i}\``).join(', ');

export const loaderTransform: Rule = {
  code: 'loader-transform',
  check(result) {
    const modules = result.modules;
    if (modules === undefined) return [];
    const loaders = modules.loaders ?? [];
    const getters = modules.getters ?? [];
    if (loaders.length === 0 && getters.length === 0) return [];
    const reads = getters.map((g) => `${g.names.join(', ')} of ${g.module}`).join('; ');
    const parts = [
      ...(loaders.length === 0
        ? []
        : [`its process also ran ${list(loaders)}, which compiled the TypeScript instead of ubench (function-name wrappers, getter exports in CommonJS: none of it ships)`]),
      ...(getters.length === 0
        ? []
        : [`the body reads ${reads} through getters on every use (a transform's CommonJS interop), which V8 does not fold as it folds a data property or an ES module binding`]),
    ];
    const hint =
      loaders.length > 0
        ? `Drop ${list(loaders)} from --node-flags and NODE_OPTIONS: ubench loads .ts as your build ships it (ES modules as written, CommonJS as tsc emits it).`
        : 'Benchmark that module as ES modules or as tsc compiles it; if your CommonJS build ships these getters, this figure is what its CommonJS users pay.';
    return [
      {
        code: 'loader-transform',
        severity: 'warning',
        message: `${parts.join('; ')}: the figure includes what the loader added`,
        hint,
        evidence: { loaders, getters },
      },
    ];
  },
};
