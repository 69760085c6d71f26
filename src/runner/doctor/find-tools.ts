/**
 * The runtimes and tools ubench can find here, the way a run finds them (runner/runtimes/find-runtime.ts:
 * node_modules, then PATH; never downloaded), each with its version and what it enables, or what to
 * install. Versions are asked of all at once, each with a time limit.
 */
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { valgrindCommand } from '../../profiling/callgrind-command.js';
import { perfCommand } from '../../profiling/perf-samples.js';
import { oneLineMessage } from '../../results/text/one-line-message.js';
import { visibleText } from '../../results/text/visible-text.js';
import { findRuntime, nodePackages, realSearch, type RuntimeSearch } from '../runtimes/find-runtime.js';
import type { RuntimeSpec } from '../runtimes/runtime-spec.js';

/** Longest wait for one `--version` (Chromium's first start may read its profile). */
const VERSION_TIMEOUT_MS = 3_000;
/** Characters of a version line kept. */
const VERSION_CHARS = 80;

export interface FoundTool {
  /** `node`, `node@22`, `bun`, `deno`, `chromium`, `valgrind`, `perf`. */
  name: string;
  found: boolean;
  version: string | null;
  path: string | null;
  /** What it enables in ubench. */
  enables: string;
  /** Where it is missing: how to get it (one line); else null. */
  missing: string | null;
}

/** `<executable> --version`'s first line, or null when it fails or takes too long. */
function versionOf(executable: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(executable, ['--version'], { timeout: VERSION_TIMEOUT_MS, encoding: 'utf8', windowsHide: true }, (error, stdout) => {
      const line = stdout?.split('\n').find((l) => l.trim() !== '');
      resolve(error !== null || line === undefined ? null : visibleText(line.trim()).slice(0, VERSION_CHARS));
    });
  });
}

/** An executable on PATH, or null. */
function onPath(name: string, search: RuntimeSearch): string | null {
  if (name.includes('/')) return search.isExecutable(name) ? name : null;
  return search.pathDirs.map((dir) => path.join(dir, name)).find((file) => search.isExecutable(file)) ?? null;
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** The runtime's executable as a run would find it, or why not (the run's own one-line message). */
function located(spec: RuntimeSpec, search: RuntimeSearch): { path: string } | { missing: string } {
  try {
    return { path: findRuntime(spec, search).executable };
  } catch (error) {
    return { missing: oneLineMessage(error).replace(/^--runtime \S+: /, '') };
  }
}

/** Whether playwright-core loads from ubench's own place (as the browser executor loads it), and its folder. */
function playwrightCore(): string | null {
  try {
    return path.dirname(fileURLToPath(import.meta.resolve('playwright-core/package.json')));
  } catch {
    return null;
  }
}

async function tool(name: string, where: { path: string } | { missing: string }, enables: string): Promise<FoundTool> {
  if ('missing' in where) return { name, found: false, version: null, path: null, enables, missing: where.missing };
  const version = await versionOf(where.path);
  return version === null
    ? { name, found: false, version: null, path: where.path, enables, missing: `${where.path} is there but \`--version\` failed` }
    : { name, found: true, version, path: where.path, enables, missing: null };
}

/** Every runtime and tool ubench uses, found or not, from `cwd` (whose node_modules a run searches). */
export async function findTools(cwd: string): Promise<FoundTool[]> {
  const search = realSearch(cwd);
  const self: FoundTool = { name: 'node', found: true, version: process.version, path: process.execPath, enables: 'ubench itself and its benchmark processes (--runtime node)', missing: null };
  const otherNodes = nodePackages(search).map((p) =>
    tool(`node@${p.version.split('.')[0]}`, { path: p.executable }, `--runtime node@${p.version.split('.')[0]}: the same benchmarks under Node ${p.version}`),
  );
  const pathNode = onPath('node', search);
  const nodeOnPath = pathNode !== null && realPath(pathNode) !== realPath(process.execPath) ? [tool('node (PATH)', { path: pathNode }, '--runtime node@<its major version>')] : [];
  const chromium = located({ label: 'chromium', kind: 'chromium', version: null }, search);
  const playwright = playwrightCore();
  const browser: { path: string } | { missing: string } =
    'missing' in chromium ? chromium : playwright === null ? { missing: 'Chromium is there, but playwright-core is not: npm install --save-dev playwright-core' } : chromium;
  const valgrind = onPath(valgrindCommand(), search);
  const perf = onPath(perfCommand(), search);
  return [
    self,
    ...(await Promise.all([
      ...otherNodes,
      ...nodeOnPath,
      tool('bun', located({ label: 'bun', kind: 'bun', version: null }, search), '--runtime bun: the benchmarks under JavaScriptCore'),
      tool('deno', located({ label: 'deno', kind: 'deno', version: null }, search), '--runtime deno'),
      tool('chromium', browser, `--runtime chromium: the benchmarks in a browser page${playwright === null ? '' : ' (with playwright-core)'}`),
      tool(
        'valgrind',
        valgrind === null ? { missing: 'apt-get install valgrind (or set UBENCH_VALGRIND to its path)' } : { path: valgrind },
        '--instructions and --cache-sim: instruction counts the host does not move',
      ),
      tool('perf', perf === null ? { missing: 'apt-get install linux-perf (or set UBENCH_PERF to its path)' } : { path: perf }, "--disasm's per-instruction samples"),
    ])),
  ];
}
