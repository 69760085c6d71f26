/**
 * TypeScript to the JavaScript that was written: types removed and nothing else changed. esbuild
 * transforms each file with the project's tsconfig options that change what it emits: `keepNames`
 * off (no `__name(fn, "…")` wrappers redefining function names, which move a function off V8's
 * initial map), module syntax left as written, nothing lowered for the running Node, and an inline
 * source map back to the source (stack traces, deoptimization positions and CPU profile lines are
 * mapped through it). Enums, namespaces, parameter properties, decorators and JSX are compiled as
 * tsc and the project's tsconfig would.
 *
 * Not amaro, Node's own type stripper, though it keeps every position: it is WebAssembly, and its
 * compilation on the loader thread shares V8's background compiler threads with the benchmark's own
 * isolate. Under a busy second core, a loop that deoptimizes after 3 million calls was optimized too
 * late to do so in 3 runs of 4 with amaro and in 0 of 4 with esbuild, which does its work in a
 * process of its own (measured on this project's machine).
 *
 * esbuild's asynchronous API, loaded at the first file not in the cache (stripped-cache.ts): its
 * synchronous one, called on the loader thread, starts a worker thread of its own to wait on, and
 * its first file took ~85 ms there against ~27 ms (measured on this project's machine).
 */
import { createRequire } from 'node:module';
import type { TsconfigRaw } from 'esbuild';
import type { ProjectConfig } from './project-config.js';
import { NODE_VERSION } from '../../results/runtimes/this-runtime.js';
import { createStrippedCache, projectCacheDir, strippedKey } from './stripped-cache.js';

const require = createRequire(import.meta.url);
/** The compiler's version is part of every key: another esbuild may emit other code. */
const ESBUILD_VERSION = (require('esbuild/package.json') as { version: string }).version;
const cache = createStrippedCache(projectCacheDir(process.cwd()));
let esbuild: typeof import('esbuild') | null = null;

/** The tsconfig options that change what esbuild emits (see esbuild's TsconfigRaw). */
const ESBUILD_TSCONFIG_KEYS = [
  'alwaysStrict',
  'experimentalDecorators',
  'importsNotUsedAsValues',
  'jsx',
  'jsxFactory',
  'jsxFragmentFactory',
  'jsxImportSource',
  'preserveValueImports',
  'strict',
  'target',
  'useDefineForClassFields',
  'verbatimModuleSyntax',
] as const;

/** The file's JavaScript with its module syntax as written. */
export async function stripTypes(source: string, file: string, config: ProjectConfig): Promise<string> {
  const compilerOptions: Record<string, unknown> = {};
  for (const key of ESBUILD_TSCONFIG_KEYS) {
    if (config.compilerOptions[key] !== undefined) compilerOptions[key] = config.compilerOptions[key];
  }
  const loader = file.endsWith('.tsx') ? 'tsx' : file.endsWith('.jsx') ? 'jsx' : 'ts';
  const options = {
    loader,
    sourcefile: file,
    sourcemap: 'inline',
    target: `node${NODE_VERSION}`,
    keepNames: false,
    tsconfigRaw: { compilerOptions } as TsconfigRaw,
  } as const;
  const key = strippedKey([ESBUILD_VERSION, options], source);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  esbuild ??= require('esbuild') as typeof import('esbuild');
  const { code } = await esbuild.transform(source, options);
  cache.set(key, code);
  return code;
}
