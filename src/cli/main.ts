#!/usr/bin/env node
/** The `ubench` bin: runs the CLI on the real process; Ctrl-C stops children and keeps results. */
import { cli } from './cli.js';

const controller = new AbortController();
process.on('SIGINT', () => {
  if (controller.signal.aborted) process.exit(130);
  controller.abort();
});
process.exitCode = await cli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  signal: controller.signal,
});
