/**
 * Runs the CLI function in this process with captured output: for tests that script the benchmark
 * processes (an injected executor) or need no process at all.
 */
import { PassThrough } from 'node:stream';
import { cli, type CliIo } from '../../src/cli/cli.js';

export interface InProcessRun {
  code: number;
  out: string;
  err: string;
}

export async function runInProcess(args: readonly string[], io: Omit<CliIo, 'stdout' | 'stderr'>): Promise<InProcessRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await cli(args, { ...io, stdout, stderr });
  return { code, out, err };
}
