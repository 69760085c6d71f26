/**
 * The module system a file's package declares, as Node reads it: the `"type"` of the nearest
 * `package.json` above the file (`"module"`, `"commonjs"`), or none when that file has no `"type"`
 * or there is no `package.json` at all (then Node tells the format from the file's syntax).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type PackageType = 'module' | 'commonjs' | null;

const byFolder = new Map<string, PackageType>();

function readType(file: string): PackageType | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const type = (JSON.parse(text) as { type?: unknown }).type;
    return type === 'module' || type === 'commonjs' ? type : null;
  } catch {
    // Node refuses a malformed package.json when it resolves through it; for the format it counts as no "type".
    return null;
  }
}

/** The `"type"` of the nearest package.json above `file` (cached per folder). */
export function packageTypeOf(file: string): PackageType {
  const visited: string[] = [];
  let folder = path.dirname(file);
  let found: PackageType = null;
  for (;;) {
    const cached = byFolder.get(folder);
    if (cached !== undefined) {
      found = cached;
      break;
    }
    visited.push(folder);
    const type = readType(path.join(folder, 'package.json'));
    if (type !== undefined) {
      found = type;
      break;
    }
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  for (const seen of visited) byFolder.set(seen, found);
  return found;
}
