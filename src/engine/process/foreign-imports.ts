/**
 * Bun and Deno load modules themselves: ubench's loader, which leads a bench file's import of
 * another benchmark API to ubench's stand-in (engine/loader/foreign-resolve.ts), does not run there,
 * and the real package would run its own benchmarks inside ubench's process. Such a file is refused
 * before it is imported, from the import specifiers its source names.
 */
import { readFileSync } from 'node:fs';
import { API_TITLES, type ForeignApi, foreignApiOf } from '../../define/foreign/foreign-apis.js';

/** `from 'x'`, `import 'x'`, `import('x')`, `require('x')` with a literal specifier. */
const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;

/** The benchmark APIs a source imports by name (each once, in order of appearance). */
export function foreignImportsIn(source: string): ForeignApi[] {
  const found: ForeignApi[] = [];
  for (const match of source.matchAll(IMPORT_SPECIFIER)) {
    const api = foreignApiOf(match[2]!);
    if (api !== null && !found.includes(api)) found.push(api);
  }
  return found;
}

/** Throws, naming the runtime and the API, when `file` imports another benchmark API. */
export function refuseForeignImports(runtime: string, file: string, displayFile: string): void {
  const [api] = foreignImportsIn(readFileSync(file, 'utf8'));
  if (api === undefined) return;
  throw new Error(
    `${displayFile} imports ${API_TITLES[api]} ('${api}'): ${runtime} loads modules itself, so ubench cannot give it its stand-in for that API there (the package would run its own benchmarks); run this file under Node (the default) or --runtime chromium, or write it with ubench's bench()`,
  );
}
