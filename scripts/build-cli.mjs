// Bundles the CLI's entry (dist/cli/main.js, as tsc emitted it) with the ~420 modules of dist/ it
// imports into that one file, in place. Why: a `ubench` process spent ~0.45 s of CPU opening,
// resolving and compiling them before doing anything (`ubench --version` took 0.65 s of CPU, 0.2 s
// bundled), and every run, every `compare`, every test starts one. The npm packages stay imports.
// The modules of dist/ stay as they are beside it: the API (dist/index.js) and the benchmark
// processes load them, which share state with the user's code (the bench file's `bench()` must
// reach the same registry as the process that measures it), so they are never bundled.
// A module that finds files relative to itself (`import.meta.url`) keeps doing so: each use is
// rewritten to that module's own URL, computed from the bundle's.
import { build } from 'esbuild';
import { rm, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(root, 'dist', 'cli', 'main.js');

/** `import.meta.url` of a module of dist/, as an expression valid inside the bundle at dist/cli/main.js. */
const ownUrlPlugin = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'js' };
      const relative = path.relative(path.dirname(entry), args.path).split(path.sep).join('/');
      const own = `new URL(${JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', own), loader: 'js' };
    });
  },
};

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
  plugins: [ownUrlPlugin],
  logLevel: 'warning',
});
// tsc's map was of the unbundled entry, and the bundle names none.
await rm(`${entry}.map`, { force: true });
