/**
 * Entry point of a benchmark process (Node, Bun, Deno): imports one bench file, then measures its
 * benchmarks (run-request.ts), reporting to the parent over the event channel. Started by the
 * parent; not a public API.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { emit, useChannelFile } from './channel.js';
import { runtimeIdentity } from '../../results/runtime-identity.js';
import { isHarnessFile, toErrorInfo } from './error-info.js';
import path from 'node:path';
import type { ChildRequest } from './events.js';
import { runRequest } from './run-request.js';
import { DeoptLogReader } from '../loop/deopt-log.js';
import { createJitControl } from '../loop/jit-tier.js';
import { createJscControl } from '../loop/jsc-control.js';
import { runPass } from '../passes/run-pass.js';

/** The ubench package folder (its `dist/` and, through source maps, `src/` are not user code). */
const packageRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cwd = process.cwd();
const errorInfo = (thrown: unknown) => toErrorInfo(thrown, packageRoot, cwd);

let finished = false;
process.on('exit', (code) => {
  if (!finished) emit({ type: 'exit', code });
});
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (thrown: unknown) => {
    emit({ type: 'crash', error: errorInfo(thrown) });
    finished = true;
    process.exit(1);
  });
}

const request = JSON.parse(process.argv[2] ?? '{}') as ChildRequest;
if (request.channelFile !== undefined) useChannelFile(request.channelFile);
await runRequest(request, {
  load: () => import(pathToFileURL(request.file).href),
  emit,
  errorInfo,
  jitControl: process.versions['bun'] === undefined ? createJitControl() : await createJscControl(),
  deoptLog: request.deoptLogPath === null ? null : new DeoptLogReader(request.deoptLogPath),
  cwd,
  isHarness: (location: string) => isHarnessFile(path.resolve(cwd, location), packageRoot),
  pid: process.pid,
  execArgv: process.execArgv,
  identity: runtimeIdentity(),
  runPass,
});
emit({ type: 'done' });
finished = true;
// User code may leave timers or sockets open; the results are delivered, so end the process now.
process.exit(0);
