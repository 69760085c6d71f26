/** What every command gets from the process (or from a test): streams, the folder, and replaceable parts. */
import type { OsCacheFacts } from '../probe/os-cache-facts.js';
import type { Executor } from '../runner/child/executor.js';

/** The OS facts `ubench probe` reads and where they came from; tests replace the real sysfs reader. */
export interface OsFactsSource {
  facts: OsCacheFacts;
  source: string;
}

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  cwd: string;
  /** Replaces the real process executor (tests). */
  executor?: Executor;
  /** Aborting it stops the run and keeps what was measured (Ctrl-C). */
  signal?: AbortSignal;
  /** Environment variables ubench reads (GITHUB_STEP_SUMMARY); the process's by default. */
  env?: NodeJS.ProcessEnv;
  /** Replaces what `ubench probe` reads from sysfs and getconf (tests). */
  osFacts?: () => OsFactsSource;
}
