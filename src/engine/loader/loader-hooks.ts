/**
 * ubench's module hooks (`module.register`, on Node's loader thread) for the ES module side of a
 * benchmark process: `.ts`, `.mts`, `.cts`, `.tsx` and `.jsx` files compiled as compile-module.ts
 * says; imports resolved as a TypeScript project writes them (resolve-candidates.ts, tsconfig
 * `paths`); each benchmark's instance mark handed on to the project's modules (module-instances.ts).
 * A CommonJS result is left to Node's CommonJS loader (its `require` hooks are register-loader.ts's),
 * which asks for the code here (compile-request.ts): every compiler runs on this thread only.
 * Another benchmark API's package, imported by a project file, resolves to ubench's stand-in for it
 * (foreign-resolve.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileModule, formatOf } from './compile-module.js';
import { compiledAnswer, requestedFile } from './compile-request.js';
import { foreignShim } from './foreign-resolve.js';
import { COMPILED_EXTENSIONS } from './module-format.js';
import { INSTANCE_PARAM, instanceOf, isSharedFile } from './module-instances.js';
import { projectConfig } from './project-config.js';
import { isPathSpecifier, resolveCandidates } from './resolve-candidates.js';

interface ResolveContext {
  parentURL?: string;
  conditions?: string[];
  importAttributes?: Record<string, string>;
}
interface ResolveResult {
  url: string;
  format?: string | null;
  shortCircuit?: boolean;
  importAttributes?: Record<string, string>;
}
type NextResolve = (specifier: string, context?: ResolveContext) => Promise<ResolveResult>;
interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | Uint8Array | null;
  shortCircuit?: boolean;
}
type NextLoad = (url: string, context?: unknown) => Promise<LoadResult>;

let packageRoot = '';

export function initialize(data: { packageRoot: string } | undefined): void {
  packageRoot = data?.packageRoot ?? '';
}

const isNotFound = (thrown: unknown): boolean => {
  const code = (thrown as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'ERR_UNSUPPORTED_DIR_IMPORT';
};

async function firstResolving(candidates: readonly string[], context: ResolveContext, next: NextResolve): Promise<ResolveResult | null> {
  for (const candidate of candidates) {
    try {
      return await next(candidate, context);
    } catch (thrown) {
      if (!isNotFound(thrown)) throw thrown;
    }
  }
  return null;
}

/** A bare specifier under the project's tsconfig `paths`, tried before packages (as TypeScript does). */
async function viaPaths(specifier: string, context: ResolveContext, next: NextResolve): Promise<ResolveResult | null> {
  if (isPathSpecifier(specifier) || specifier.startsWith('node:') || context.parentURL?.startsWith('file:') !== true) return null;
  const mapped = projectConfig(fileURLToPath(context.parentURL)).paths(specifier);
  for (const target of mapped) {
    const url = pathToFileURL(target).href;
    const found = await firstResolving([url, ...resolveCandidates(url)], context, next);
    if (found !== null) return found;
  }
  return null;
}

async function resolveTyped(specifier: string, context: ResolveContext, next: NextResolve): Promise<ResolveResult> {
  const aliased = await viaPaths(specifier, context, next);
  if (aliased !== null) return aliased;
  try {
    return await next(specifier, context);
  } catch (thrown) {
    if (!isNotFound(thrown) || !isPathSpecifier(specifier)) throw thrown;
    const found = await firstResolving(resolveCandidates(specifier), context, next);
    if (found === null) throw thrown;
    return found;
  }
}

export async function resolve(specifier: string, context: ResolveContext, next: NextResolve): Promise<ResolveResult> {
  const requested = requestedFile(specifier);
  if (requested !== null) {
    const file = fileURLToPath(requested);
    return { url: compiledAnswer((await compileModule(file, readFileSync(file, 'utf8'), true)).code), shortCircuit: true };
  }
  const shim = foreignShim(specifier, context.parentURL?.startsWith('file:') === true ? fileURLToPath(context.parentURL) : null);
  if (shim !== null) return { url: shim.href, shortCircuit: true };
  const result = await resolveTyped(specifier, context, next);
  const instance = instanceOf(context.parentURL);
  if (instance === null || !result.url.startsWith('file:') || isSharedFile(fileURLToPath(result.url), packageRoot)) return result;
  const url = new URL(result.url);
  url.searchParams.set(INSTANCE_PARAM, instance);
  return { ...result, url: url.href };
}

export async function load(url: string, context: unknown, next: NextLoad): Promise<LoadResult> {
  if (!url.startsWith('file:')) return next(url, context);
  const file = fileURLToPath(url);
  if (!COMPILED_EXTENSIONS.test(file)) return next(url, context);
  const source = readFileSync(file, 'utf8');
  // CommonJS runs through Node's CommonJS loader (its require.cache, its require), whose extension asks for the code.
  if ((await formatOf(file, source)) === 'commonjs') return { format: 'commonjs', source: null, shortCircuit: true };
  return { format: 'module', source: (await compileModule(file, source)).code, shortCircuit: true };
}
