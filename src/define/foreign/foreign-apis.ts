/**
 * The benchmark APIs of other projects whose files ubench runs unchanged (docs/integrations.md):
 * the package a bench file imports, and the ubench module that stands in for it in the benchmark
 * process. Detection is by the import specifier alone, so a file says which API it uses by what it
 * imports, as it does for its own runner.
 */

/** An API ubench can stand in for, by the package name a bench file imports. */
export type ForeignApi = 'vitest' | 'mitata' | 'tinybench' | 'benchmark';

/** Each API's stand-in, as a file name beside this one (in dist/define/foreign/). */
const SHIM_FILES: Readonly<Record<ForeignApi, string>> = {
  vitest: 'vitest-shim.js',
  mitata: 'mitata-shim.js',
  tinybench: 'tinybench-shim.js',
  benchmark: 'benchmark-js-shim.js',
};

/** How each API is named in messages. */
export const API_TITLES: Readonly<Record<ForeignApi, string>> = {
  vitest: "vitest's bench",
  mitata: 'mitata',
  tinybench: 'tinybench',
  benchmark: 'Benchmark.js',
};

/** The foreign API a specifier imports (the package itself, not a subpath such as `vitest/config`), or null. */
export function foreignApiOf(specifier: string): ForeignApi | null {
  return Object.hasOwn(SHIM_FILES, specifier) ? (specifier as ForeignApi) : null;
}

/** The URL of the module that stands in for an API, next to this one. */
export function shimUrl(api: ForeignApi): URL {
  return new URL(`./${SHIM_FILES[api]}`, import.meta.url);
}

/** What a file may not do: import two benchmark APIs, or one of them beside ubench's own. */
export function mixedApisMessage(file: string, first: ForeignApi | 'ubench', second: ForeignApi | 'ubench'): string {
  const title = (api: ForeignApi | 'ubench'): string => (api === 'ubench' ? "ubench's own API" : API_TITLES[api]);
  return `${file} imports both ${title(first)} ('${first}') and ${title(second)} ('${second}'): ubench runs a file written for one benchmark API; split it into one file per API`;
}
