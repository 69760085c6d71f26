/**
 * Whether the project of a bench file runs vitest with `test.globals: true` (docs/integrations.md):
 * then its bench files use `describe`/`bench` without importing them. The vitest config is the
 * nearest `vitest.config.*` (else `vite.config.*`) from the file's folder up to its package's root.
 * Read from its source first, which runs none of its code: a literal `globals: true|false`, or no
 * `globals` at all in a config that takes nothing from elsewhere, settles it. Otherwise the config
 * is loaded in a process of its own (its plugins and imports stay out of the benchmark's process),
 * and if that fails too the answer is unknown, with the reason.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CONFIG_NAMES = ['vitest.config', 'vite.config'];
const CONFIG_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'];
/**
 * Longest wait for a config loaded in its own process. vitest configs import vite and plugins
 * (~0.3–1 s on this machine kind); past this the process is killed and the answer is unknown.
 */
const LOAD_TIMEOUT_MS = 20_000;

export interface GlobalsAnswer {
  /** The config read, or null without one. */
  config: string | null;
  /** `test.globals`, or null when it could not be told (`why` says why). */
  globals: boolean | null;
  why: string | null;
}

/** The nearest vitest (else vite) config from `file`'s folder up to the folder of its package.json. */
export function findVitestConfig(file: string): string | null {
  for (let folder = path.dirname(path.resolve(file)); ; ) {
    for (const name of CONFIG_NAMES) {
      for (const extension of CONFIG_EXTENSIONS) {
        const candidate = path.join(folder, name + extension);
        if (existsSync(candidate)) return candidate;
      }
    }
    const parent = path.dirname(folder);
    if (existsSync(path.join(folder, 'package.json')) || parent === folder) return null;
    folder = parent;
  }
}

/** The source with its comments blanked out (strings, template literals and regex-free code assumed). */
export function withoutComments(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '"' || ch === "'" || ch === '`') {
      const start = i;
      for (i++; i < source.length && source[i] !== ch; i++) if (source[i] === '\\') i++;
      out += source.slice(start, i + 1);
    } else if (ch === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 1;
      out += ' ';
    } else out += ch;
  }
  return out;
}

/** Where a config takes settings from elsewhere: another config merged or spread in, or a shared preset. */
const TAKES_FROM_ELSEWHERE = /\bmergeConfig\s*\(|\.\.\.\s*[\w$]|\bextends\s*:|\bprojects\s*:|\bworkspace\s*:/;

/** `test.globals` as the config's source states it: a literal value, false when it names none and takes nothing from elsewhere, else null. */
export function staticGlobals(source: string): boolean | null {
  const code = withoutComments(source);
  const values = [...code.matchAll(/\bglobals\s*:\s*([^,}\s]+)/g)].map((m) => m[1]);
  if (values.length === 0) return TAKES_FROM_ELSEWHERE.test(code) ? null : false;
  if (values.every((v) => v === 'true')) return true;
  if (values.every((v) => v === 'false')) return false;
  return null;
}

/** Loads the config in a Node process of its own, through ubench's loader (it may be TypeScript). */
function loadedGlobals(config: string): { globals: boolean | null; why: string | null } {
  const loader = new URL('../loader/register-loader.js', import.meta.url).href;
  const reader = fileURLToPath(new URL('./read-vitest-config.js', import.meta.url));
  const child = spawnSync(process.execPath, ['--import', loader, reader, config], { cwd: path.dirname(config), encoding: 'utf8', timeout: LOAD_TIMEOUT_MS });
  if (child.error !== undefined) return { globals: null, why: `loading it failed: ${child.error.message.split('\n')[0]}` };
  const last = child.stdout.trim().split('\n').pop() ?? '';
  try {
    const answer = JSON.parse(last) as { globals?: unknown; error?: unknown };
    if (typeof answer.globals === 'boolean') return { globals: answer.globals, why: null };
    return { globals: null, why: typeof answer.error === 'string' ? `loading it failed: ${answer.error}` : 'its test.globals is not true or false' };
  } catch {
    return { globals: null, why: `loading it failed${child.signal === null ? '' : ` (${child.signal})`}: ${(child.stderr.trim().split('\n')[0] ?? '').slice(0, 200) || 'no answer'}` };
  }
}

/** `test.globals` of the project's vitest config for `file`; `canLoad`: whether a config may be loaded in a process of its own (Node). */
export function vitestGlobals(file: string, canLoad: boolean): GlobalsAnswer {
  const config = findVitestConfig(file);
  if (config === null) return { config, globals: false, why: null };
  let source: string;
  try {
    source = readFileSync(config, 'utf8');
  } catch (thrown) {
    return { config, globals: null, why: `it could not be read: ${(thrown as Error).message.split('\n')[0]}` };
  }
  const stated = staticGlobals(source);
  if (stated !== null) return { config, globals: stated, why: null };
  if (!canLoad) return { config, globals: null, why: 'its source does not state test.globals, and this runtime does not load it' };
  return { config, ...loadedGlobals(config) };
}
