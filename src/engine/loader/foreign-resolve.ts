/**
 * Where a project file's import of another project's benchmark API leads in a benchmark process:
 * to ubench's stand-in for it (define/foreign/, docs/integrations.md), so a file written for vitest,
 * mitata, tinybench or Benchmark.js declares ubench benchmarks. Used by both of the loader's sides
 * (loader-hooks.ts for imports, register-loader.ts for `require()`). Packages under node_modules
 * keep their own dependencies. A file that imports two of these APIs, or one beside ubench's own, is
 * refused when its second one is resolved: its benchmarks would mix two declaration models.
 */
import path from 'node:path';
import { type ForeignApi, foreignApiOf, mixedApisMessage, shimUrl } from '../../define/foreign/foreign-apis.js';

const NODE_MODULES = `${path.sep}node_modules${path.sep}`;

/** The benchmark API each project file has imported (by path: every instance of a file imports the same). */
const importedBy = new Map<string, ForeignApi | 'ubench'>();

/** The file URL of the stand-in `specifier` resolves to when `parentPath` (a file path, or null) imports it; null: resolve it as usual. */
export function foreignShim(specifier: string, parentPath: string | null): URL | null {
  const api = specifier === 'ubench' ? 'ubench' : foreignApiOf(specifier);
  if (api === null || parentPath === null || parentPath.includes(NODE_MODULES)) return null;
  const before = importedBy.get(parentPath);
  if (before !== undefined && before !== api) throw new Error(mixedApisMessage(path.relative(process.cwd(), parentPath) || parentPath, before, api));
  importedBy.set(parentPath, api);
  return api === 'ubench' ? null : shimUrl(api);
}
