/**
 * The bundle of a benchmark page: the engine's page entry with one bench file, built by esbuild for
 * the browser. Node built-ins the engine imports are replaced by the page's stand-ins
 * (engine/browser/node-shims/); those user code imports fail when the bench file loads, naming the
 * module, so only that file's row fails there. TypeScript bench files are bundled as they are.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { foreignShim } from '../../engine/loader/foreign-resolve.js';
import type { ChildRequest } from '../../engine/process/events.js';
import type { RuntimeIdentity } from '../../results/runtime-identity.js';
import type { ErrorInfo } from '../../results/types.js';

/** The compiled engine the page is built from (`dist/`, also when this module runs from `src/` under the tests). */
const dist = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/src\/$/, '/dist/');
const browserDir = path.join(dist, 'engine', 'browser');
const shim = (name: string): string => path.join(browserDir, 'node-shims', `${name}.js`);
/** Other benchmark APIs' packages: a project file's import of one is ubench's stand-in for it (engine/loader/foreign-resolve.ts). */
const FOREIGN = /^(ubench|vitest|mitata|tinybench|benchmark)$/;
/** The built stand-in (`foreignShim` names it beside its own module, which is in `src/` under the tests). */
const foreignPath = (url: URL): string => path.join(dist, 'define', 'foreign', path.basename(fileURLToPath(url)));

/** The engine's Node imports and their stand-ins in a page. */
const SHIMS: Record<string, string> = {
  'node:v8': shim('v8'),
  'node:vm': shim('vm'),
  'node:fs': shim('fs'),
  'node:util': shim('util'),
  'node:perf_hooks': shim('perf-hooks'),
  'node:timers/promises': shim('timers-promises'),
  'node:module': shim('source-maps'),
  'node:path': shim('source-maps'),
  'node:url': shim('source-maps'),
};

const BUILTIN =
  /^(node:.*|assert|buffer|child_process|cluster|crypto|dgram|dns|events|fs|fs\/promises|http|http2|https|inspector|module|net|os|path|perf_hooks|process|readline|stream|string_decoder|timers|timers\/promises|tls|tty|url|util|v8|vm|worker_threads|zlib)$/;

export interface PageBundle {
  code: string;
  /** esbuild's source map of `code` (sources relative to the working directory). */
  map: string;
}

/** Bundling failed: the bench file does not compile or imports what cannot be found. */
export class BundleError extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.message);
  }
}

export async function bundlePage(request: ChildRequest, identity: RuntimeIdentity, cwd: string): Promise<PageBundle> {
  const esbuild = await import('esbuild');
  const entry = [
    `import { startPage } from ${JSON.stringify(path.join(browserDir, 'page-main.js'))};`,
    `startPage(${JSON.stringify(request)}, ${JSON.stringify(identity)}, () => import(${JSON.stringify(request.file)}));`,
  ].join('\n');
  try {
    const built = await esbuild.build({
      stdin: { contents: entry, resolveDir: cwd, sourcefile: 'ubench-page-entry.js', loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outfile: path.join(cwd, 'ubench-page.js'),
      sourcemap: 'external',
      // No keepNames: its `__name(fn, "…")` wrappers redefine every function's name, which moves the
      // function off V8's initial map (a function's `.length` read 4.4× slower); the code timed must be
      // the user's. A name two bundled modules both declare at top level may carry a suffix instead.
      keepNames: false,
      logLevel: 'silent',
      inject: [shim('process')],
      plugins: [
        {
          name: 'ubench-page',
          setup(build) {
            build.onResolve({ filter: FOREIGN }, (args) => {
              let stand: URL | null;
              try {
                stand = foreignShim(args.path, args.importer === '' || args.importer.startsWith(dist) ? null : args.importer);
              } catch (mixed) {
                return { errors: [{ text: (mixed as Error).message }] };
              }
              if (args.path === 'ubench') return { path: path.join(browserDir, 'ubench-in-page.js') };
              if (stand === null) return undefined;
              // require('benchmark') is the constructor itself, as the package's own module gives it.
              return args.kind === 'require-call' ? { path: foreignPath(stand), namespace: 'foreign-commonjs' } : { path: foreignPath(stand) };
            });
            build.onLoad({ filter: /.*/, namespace: 'foreign-commonjs' }, (args) => ({
              contents: `module.exports = require(${JSON.stringify(args.path)}).default ?? require(${JSON.stringify(args.path)});`,
              loader: 'js',
              resolveDir: dist,
            }));
            build.onResolve({ filter: BUILTIN }, (args) => {
              const name = args.path.startsWith('node:') ? args.path : `node:${args.path}`;
              if (args.importer.startsWith(dist) && SHIMS[name] !== undefined) return { path: SHIMS[name] };
              return { path: name, namespace: 'missing-builtin' };
            });
            // CommonJS, so any named import of it bundles; it throws when the bench file loads.
            build.onLoad({ filter: /.*/, namespace: 'missing-builtin' }, (args) => ({
              contents: `throw new Error(${JSON.stringify(`${args.path} is a Node module, not available in a browser page`)});\nmodule.exports = {};`,
              loader: 'js',
            }));
          },
        },
      ],
    });
    const code = built.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
    const map = built.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
    return { code, map };
  } catch (error) {
    const first = (error as { errors?: { text: string; location: { file: string; line: number; column: number } | null }[] }).errors?.[0];
    if (first === undefined) throw error;
    const location = first.location === null ? null : `${first.location.file}:${first.location.line}:${first.location.column + 1}`;
    throw new BundleError({ message: first.text, location, stack: null });
  }
}
