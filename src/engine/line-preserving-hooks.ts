/**
 * Module hooks for the `--profile` pass: TypeScript ES modules are transpiled again without
 * squeezing whitespace. The usual transform (tsx) packs a module into a few lines, and a CPU
 * profile's per-line counts (`positionTicks`) carry lines only, so inlined functions could not be
 * told apart. esbuild keeps a statement per line, and its inline source map leads back to the
 * user's lines. Everything else (resolution, CommonJS, formats) stays with tsx.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const TYPESCRIPT = /\.(?:m?ts|tsx)$/;

export interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | Uint8Array;
  shortCircuit?: boolean;
}

function retranspiled(url: string, result: LoadResult): LoadResult {
  if (!url.startsWith('file:') || result.format !== 'module' || !TYPESCRIPT.test(new URL(url).pathname)) return result;
  const file = fileURLToPath(url);
  const output = transformSync(readFileSync(file, 'utf8'), {
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    format: 'esm',
    sourcemap: 'inline',
    sourcefile: file,
    target: `node${process.versions.node}`,
    keepNames: true,
  });
  return { ...result, source: output.code };
}

/** For `module.register` (hooks on the loader thread). */
export async function load(url: string, context: unknown, nextLoad: (url: string, context: unknown) => Promise<LoadResult>): Promise<LoadResult> {
  return retranspiled(url, await nextLoad(url, context));
}

/** For `module.registerHooks` (in-thread hooks, Node ≥ 22.15), which run before any `register`ed ones. */
export function loadSync(url: string, context: unknown, nextLoad: (url: string, context: unknown) => LoadResult): LoadResult {
  return retranspiled(url, nextLoad(url, context));
}
