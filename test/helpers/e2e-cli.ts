/**
 * Helpers for end-to-end tests: run the built `ubench` CLI (dist/cli/main.js) as a real process,
 * collect its output, and check results files against the JSON Schema.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { ResultsFile } from '../../src/results/types.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = path.join(REPO_ROOT, 'dist/cli/main.js');
/** The host calibration of test runs: kept apart from the user's own (~/.cache/ubench). */
export const TEST_CACHE_DIR = path.join(tmpdir(), 'ubench-test-cache');
/** Short budgets: e2e tests check behaviour, never speed. */
export const FAST = ['--time', '20ms', '--warmup', '20ms'] as const;

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the CLI (SIGKILL) after this long; the test then fails on the exit code. */
  killAfterMs?: number;
  /** Start the CLI as the leader of a new process group (to signal the group, as a terminal does). */
  detached?: boolean;
}

export interface StartedCli {
  child: ChildProcess;
  /** Resolves when the process has exited and its streams are closed. */
  done: Promise<CliRun>;
}

/** Starts `node dist/cli/main.js ...args` with NO_COLOR=1; stdout/stderr are collected. */
export function startCli(args: readonly string[], options: CliOptions = {}): StartedCli {
  assert.ok(existsSync(CLI), `${CLI} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    // The host check at a run's start is tested on its own (cli-doctor, quiet/doctor-load): elsewhere
    // it would only add a fifth of a second and, on a busy host, a line the test does not expect.
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, UBENCH_CACHE_DIR: TEST_CACHE_DIR, UBENCH_HOST_CHECK: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  return { child, done: collect(child, options.killAfterMs ?? 120_000) };
}

/** Runs the CLI to completion. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  return startCli(args, options).done;
}

/** Collects the output of any child process (the CLI, npm, npx). */
export function collect(child: ChildProcess, killAfterMs: number): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return new Promise((resolve, reject) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** A fresh temp folder, removed by `cleanup()`. */
export function makeTempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ubench-e2e-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

let validator: ValidateFunction | null = null;

/** Strict Ajv 2020 validator of schema/results.schema.json. */
export function resultsValidator(): ValidateFunction {
  if (validator === null) {
    const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schema/results.schema.json'), 'utf8')) as Record<string, unknown>;
    validator = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
  }
  return validator;
}

/** Fails with the schema errors unless `value` is a valid results file. */
export function assertValidResults(value: unknown, what = 'results file'): asserts value is ResultsFile {
  const validate = resultsValidator();
  const ok = validate(value);
  assert.deepEqual(ok ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`), [], `${what} does not match schema/results.schema.json`);
}

/** Reads, parses and validates a results file. */
export function readResults(file: string): ResultsFile {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  assertValidResults(parsed, file);
  return parsed;
}

/** Lines of a stream, without the empty string after the final newline. */
export function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** A line of a printed stack trace (`    at fn (file:1:2)`). */
export const STACK_LINE = /^\s+at /m;

/** What the output of a run looked like, for assertion messages. */
export function describeRun(run: CliRun): string {
  const clip = (text: string) => (text.length > 3000 ? `${text.slice(0, 1500)}\n…\n${text.slice(-1500)}` : text);
  return `exit ${String(run.code)} signal ${String(run.signal)}\n--- stdout\n${clip(run.stdout)}\n--- stderr\n${clip(run.stderr)}`;
}

export interface ProcessInfo {
  pid: number;
  ppid: number;
  args: string;
}

/** Every process on the machine (`ps -eo pid,ppid,args`). */
export function listProcesses(): ProcessInfo[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  assert.equal(ps.status, 0, `ps failed: ${ps.stderr}`);
  return linesOf(ps.stdout).flatMap((line) => {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    return match === null ? [] : [{ pid: Number(match[1]), ppid: Number(match[2]), args: match[3]! }];
  });
}

/** All descendants of `pid` (children, their children, ...). */
export function descendantsOf(pid: number, processes = listProcesses()): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  let frontier = [pid];
  while (frontier.length > 0) {
    const children = processes.filter((p) => frontier.includes(p.ppid));
    found.push(...children);
    frontier = children.map((p) => p.pid);
  }
  return found;
}

/**
 * Records processes by pid, keeping the command line a process had while it ran: once it exits, `ps`
 * shows it as `[node] <defunct>` until it is reaped, which must not replace what was seen.
 */
export function recordSeen(seen: Map<number, ProcessInfo>, processes: readonly ProcessInfo[]): void {
  for (const p of processes) if (!seen.has(p.pid) || !p.args.endsWith('<defunct>')) seen.set(p.pid, p);
}

/** True while `pid` exists and is not a zombie (an exited process nobody has reaped yet). */
export function isAlive(pid: number): boolean {
  const ps = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' });
  const state = ps.stdout.trim();
  return ps.status === 0 && state !== '' && !state.startsWith('Z');
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
