/**
 * Converts whatever a benchmark threw into a one-line message plus the user's source location:
 * the first stack frame that is neither ubench's own code, Node's internals, the TypeScript
 * loader, nor generated code.
 */
import { fileURLToPath } from 'node:url';
import type { ErrorInfo } from '../../results/types.js';

/** How esbuild (the loader's compiler of what cannot be erased) words a syntax error: `Transform failed with 1 error: file:3:24: ERROR: Unexpected ")"`. */
const TRANSFORM_FAILURE = /Transform failed with \d+ errors?: (\S+:\d+:\d+): ERROR: (.*)$/;
/** How the loader's CommonJS emit words one (engine/loader/commonjs-emit.ts): `SyntaxError: file:3:24: message`. */
const EMIT_FAILURE = /^SyntaxError: (\S+:\d+:\d+): (.*)$/;
/** Compilers a TypeScript loader runs (ubench's own, or one the user imports): their frames are not the user's. */
const LOADER_PACKAGES = ['tsx', 'esbuild', 'amaro', 'typescript', 'get-tsconfig'].map((name) => `/node_modules/${name}/`);
const FRAME_LOCATION = /\(?((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?\s*$/;

/** ubench's own code, compiled or (through source maps) original. */
export function isHarnessFile(file: string, packageRoot: string): boolean {
  return file.startsWith(`${packageRoot}dist/`) || file.startsWith(`${packageRoot}src/`);
}

function isUserFrame(file: string, packageRoot: string): boolean {
  if (file.startsWith('node:') || file.startsWith('internal/') || file === '<anonymous>') return false;
  if (LOADER_PACKAGES.some((folder) => file.includes(folder))) return false;
  return !isHarnessFile(file, packageRoot);
}

function relativeTo(cwd: string, file: string): string {
  return file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;
}

/** `file:line:col` of the first user frame in a stack, paths shown relative to `cwd`. */
export function userLocation(stack: string | undefined, packageRoot: string, cwd: string): string | null {
  if (stack === undefined) return null;
  for (const line of stack.split('\n').slice(1)) {
    const match = FRAME_LOCATION.exec(line.trim());
    if (match === null) continue;
    let file = match[1]!;
    if (file.startsWith('file://')) {
      try {
        file = fileURLToPath(file);
      } catch {
        continue;
      }
    }
    if (!isUserFrame(file, packageRoot)) continue;
    return `${relativeTo(cwd, file)}:${match[2]}:${match[3]}`;
  }
  return null;
}

/** The first line of a message; a line ending in ':' (e.g. "Transform failed with 1 error:") takes the next one too. */
function firstLine(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const [head = text.trim(), next] = lines;
  return head.endsWith(':') && next !== undefined ? `${head} ${next}` : head;
}

interface EsbuildMessage {
  text: string;
  location: { file: string; line: number; column: number } | null;
}

/** esbuild's TransformError carries the failing file and position in `errors`, not in its stack. */
function esbuildError(thrown: Error, cwd: string): ErrorInfo | null {
  const errors = (thrown as Error & { errors?: EsbuildMessage[] }).errors;
  const first = Array.isArray(errors) ? errors[0] : undefined;
  if (first === undefined || typeof first.text !== 'string') return null;
  const where = first.location;
  const location = where === null ? null : `${relativeTo(cwd, where.file)}:${where.line}:${where.column + 1}`;
  return { message: `SyntaxError: ${first.text}`, location, stack: thrown.stack ?? null };
}

export function toErrorInfo(thrown: unknown, packageRoot: string, cwd: string): ErrorInfo {
  if (thrown instanceof Error) {
    const fromEsbuild = esbuildError(thrown, cwd);
    if (fromEsbuild !== null) return fromEsbuild;
    const name = thrown.name && thrown.name !== 'Error' ? `${thrown.name}: ` : '';
    const message = (firstLine(`${name}${thrown.message}`) || thrown.name || 'Error').split(`${cwd}/`).join('');
    const transform = TRANSFORM_FAILURE.exec(message) ?? EMIT_FAILURE.exec(message);
    if (transform !== null) {
      return { message: `SyntaxError: ${transform[2]}`, location: relativeTo(cwd, transform[1]!), stack: thrown.stack ?? null };
    }
    return { message, location: userLocation(thrown.stack, packageRoot, cwd), stack: thrown.stack ?? null };
  }
  let text: string;
  try {
    text = typeof thrown === 'string' ? thrown : (JSON.stringify(thrown) ?? String(thrown));
  } catch {
    text = String(thrown);
  }
  return { message: `non-Error thrown: ${firstLine(text)}`, location: null, stack: null };
}
