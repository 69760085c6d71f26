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
 */
import { transformSync as esbuildTransform, type TsconfigRaw } from 'esbuild';
import type { ProjectConfig } from './project-config.js';
import { NODE_VERSION } from '../../results/runtimes/this-runtime.js';

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
export function stripTypes(source: string, file: string, config: ProjectConfig): string {
  const compilerOptions: Record<string, unknown> = {};
  for (const key of ESBUILD_TSCONFIG_KEYS) {
    if (config.compilerOptions[key] !== undefined) compilerOptions[key] = config.compilerOptions[key];
  }
  const loader = file.endsWith('.tsx') ? 'tsx' : file.endsWith('.jsx') ? 'jsx' : 'ts';
  return esbuildTransform(source, {
    loader,
    sourcefile: file,
    sourcemap: 'inline',
    target: `node${NODE_VERSION}`,
    keepNames: false,
    tsconfigRaw: { compilerOptions } as TsconfigRaw,
  }).code;
}
