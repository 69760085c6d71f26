/**
 * Module hooks for the `--profile` pass: TypeScript modules are transpiled again without squeezing
 * whitespace. The usual transform (tsx) packs a module into a few lines, and a CPU profile's
 * per-line counts (`positionTicks`) carry lines only, so inlined functions could not be told
 * apart. esbuild keeps a statement per line, and its inline source map leads back to the user's
 * lines. Everything else (resolution, formats) stays with tsx.
 *
 * A `.ts` file with ES module syntax in a CommonJS package (tsx runs it as CommonJS) is loaded as
 * an ES module here when it uses nothing of CommonJS: Node's CommonJS path does not take rewritten
 * source for files that `require` ES modules. Otherwise tsx's output stays, and the profile says
 * its lines could not be told apart (see ScriptFunctions.packed).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const TYPESCRIPT = /\.(?:m?ts|tsx)$/;
/** ES module syntax at the start of a line. */
const ESM_SYNTAX = /^\s*(?:import\s*[\w{*'"]|export\s)/m;
/** Anything only CommonJS has. */
const COMMONJS_ONLY = /\brequire\s*\(|\b__dirname\b|\b__filename\b|\bmodule\.exports\b|\bexports\.\w/;

export interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | Uint8Array;
  shortCircuit?: boolean;
}

function retranspiled(url: string, result: LoadResult): LoadResult {
  if (!url.startsWith('file:') || !TYPESCRIPT.test(new URL(url).pathname)) return result;
  if (result.format !== 'module' && result.format !== 'commonjs') return result;
  const file = fileURLToPath(url);
  const source = readFileSync(file, 'utf8');
  if (result.format === 'commonjs' && (!ESM_SYNTAX.test(source) || COMMONJS_ONLY.test(source))) return result;
  const output = transformSync(source, {
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    format: 'esm',
    sourcemap: 'inline',
    sourcefile: file,
    target: `node${process.versions.node}`,
    keepNames: true,
  });
  return { ...result, format: 'module', source: output.code, shortCircuit: true };
}

/** For `module.register` (hooks on the loader thread). */
export async function load(url: string, context: unknown, nextLoad: (url: string, context: unknown) => Promise<LoadResult>): Promise<LoadResult> {
  return retranspiled(url, await nextLoad(url, context));
}

/** For `module.registerHooks` (in-thread hooks, Node ≥ 22.15), which run before any `register`ed ones. */
export function loadSync(url: string, context: unknown, nextLoad: (url: string, context: unknown) => LoadResult): LoadResult {
  return retranspiled(url, nextLoad(url, context));
}
