/**
 * A load error said with its cause where Node's message names only a consequence. A `.ts` or `.js`
 * bench file in a package without `"type": "module"` is loaded as CommonJS, which has no top-level
 * await: Node 20 then reports "await is only valid in async functions…", or (Node ≥ 20.19, whose
 * require() loads ES modules) "Cannot require() ES Module … in a cycle", neither naming the fix.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorInfo } from '../../results/types.js';

/** What Node and the TypeScript loader say when a CommonJS file holds top-level await (Node 20.20 and 22, measured here). */
const TOP_LEVEL_AWAIT_IN_COMMONJS = [/await is only valid in async functions/, /Cannot require\(\) ES Module .* in a cycle/, /Top-level await is currently not supported with the "cjs" output format/];

/** How Node loads `file`: by its extension, else by the nearest package.json's `type`. */
export function moduleFormat(file: string): 'module' | 'commonjs' {
  const ext = path.extname(file);
  if (ext === '.mts' || ext === '.mjs') return 'module';
  if (ext === '.cts' || ext === '.cjs') return 'commonjs';
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type === 'module' ? 'module' : 'commonjs';
      } catch {
        return 'commonjs';
      }
    }
    if (path.dirname(dir) === dir) return 'commonjs';
  }
}

/** `error` with the cause and the fix added when `file` is CommonJS and the message is top-level await's. */
export function withLoadHint(error: ErrorInfo, file: string): ErrorInfo {
  if (!TOP_LEVEL_AWAIT_IN_COMMONJS.some((pattern) => pattern.test(error.message))) return error;
  if (moduleFormat(file) !== 'commonjs') return error;
  const ext = path.extname(file);
  const renamed = ext === '.ts' || ext === '.tsx' || ext === '.cts' ? '.mts' : '.mjs';
  const nodeSaid = error.message.split('\n')[0]!.split(/\.\s/)[0];
  const why = ext === '.cts' || ext === '.cjs' ? `${path.basename(file)} is CommonJS by its extension` : `${path.basename(file)}, no "type": "module" in its package.json`;
  const fix = ext === '.cts' || ext === '.cjs' ? `name it ${renamed}` : `name it ${renamed}, or set "type": "module"`;
  return { ...error, message: `top-level await in a file loaded as CommonJS (${why}): ${fix} (Node said: ${nodeSaid})` };
}
