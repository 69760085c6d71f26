/**
 * Run as a process of its own by vitest-config.ts, with ubench's loader: loads a vitest (or vite)
 * config as vitest would for `vitest bench` (a function config is called with mode `benchmark`)
 * and prints one JSON line, `{"globals": …}` or `{"error": "…"}`. Not a public API.
 */
import { pathToFileURL } from 'node:url';

const print = (answer: object): void => {
  process.stdout.write(`\n${JSON.stringify(answer)}\n`);
};

const [file] = process.argv.slice(2);
try {
  const loaded = (await import(pathToFileURL(file!).href)) as { default?: unknown };
  let config: unknown = loaded.default ?? loaded;
  if (typeof config === 'function') config = await (config as (env: object) => unknown)({ command: 'serve', mode: 'benchmark', isSsrBuild: false, isPreview: false });
  config = await config;
  const globals = (config as { test?: { globals?: unknown } } | null)?.test?.globals;
  print(globals === undefined ? { globals: false } : { globals: typeof globals === 'boolean' ? globals : null });
} catch (thrown) {
  print({ error: (thrown instanceof Error ? thrown.message : String(thrown)).split('\n')[0]!.slice(0, 200) });
}
// A config's plugins may leave handles open; the answer is out.
process.exit(0);
