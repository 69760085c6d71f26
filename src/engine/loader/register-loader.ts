/**
 * `--import`ed first by every Node benchmark process: how `.ts` (and `.mts`, `.cts`, `.tsx`,
 * `.jsx`) files load there, for imports (loader-hooks.ts on Node's loader thread) and for
 * `require()` (CommonJS extensions and resolution, patched here). Nothing is compiled on this
 * thread: the benchmark's isolate runs no compiler (compile-request.ts says why). Source maps are
 * turned on, so stack traces and positions of compiled files lead back to the source.
 */
import Module, { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledCode, compileRequest } from './compile-request.js';
import { foreignShim } from './foreign-resolve.js';
import { isMainThread } from 'node:worker_threads';
import { LOADER_MARK, REGISTER_HOOKS } from './module-instances.js';
import { projectConfig } from './project-config.js';
import { isPathSpecifier, resolveCandidates } from './resolve-candidates.js';

interface CommonJsModule {
  _compile(code: string, filename: string): unknown;
}
interface ModuleInternals {
  _extensions: Record<string, (module: CommonJsModule, filename: string) => void>;
  _resolveFilename: (request: string, parent: { filename?: string | null } | null | undefined, ...rest: unknown[]) => string;
}

/** ubench's package folder: its own modules are never instanced per benchmark. */
const packageRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** Extensions `require()` compiles (`.mts` is an ES module, which require() does not compile). */
const REQUIRED_EXTENSIONS = ['.ts', '.cts', '.tsx', '.jsx'];

/** Turns the hooks on: from then on every import goes through the loader thread. */
function registerHooks(): void {
  process.setSourceMapsEnabled(true);
  Module.register(new URL('./loader-hooks.js', import.meta.url), { data: { packageRoot } });
}

// On the main thread of ubench's own benchmark process, the hooks wait until the engine's modules
// have loaded (child-main.ts calls them in before it loads the bench file): each import through the
// hooks is a round trip to the loader thread, and the engine's modules, ubench's own, are never
// instanced. Anywhere else (a worker the benchmark starts inherits this `--import`) they start now.
if (isMainThread && process.argv[1] === fileURLToPath(new URL('../process/child-main.js', import.meta.url))) {
  (globalThis as Record<symbol, unknown>)[REGISTER_HOOKS] = registerHooks;
} else registerHooks();
(globalThis as Record<symbol, unknown>)[LOADER_MARK] = true;

const internals = createRequire(import.meta.url)('node:module') as ModuleInternals;
for (const extension of REQUIRED_EXTENSIONS) {
  internals._extensions[extension] = (module, filename) => {
    // Compiled on the loader thread, never in this isolate (compile-request.ts).
    module._compile(compiledCode(import.meta.resolve(compileRequest(pathToFileURL(filename).href))), filename);
  };
}

const resolveFilename = internals._resolveFilename;
internals._resolveFilename = function (this: unknown, request, parent, ...rest) {
  // `require('benchmark')` and the like from a project file: ubench's stand-in (foreign-resolve.ts).
  const shim = foreignShim(request, parent?.filename ?? null);
  if (shim !== null) return fileURLToPath(shim);
  try {
    return resolveFilename.call(this, request, parent, ...rest);
  } catch (thrown) {
    if ((thrown as { code?: unknown } | null)?.code !== 'MODULE_NOT_FOUND') throw thrown;
    const from = parent?.filename;
    const candidates = isPathSpecifier(request) ? resolveCandidates(request) : from == null ? [] : projectConfig(from).paths(request);
    for (const candidate of candidates) {
      try {
        return resolveFilename.call(this, candidate, parent, ...rest);
      } catch {
        // the next candidate
      }
    }
    throw thrown;
  }
};
