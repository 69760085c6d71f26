/**
 * What in a benchmark's process the user's own build would not have: module loaders besides
 * ubench's (they compile the TypeScript their way: `tsx` wraps every function in `__name(…)` and
 * gives CommonJS getter exports), and getter exports of the project's CommonJS modules that a body
 * reads. Read once the bench file's instances are loaded; judged by the `loader-transform` rule.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import type { GetterReads } from '../../results/types.js';
import { isSharedFile } from '../loader/module-instances.js';

/** Node flags that load code before the bench file, each with its value. */
const LOADING_FLAGS = new Set(['--import', '--loader', '--experimental-loader', '--require', '-r']);
/** Packages known to compile TypeScript or JSX on the fly (a loader given by `--loader` counts whatever it is). */
const TRANSFORMERS = /(?:^|[/\\@])(tsx|ts-node|@swc-node|swc-node|esbuild-register|esbuild-kit|sucrase|@babel\/register|babel-register|jiti|ts-blank-space|oxc-node)(?:[/\\@]|$)/;

/** The flag/value pairs of an argument list (`--import x` and `--import=x`). */
function loadingFlags(args: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (!LOADING_FLAGS.has(flag)) continue;
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value !== undefined) pairs.push([flag, value]);
  }
  return pairs;
}

/** Loaders besides ubench's among the process's flags and NODE_OPTIONS, each as given (`tsx`, `ts-node/esm`…). */
export function foreignLoaders(execArgv: readonly string[], nodeOptions: string | undefined, ownLoader: (value: string) => boolean): string[] {
  const all = [...loadingFlags(execArgv), ...loadingFlags((nodeOptions ?? '').split(/\s+/).filter((a) => a !== ''))];
  const found = all.filter(([flag, value]) => !ownLoader(value) && (flag.includes('loader') || TRANSFORMERS.test(value))).map(([, value]) => value);
  return [...new Set(found)];
}

/** Own enumerable getters of each project CommonJS module's exports, by file. */
export function projectGetterExports(packageRoot: string): Map<string, string[]> {
  const cache = createRequire(import.meta.url).cache;
  const found = new Map<string, string[]>();
  for (const [file, module] of Object.entries(cache)) {
    if (module === undefined || isSharedFile(file, packageRoot)) continue;
    const exports = module.exports as unknown;
    if ((typeof exports !== 'object' && typeof exports !== 'function') || exports === null) continue;
    const names = Object.entries(Object.getOwnPropertyDescriptors(exports))
      .filter(([name, d]) => d.enumerable === true && typeof d.get === 'function' && name !== 'default' && name !== '__esModule')
      .map(([name]) => name);
    if (names.length > 0) found.set(file, names);
  }
  return found;
}

const asPattern = (name: string): string => name.replace(/[$]/g, '\\$');

/** The getter exports a benchmark's functions read as properties (`lib_1.add`, `import_lib.ORIGIN`), by module. */
export function getterReads(bench: DeclaredBenchmark, getters: ReadonlyMap<string, readonly string[]>, cwd: string): GetterReads[] {
  const source = [bench.body, bench.setup, bench.teardown].map((fn) => (fn === null ? '' : Function.prototype.toString.call(fn))).join('\n');
  const reads: GetterReads[] = [];
  for (const [file, names] of getters) {
    const read = names.filter((name) => new RegExp(`\\.${asPattern(name)}(?![\\w$])`).test(source));
    if (read.length > 0) reads.push({ module: path.relative(cwd, file) || file, names: read });
  }
  return reads;
}
