/**
 * TypeScript to the JavaScript that was written: types erased and nothing else changed.
 *
 * Erasable TypeScript goes through amaro, the type stripper Node itself runs for `.ts` files
 * (`--experimental-strip-types`, on by default from Node 22.18 and 23.6): every type annotation is
 * replaced by blanks, so the code V8 runs is the user's own, character for character, and every
 * position (deoptimization log, CPU profile lines, stack traces) is the source's. The same stripper
 * on every Node version means Node 20 runs what Node 22 and later run natively.
 *
 * What cannot be erased (enums, namespaces, parameter properties, legacy decorators, JSX) is
 * compiled by esbuild with the project's tsconfig options: `keepNames` off (no `__name` wrappers
 * redefining function names), module syntax left as written, nothing lowered for the running
 * Node, and an inline source map back to the source.
 */
import { createRequire } from 'node:module';
import { transformSync as esbuildTransform, type TsconfigRaw } from 'esbuild';
import type { ProjectConfig } from './project-config.js';

const require = createRequire(import.meta.url);

interface Amaro {
  transformSync(source: string, options: { mode: 'strip-only' }): { code: string };
}
let amaro: Amaro | null = null;

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

export interface StrippedSource {
  code: string;
  /** How: erased in place (positions are the source's) or compiled (positions through the source map). */
  how: 'erased' | 'compiled';
}

/** amaro's refusal: syntax that strip-only mode cannot erase, or that does not parse. */
function isStripRefusal(thrown: unknown): boolean {
  const code = typeof thrown === 'object' && thrown !== null ? (thrown as { code?: unknown }).code : undefined;
  return code === 'UnsupportedSyntax' || code === 'InvalidSyntax';
}

/** esbuild's transform of one file, keeping its module syntax. */
export function compileWithEsbuild(source: string, file: string, config: ProjectConfig): string {
  const compilerOptions: Record<string, unknown> = {};
  for (const key of ESBUILD_TSCONFIG_KEYS) {
    if (config.compilerOptions[key] !== undefined) compilerOptions[key] = config.compilerOptions[key];
  }
  const loader = file.endsWith('.tsx') ? 'tsx' : file.endsWith('.jsx') ? 'jsx' : 'ts';
  return esbuildTransform(source, {
    loader,
    sourcefile: file,
    sourcemap: 'inline',
    target: `node${process.versions.node}`,
    keepNames: false,
    tsconfigRaw: { compilerOptions } as TsconfigRaw,
  }).code;
}

/** The file's JavaScript with its module syntax as written. */
export function stripTypes(source: string, file: string, config: ProjectConfig): StrippedSource {
  if (!file.endsWith('.tsx') && !file.endsWith('.jsx')) {
    amaro ??= require('amaro') as Amaro;
    try {
      return { code: amaro.transformSync(source, { mode: 'strip-only' }).code, how: 'erased' };
    } catch (thrown) {
      // What cannot be erased is compiled below; a syntax error is reported there, with esbuild's message and position.
      if (!isStripRefusal(thrown)) throw thrown;
    }
  }
  return { code: compileWithEsbuild(source, file, config), how: 'compiled' };
}
