// Bundles each entry point of dist/ that a process starts from (as tsc emitted it) with the dist/
// modules it imports, into that one file, in place. Why: a process spent its first few hundred ms
// of CPU opening, resolving and compiling modules one by one — the CLI ~420 (`ubench --version`
// 0.65 s of CPU, 0.2 s bundled), each benchmark process ~120 before it measures anything (and every
// run starts one per file). The npm packages stay imports.
// The other modules of dist/ stay as they are beside the bundles: the API (dist/index.js) loads
// them. A benchmark process leaves dist/define/ outside its bundle: the user's `bench()` comes from
// there, through the user's own import of ubench, and the engine must see the very same modules
// (the same classes for `instanceof`, one registry).
// A module that finds files relative to itself (`import.meta.url`) keeps doing so: each use is
// rewritten to that module's own URL, computed from its bundle's.
import { build } from 'esbuild';
import { rm, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const relativeUrl = (from, to) => {
  const relative = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
};

/** The entries, each with the dist/ folders its bundle imports instead of holding. */
const ENTRIES = [
  // The CLI: every command.
  { entry: 'cli/main.js', shared: [] },
  // A benchmark process (Node, Bun, Deno).
  { entry: 'engine/process/child-main.js', shared: ['define'] },
  // `--import`ed first by every Node benchmark process, and the module hooks it starts on the loader thread.
  { entry: 'engine/loader/register-loader.js', shared: [] },
  { entry: 'engine/loader/loader-hooks.js', shared: [] },
];

/** `import.meta.url` of a module of dist/, as an expression valid inside the bundle at `entry`. */
const ownUrlPlugin = (entry) => ({
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'js' };
      const own = `new URL(${JSON.stringify(relativeUrl(entry, args.path))}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', own), loader: 'js' };
    });
  },
});

/** Imports of a module in one of the `shared` folders stay imports, relative to the bundle. */
const sharedPlugin = (entry, shared) => ({
  name: 'shared-modules',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = path.resolve(args.resolveDir, args.path);
      const inShared = shared.some((folder) => target.startsWith(path.join(dist, folder) + path.sep));
      return inShared ? { path: relativeUrl(entry, target), external: true } : undefined;
    });
  },
});

for (const { entry: name, shared } of ENTRIES) {
  const entry = path.join(dist, name);
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: entry,
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    plugins: [sharedPlugin(entry, shared), ownUrlPlugin(entry)],
    logLevel: 'warning',
  });
  // tsc's map was of the unbundled entry, and the bundle names none.
  await rm(`${entry}.map`, { force: true });
}
