/**
 * Positions in the code V8 ran, as the user knows them: transpiled TypeScript goes back through the
 * loader's source map, and paths under the working directory become relative.
 */
import { findSourceMap, type SourceMap } from 'node:module';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** How positions inside generated measured loops (`new Function`, no script name) are shown. */
export const GENERATED_LOOP_LOCATION = '<measured loop>';

function toPath(file: string): string {
  if (!file.startsWith('file://')) return file;
  try {
    return fileURLToPath(file);
  } catch {
    return file;
  }
}

function sourceMapOf(path: string): SourceMap | undefined {
  try {
    return findSourceMap(path) ?? findSourceMap(pathToFileURL(path).href);
  } catch {
    return undefined;
  }
}

/**
 * `file:line:column` of a 1-based position as V8 logs it (`unknown` or empty for generated code).
 * For TypeScript that is the transpiled output, so the position goes back through the loader's
 * source map (0-based there).
 */
export function readablePosition(file: string, line: number, column: number, cwd: string): string {
  if (file === 'unknown' || file === '') return GENERATED_LOOP_LOCATION;
  let path = toPath(file);
  const entry = sourceMapOf(path)?.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
  if (entry?.originalSource !== undefined && entry.originalLine !== undefined && entry.originalColumn !== undefined) {
    // Node resolves a map's sources; Deno hands them on as written, relative to the generated file.
    const original = toPath(entry.originalSource);
    path = isAbsolute(original) || original.includes('://') ? original : resolve(dirname(path), original);
    line = entry.originalLine + 1;
    column = entry.originalColumn + 1;
  }
  if (path.startsWith(`${cwd}/`)) path = path.slice(cwd.length + 1);
  return `${path}:${line}:${column}`;
}
