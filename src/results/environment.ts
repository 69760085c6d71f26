import { ubenchVersion } from './ubench-version.js';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { ClockInfo, Environment } from './types.js';
import { THIS_RUNTIME } from './runtimes/this-runtime.js';

/** Longest wait for one git command; a hung or very slow git must not stall the run. */
const GIT_TIMEOUT_MS = 2000;

/** Output limit for `git status`; a huge dirty tree overflows it, which is then reported as dirty. */
const GIT_MAX_OUTPUT_BYTES = 8 * 1024 * 1024;

/** Reported when the OS lists no CPU model. */
const UNKNOWN_CPU_MODEL = 'unknown';

export interface EnvironmentInput {
  /** Node execArgv and V8 flags the benchmark processes run with. */
  v8Flags: string[];
  /** Clock figures, once the first benchmark process has measured them. */
  clock: ClockInfo | null;
  startedAt: Date;
  /** Working directory of the run; its git repository (if any) is recorded. */
  cwd: string;
}

/** What identifies this machine and runtime (the host calibration's key, analysis/run-host-speed.ts `machineKey`). */
export type MachineIdentity = Pick<Environment, 'runtime' | 'runtimeVersion' | 'v8Version' | 'cpu' | 'os' | 'totalMemoryBytes'>;

/** The machine and the runtime this process runs on. Never throws for missing metadata. */
export function machineIdentity(): MachineIdentity {
  const cpus = os.cpus();
  const firstCpu = cpus[0];
  return {
    ...THIS_RUNTIME,
    cpu: {
      model: firstCpu?.model.trim() || UNKNOWN_CPU_MODEL,
      cores: Math.max(1, os.availableParallelism?.() ?? cpus.length),
      // Some virtual machines report 0 MHz, which means "unknown", not "stopped".
      speedMHz: firstCpu !== undefined && firstCpu.speed > 0 ? firstCpu.speed : null,
    },
    os: { platform: process.platform, release: os.release(), arch: process.arch },
    totalMemoryBytes: os.totalmem(),
  };
}

/** Describes the machine and software of this run. Never throws for missing metadata. */
export function collectEnvironment(input: EnvironmentInput): Environment {
  const machine = machineIdentity();
  return {
    ...machine,
    v8Flags: [...input.v8Flags],
    ubenchVersion: ubenchVersion(),
    git: gitInfo(input.cwd),
    clock: input.clock === null ? null : { ...input.clock },
    throttleBaselineNs: null,
    startedAt: input.startedAt.toISOString(),
    runId: randomUUID(),
  };
}

/**
 * HEAD of the repository containing `cwd`, or null when there is none (not a repository, no commits
 * yet, git missing or failing). `dirty` considers tracked files only: untracked files such as a
 * fresh results folder would otherwise mark every run dirty. When the status cannot be determined
 * the tree is reported dirty, since a clean flag is a claim of reproducibility.
 */
function gitInfo(cwd: string): Environment['git'] {
  const head = runGit(cwd, ['rev-parse', '--verify', 'HEAD']);
  if (head === null) return null;
  const commit = head.trim();
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(commit)) return null;
  const status = runGit(cwd, ['status', '--porcelain', '--untracked-files=no']);
  return { commit, dirty: status === null || status.trim() !== '' };
}

function runGit(cwd: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, {
      cwd,
      timeout: GIT_TIMEOUT_MS,
      maxBuffer: GIT_MAX_OUTPUT_BYTES,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      windowsHide: true,
    });
  } catch {
    return null;
  }
}
