#!/usr/bin/env node
/**
 * The `ubench` bin: runs the CLI on the real process. SIGINT (Ctrl-C), SIGTERM and SIGHUP stop the
 * children and keep the results measured so far; the exit code is then 128 + the signal's number
 * (130, 143, 129), as a shell reports a process the signal ended. A second signal exits at once.
 */
import { cli } from './cli.js';
import { EXIT_INTERRUPTED } from './exit-codes.js';

/** 128 + signal number: what a shell reports for a process a signal ended. */
const SIGNAL_EXIT: Record<'SIGINT' | 'SIGTERM' | 'SIGHUP', number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

const controller = new AbortController();
let received: keyof typeof SIGNAL_EXIT | null = null;
for (const signal of Object.keys(SIGNAL_EXIT) as (keyof typeof SIGNAL_EXIT)[]) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(SIGNAL_EXIT[signal]);
    received = signal;
    controller.abort();
  });
}
const code = await cli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  signal: controller.signal,
});
process.exitCode = code === EXIT_INTERRUPTED && received !== null ? SIGNAL_EXIT[received] : code;
