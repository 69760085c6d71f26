import assert from 'node:assert/strict';
import type { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { instrumentationOn } from '../../src/engine/passes/instructions/instrumentation-switch.js';

/** A stand-in for callgrind_control: records its calls, answers `answer` or throws it. */
function control(answer: string | Error): { run: typeof execFileSync; calls: string[][] } {
  const calls: string[][] = [];
  const run = ((command: string, args: string[]) => {
    calls.push([command, ...args]);
    if (answer instanceof Error) throw answer;
    return answer;
  }) as unknown as typeof execFileSync;
  return { run, calls };
}

// One module state across the cases, in this order: the switch is once per process.
describe('switching callgrind instrumentation on from the counting process', () => {
  it('fails in one line naming the command when callgrind_control cannot reach the process', () => {
    const { run, calls } = control(new Error('Command failed: callgrind_control --instr=on 1\nvgdb error: ptrace not permitted'));
    assert.throws(
      () => instrumentationOn('/opt/vg/callgrind_control', run),
      /^Error: callgrind's instrumentation could not be switched on \(\/opt\/vg\/callgrind_control\): Command failed: callgrind_control --instr=on 1$/,
    );
    assert.deepEqual(calls, [['/opt/vg/callgrind_control', '--instr=on', String(process.pid)]]);
  });

  it('fails when the answer does not confirm the switch', () => {
    const { run } = control('PID 1: node child.js\n  no callgrind run found\n');
    assert.throws(() => instrumentationOn('callgrind_control', run), /it answered ' {2}no callgrind run found'/);
  });

  it('switches once: later regions of the process find it on', () => {
    const { run, calls } = control(`PID ${process.pid}: node child.js\n  OK.\n`);
    instrumentationOn('callgrind_control', run);
    instrumentationOn('callgrind_control', run);
    assert.equal(calls.length, 1);
  });
});
