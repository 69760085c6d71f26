/**
 * The host check a measuring command (a run, `ab`, `probe`) does before its first process
 * (runner/doctor/host-gate.ts): once per command, however many runs it makes. `UBENCH_HOST_CHECK=0`
 * skips it (a fifth of a second) unless `--wait-for-quiet` asks to wait; so does a replaced executor
 * (tests that script the benchmark processes: nothing real is measured).
 */
import { hostGate } from '../runner/doctor/host-gate.js';
import { calibrationPath } from '../runner/host-speed/host-calibration.js';
import { visibleText } from '../results/text/visible-text.js';
import type { CliIo } from './cli-io.js';

export function hostGateHook(waitNs: number | null, io: CliIo, clear: () => void): () => Promise<void> {
  const env = io.env ?? process.env;
  let done = false;
  return async () => {
    if (done || (waitNs === null && (env['UBENCH_HOST_CHECK'] === '0' || io.executor !== undefined))) return;
    done = true;
    await hostGate({
      waitNs,
      calibrationFile: calibrationPath(env),
      env,
      signal: io.signal,
      say: (line) => {
        clear();
        io.stderr.write(`ubench: ${visibleText(line)}\n`);
      },
      warn: (line) => {
        clear();
        io.stderr.write(`ubench: warning: ${visibleText(line)}\n`);
      },
    });
  };
}
