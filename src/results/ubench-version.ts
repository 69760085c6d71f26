/** ubench's own version, read once from its package.json (two levels up from src/results/ or dist/results/). */
import { readFileSync } from 'node:fs';

/** Reported when package.json cannot be read: metadata must never stop a run. */
const UNKNOWN_VERSION = 'unknown';

let cachedVersion: string | undefined;

export function ubenchVersion(): string {
  cachedVersion ??= readOwnVersion();
  return cachedVersion;
}

function readOwnVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as unknown;
    if (typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string' && pkg.version !== '') {
      return pkg.version;
    }
    return UNKNOWN_VERSION;
  } catch {
    return UNKNOWN_VERSION;
  }
}
