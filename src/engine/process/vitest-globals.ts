/**
 * vitest's `globals: true` in a benchmark process (docs/integrations.md): a bench file that calls
 * `describe`/`bench` without importing them finds ubench's vitest stand-in on the global object,
 * when the project's vitest config sets `test.globals: true` (vitest-config.ts reads it), as vitest
 * itself would give them. Without that setting the names stay undefined, as under vitest, and the
 * load error then says why (no config, globals not set, or not known, with the reason).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { foreignImportsIn } from './foreign-imports.js';
import { type GlobalsAnswer, vitestGlobals } from './vitest-config.js';

/** What vitest's globals give a bench file (the benchmark API and its hooks). */
const GLOBAL_NAMES = ['bench', 'describe', 'suite', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach'] as const;
/** A call of the benchmark API (`describe(`, `bench.skip(`…), the sign of a file written for the globals. */
const USES_API = /(?<![\w$.])(?:bench|describe|suite)\s*[.(]/;
const IMPORTS_UBENCH = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])ubench\1/;

/** Why a global of the API is undefined, for the file's load error. */
function hint(answer: GlobalsAnswer, file: string): string {
  const instead = "import them from 'vitest'";
  if (answer.config === null) {
    return ` (vitest defines bench and describe as globals only when the project's vitest config sets test.globals: true, and no vitest.config or vite.config was found from ${path.dirname(file)} up to its package root; ${instead})`;
  }
  const config = path.relative(process.cwd(), answer.config) || answer.config;
  if (answer.globals === false) return ` (${config} does not set test.globals: true, so vitest would not define them either; ${instead})`;
  return ` (whether ${config} sets test.globals: true could not be determined: ${answer.why}; ${instead})`;
}

/**
 * Before `file` is imported: installs the globals when its project has them and it uses them
 * without importing any benchmark API. Returns what to add to a load error the file then throws.
 * `canLoad`: whether the config may be loaded in a process of its own (Node).
 */
export async function prepareVitestGlobals(file: string, canLoad: boolean): Promise<(thrown: unknown) => string> {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return () => '';
  }
  if (!USES_API.test(source) || foreignImportsIn(source).length > 0 || IMPORTS_UBENCH.test(source)) return () => '';
  const answer = vitestGlobals(file, canLoad);
  if (answer.globals === true) {
    const api = (await import('../../define/foreign/vitest-shim.js')) as Record<(typeof GLOBAL_NAMES)[number], unknown>;
    const target = globalThis as Record<string, unknown>;
    for (const name of GLOBAL_NAMES) target[name] ??= api[name];
    return () => '';
  }
  return (thrown) => (thrown instanceof ReferenceError && GLOBAL_NAMES.some((name) => thrown.message === `${name} is not defined`) ? hint(answer, file) : '');
}
