/**
 * Runs `git` with an argument array (never a shell string) and hands back its output as untrusted
 * text. A missing `git` and a failing command are errors of their own, so the caller can say which.
 */
import { execFile } from 'node:child_process';

/** Output above this is a failure rather than a memory problem: `git status` of a huge dirty tree stays far below it. */
const GIT_MAX_BUFFER_BYTES = 64 * 1024 * 1024;

/** `git` is not on PATH (spawn said ENOENT). */
export class GitMissingError extends Error {
  override name = 'GitMissingError';
}

/** `git` ran and failed: its exit code and the first line of what it wrote to stderr. */
export class GitFailedError extends Error {
  override name = 'GitFailedError';
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderrLine: string,
  ) {
    super(`git ${args[0] ?? ''} failed${exitCode === null ? '' : ` (exit ${exitCode})`}${stderrLine === '' ? '' : `: ${stderrLine}`}`);
  }
}

/** The first non-empty line of a command's stderr, trimmed (git's own message, e.g. `fatal: not a git repository`). */
export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? ''
  );
}

/** `git <args>` in `cwd`; resolves with stdout, rejects with GitMissingError or GitFailedError. */
export function git(args: readonly string[], cwd: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', [...args], { cwd, encoding: 'utf8', maxBuffer: GIT_MAX_BUFFER_BYTES, windowsHide: true, ...(signal === undefined ? {} : { signal }) }, (error, stdout, stderr) => {
      if (error === null) {
        resolve(stdout);
        return;
      }
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && (error as { path?: string }).path === 'git') reject(new GitMissingError('git was not found on PATH'));
      else reject(new GitFailedError(args, typeof code === 'number' ? code : null, firstLine(String(stderr))));
    });
  });
}
