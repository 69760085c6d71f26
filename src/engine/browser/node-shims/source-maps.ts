/**
 * `node:module`, `node:path` and `node:url` inside a benchmark page, as far as source positions use
 * them: a page has no source maps to consult (the parent maps the bundle's positions) and its paths
 * are URLs, kept as they are.
 */
export function findSourceMap(): undefined {
  return undefined;
}

export const fileURLToPath = (url: string): string => url;
export const pathToFileURL = (path: string): { href: string } => ({ href: path });
export const dirname = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('/'))) || '/';
export const isAbsolute = (path: string): boolean => path.startsWith('/') || path.includes('://');
export const resolve = (...paths: string[]): string => paths.reduce((all, p) => (isAbsolute(p) ? p : `${all.replace(/\/$/, '')}/${p}`), '/');

export default { findSourceMap, fileURLToPath, pathToFileURL, dirname, isAbsolute, resolve };
