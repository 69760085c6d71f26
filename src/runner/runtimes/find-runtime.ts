/**
 * Finds the executable of each runtime asked for: in the project's `node_modules` (the npm packages
 * that ship the binaries: `bun`, `deno`, `node-<os>-<arch>`), then on `PATH`. ubench never downloads
 * a runtime; a missing one is a one-line error naming the package that provides it.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeTarget } from '../../engine/process/events.js';
import type { RuntimeName } from '../../results/runtime-identity.js';
import { UsageError } from '../usage-error.js';
import type { RuntimeSpec } from './runtime-spec.js';
import { NODE_VERSION } from '../../results/runtimes/this-runtime.js';

/** Longest wait for `<node> --version` of a candidate on PATH. */
const VERSION_TIMEOUT_MS = 5_000;

/** The file system and process facts the search reads (replaceable for tests). */
export interface RuntimeSearch {
  cwd: string;
  /** PATH's folders, in order. */
  pathDirs: readonly string[];
  /** The Node running ubench: `node` without a version is always this one. */
  execPath: string;
  nodeVersion: string;
  platform: NodeJS.Platform;
  arch: string;
  isExecutable(file: string): boolean;
  /** The first bytes of a file, to tell a binary from a script wrapper. */
  isScript(file: string): boolean;
  readJson(file: string): unknown;
  listDir(dir: string): string[];
  /** `<executable> --version` (null when it fails). */
  versionOf(executable: string): string | null;
}

export function realSearch(cwd: string): RuntimeSearch {
  return {
    cwd,
    pathDirs: (process.env['PATH'] ?? '').split(path.delimiter).filter((d) => d !== ''),
    execPath: process.execPath,
    nodeVersion: NODE_VERSION,
    platform: process.platform,
    arch: process.arch,
    isExecutable: (file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    },
    isScript: (file) => {
      try {
        const fd = openSync(file, 'r');
        const head = Buffer.alloc(2);
        readSync(fd, head, 0, 2, 0);
        closeSync(fd);
        return head.toString('latin1') === '#!';
      } catch {
        return false;
      }
    },
    readJson: (file) => {
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        return null;
      }
    },
    listDir: (dir) => {
      try {
        return existsSync(dir) ? readdirSync(dir) : [];
      } catch {
        return [];
      }
    },
    versionOf: (executable) => {
      try {
        return execFileSync(executable, ['--version'], { encoding: 'utf8', timeout: VERSION_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      } catch {
        return null;
      }
    },
  };
}

/** `node_modules` folders from the working directory up to the root, nearest first. */
function nodeModulesDirs(cwd: string): string[] {
  const dirs: string[] = [];
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    dirs.push(path.join(dir, 'node_modules'));
    if (path.dirname(dir) === dir) return dirs;
  }
}

function exe(name: string, search: RuntimeSearch): string {
  return search.platform === 'win32' ? `${name}.exe` : name;
}

function onPath(names: readonly string[], search: RuntimeSearch): string[] {
  return search.pathDirs.flatMap((dir) => names.map((name) => path.join(dir, exe(name, search)))).filter((file) => search.isExecutable(file));
}

/** Whether a version (`22.23.3`, `v22.23.3`) is the one asked for (`22`, `22.23`). */
export function versionMatches(version: string, wanted: string): boolean {
  const have = version.trim().replace(/^v/, '').split('.');
  return wanted.split('.').every((part, i) => have[i] === part);
}

const INSTALL_HINT: Record<Exclude<RuntimeName, 'node'>, string> = {
  bun: 'install it with `npm install --save-dev bun` (or put bun on PATH)',
  deno: 'install it with `npm install --save-dev deno` (or put deno on PATH)',
  chromium: "install Debian's chromium (`apt-get install chromium`) or another Chromium on PATH, and `npm install --save-dev playwright-core`",
};

/** The binaries an npm package ships, as installed: a script wrapper only when nothing better is there. */
function packageBinaries(kind: 'bun' | 'deno', search: RuntimeSearch): string[] {
  const candidates = nodeModulesDirs(search.cwd).flatMap((dir) =>
    kind === 'bun' ? [path.join(dir, 'bun', 'bin', 'bun.exe'), path.join(dir, '.bin', exe('bun', search))] : [path.join(dir, 'deno', exe('deno', search)), path.join(dir, '.bin', exe('deno', search))],
  );
  return candidates.filter((file) => search.isExecutable(file) && !search.isScript(file));
}

/** The Nodes installed as npm packages (`node-<os>-<arch>`, under any alias) in the node_modules folders from the working directory up, nearest first. */
export function nodePackages(search: RuntimeSearch): { version: string; executable: string }[] {
  const found: { version: string; executable: string }[] = [];
  for (const dir of nodeModulesDirs(search.cwd)) {
    for (const entry of search.listDir(dir)) {
      const manifest = search.readJson(path.join(dir, entry, 'package.json')) as { name?: unknown; version?: unknown } | null;
      if (typeof manifest?.name !== 'string' || typeof manifest.version !== 'string') continue;
      if (!/^node-(linux|darwin|win)-[a-z0-9]+$/.test(manifest.name)) continue;
      const binary = search.platform === 'win32' ? path.join(dir, entry, 'bin', 'node.exe') : path.join(dir, entry, 'bin', 'node');
      if (search.isExecutable(binary)) found.push({ version: manifest.version, executable: binary });
    }
  }
  return found;
}

/** A Node of the version asked for: the running one, an npm `node-<os>-<arch>` package, or one on PATH. */
function findNode(spec: RuntimeSpec, search: RuntimeSearch): string {
  const wanted = spec.version;
  if (wanted === null || versionMatches(search.nodeVersion, wanted)) return search.execPath;
  const packaged = nodePackages(search).find((p) => versionMatches(p.version, wanted));
  if (packaged !== undefined) return packaged.executable;
  const major = wanted.split('.')[0]!;
  for (const candidate of onPath([`node${major}`, `node-${major}`, 'node'], search)) {
    const version = search.versionOf(candidate);
    if (version !== null && versionMatches(version, wanted)) return candidate;
  }
  throw new UsageError(
    `--runtime ${spec.label}: no Node ${wanted} found; install it with \`npm install --save-dev node${major}@npm:node-${search.platform === 'win32' ? 'win' : search.platform}-${search.arch}@${wanted}\` (or put node${major} on PATH)`,
  );
}

export function findRuntime(spec: RuntimeSpec, search: RuntimeSearch): RuntimeTarget {
  const found = (executable: string): RuntimeTarget => ({ label: spec.label, kind: spec.kind, executable });
  switch (spec.kind) {
    case 'node':
      return found(findNode(spec, search));
    case 'bun':
    case 'deno': {
      const candidate = packageBinaries(spec.kind, search)[0] ?? onPath([spec.kind], search)[0];
      if (candidate === undefined) throw new UsageError(`--runtime ${spec.label}: ${spec.kind} not found; ${INSTALL_HINT[spec.kind]}`);
      return found(candidate);
    }
    case 'chromium': {
      const candidate = onPath(['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'], search)[0];
      if (candidate === undefined) throw new UsageError(`--runtime chromium: no Chromium found on PATH; ${INSTALL_HINT.chromium}`);
      return found(candidate);
    }
  }
}

export function findRuntimes(specs: readonly RuntimeSpec[], search: RuntimeSearch): RuntimeTarget[] {
  return specs.map((spec) => findRuntime(spec, search));
}
