/**
 * Where a relative import that Node cannot find may point when the project is TypeScript: the
 * `.ts` twin of a `.js` name (TypeScript's own convention, `import './lib.js'` for `lib.ts`), or a
 * name without its extension or a folder's index (bundler-style imports). Tried in this order only
 * after Node's own resolution failed, so a file that exists is always the one imported.
 */

/** `.js`-family extensions and the TypeScript (and JSX) files that compile to them. */
const TWINS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['.js', ['.ts', '.tsx']],
  ['.jsx', ['.tsx']],
  ['.mjs', ['.mts']],
  ['.cjs', ['.cts']],
];

/** Extensions tried on a name without one, TypeScript first (as TypeScript's resolution does). */
export const EXTENSIONS_TRIED = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'] as const;

/** Whether a specifier names a file by path (relative, absolute or a file: URL) rather than a package. */
export function isPathSpecifier(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..' || specifier.startsWith('/') || specifier.startsWith('file:');
}

/** Candidate specifiers for one Node could not resolve, most likely first (the query and hash kept). */
export function resolveCandidates(specifier: string): string[] {
  const cut = specifier.search(/[?#]/);
  const base = cut === -1 ? specifier : specifier.slice(0, cut);
  const suffix = cut === -1 ? '' : specifier.slice(cut);
  for (const [js, sources] of TWINS) {
    if (base.endsWith(js)) return sources.map((ext) => base.slice(0, -js.length) + ext + suffix);
  }
  const stem = base.endsWith('/') ? base.slice(0, -1) : base;
  return [...EXTENSIONS_TRIED.map((ext) => stem + ext + suffix), ...EXTENSIONS_TRIED.filter((ext) => ext !== '.json').map((ext) => `${stem}/index${ext}${suffix}`)];
}
