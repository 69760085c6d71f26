/**
 * Module hooks for the `--profile` pass: TypeScript ES modules are transpiled again without
 * squeezing whitespace. The usual transform (tsx) packs a module into a few lines, and a CPU
 * profile's per-line counts (`positionTicks`) carry lines only, so inlined functions could not be
 * told apart. esbuild keeps a statement per line, and its inline source map leads back to the
 * user's lines. Everything else (resolution, CommonJS, formats) stays with tsx.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const TYPESCRIPT = /\.(?:m?ts|tsx)$/;

interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | Uint8Array;
  shortCircuit?: boolean;
}

type NextLoad = (url: string, context: unknown) => Promise<LoadResult>;

export async function load(url: string, context: unknown, nextLoad: NextLoad): Promise<LoadResult> {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || result.format !== 'module' || !TYPESCRIPT.test(new URL(url).pathname)) return result;
  const file = fileURLToPath(url);
  const source = await readFile(file, 'utf8');
  const output = await transform(source, {
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    format: 'esm',
    sourcemap: 'inline',
    sourcefile: file,
    target: `node${process.versions.node}`,
    keepNames: true,
  });
  return { ...result, source: output.code };
}
