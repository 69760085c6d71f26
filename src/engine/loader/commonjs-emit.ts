/**
 * TypeScript with ES module syntax in a CommonJS scope (a `.cts` file, or `.ts` in a package whose
 * `"type"` is `"commonjs"`) becomes CommonJS exactly as `tsc` emits it, by TypeScript's own
 * `transpileModule`: exports are data properties (`exports.add = add`), imports are read from the
 * required module's exports (`(0, lib_1.add)(…)`), `esModuleInterop` as the project sets it.
 * (esbuild's and swc's CommonJS make every export a getter, which V8 cannot fold: an imported
 * constant read 9.7× slower in the issue that led here.) Nothing is lowered for an older target.
 * TypeScript runs in a process of its own (emit-server.ts says why), started on first use.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { EmitAnswer, EmitRequest } from './emit-server.js';
import type { ProjectConfig } from './project-config.js';

/** The server's script; from ubench's sources (its own tests) the built one, since Node cannot run TypeScript. */
const SERVER = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../dist/engine/loader/emit-server.js' : './emit-server.js', import.meta.url));

let server: ChildProcess | null = null;
let nextId = 0;
const pending = new Map<number, { resolve(code: string): void; reject(error: Error): void }>();

function started(): ChildProcess {
  if (server !== null) return server;
  // Plain JavaScript: none of the benchmark process's flags (ubench's loader among them).
  const child = spawn(process.execPath, [SERVER, 'serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const answer = JSON.parse(line) as EmitAnswer;
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) hold(child, false);
    if ('code' in answer) waiting?.resolve(answer.code);
    else waiting?.reject(new SyntaxError(answer.error));
  });
  const fail = (why: string): void => {
    server = null;
    for (const waiting of pending.values()) waiting.reject(new Error(`ubench's TypeScript emitter ${why}`));
    pending.clear();
  };
  child.on('exit', () => fail('ended before it answered'));
  child.on('error', (error) => fail(`could not start: ${error.message}`));
  server = child;
  return child;
}

/** Waiting for an answer keeps the loader thread alive; idle between files, the server must not keep the process alive. */
function hold(child: ChildProcess, waiting: boolean): void {
  const handles = [child, child.stdout as unknown as { ref(): void; unref(): void }, child.stdin as unknown as { ref?(): void; unref?(): void }];
  for (const handle of handles) {
    if (waiting) handle.ref?.();
    else handle.unref?.();
  }
}

export function emitCommonJs(source: string, file: string, config: ProjectConfig): Promise<string> {
  const id = nextId++;
  const request: EmitRequest = { id, source, file, compilerOptions: { ...config.compilerOptions }, configFile: config.file };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const child = started();
    hold(child, true);
    child.stdin!.write(`${JSON.stringify(request)}\n`);
  });
}
