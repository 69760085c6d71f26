/**
 * A counting process started uninstrumented (`--instr-atstart=no`) switches callgrind's
 * instrumentation on for itself before its first region, by callgrind_control (valgrind's vgdb
 * underneath, which reaches this process while it waits for the command to end). Once on, it stays
 * on: the regions after it are counted like those of a process instrumented from the start.
 */
import { execFileSync } from 'node:child_process';

/** vgdb answers within a second here (880 ms measured); ten is for a loaded machine. */
const SWITCH_TIMEOUT_MS = 10_000;

/** How the failure's message starts: the parent then counts again, instrumented from the start. */
export const SWITCH_FAILED = "callgrind's instrumentation could not be switched on";

let switchedOn = false;

/** Switches instrumentation on once per process; throws, saying why, when callgrind_control did not confirm it. */
export function instrumentationOn(command: string, run: typeof execFileSync = execFileSync): void {
  if (switchedOn) return;
  let output: string;
  try {
    output = String(run(command, ['--instr=on', String(process.pid)], { encoding: 'utf8', timeout: SWITCH_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message.split('\n')[0] : String(thrown);
    throw new Error(`${SWITCH_FAILED} (${command}): ${message}`);
  }
  if (!/\bOK\b/.test(output)) throw new Error(`${SWITCH_FAILED} (${command}): it answered '${output.trim().split('\n').at(-1) ?? ''}'`);
  switchedOn = true;
}
