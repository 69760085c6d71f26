/**
 * Finds the measured loop in the machine code of the generated loop function: the outermost
 * backward branch of the main code. TurboFan lays a loop's blocks out contiguously and moves
 * deferred code (slow paths, deopt exits) after the function's return, where its jumps back into
 * the loop do not count.
 */
import type { Instruction } from './opt-code-dump.js';

/** `jmp 0x… <+0xc0>`: a branch with its target offset. */
const BRANCH_TARGET = /<\+0x([0-9a-f]+)>/;
const RETURN = /^retl?\b|\sretl?\b/;

export interface LoopRegion {
  /** The back edge's target (loop header). */
  startOffset: number;
  /** The back edge itself. */
  endOffset: number;
}

export function findLoop(instructions: readonly Instruction[]): LoopRegion | null {
  const returns = instructions.filter((i) => RETURN.test(i.text));
  const mainEnd = returns.length === 0 ? Infinity : returns[returns.length - 1]!.offset;
  let best: LoopRegion | null = null;
  for (const instruction of instructions) {
    if (instruction.offset > mainEnd) break;
    const match = BRANCH_TARGET.exec(instruction.text);
    if (match === null) continue;
    const target = Number.parseInt(match[1]!, 16);
    if (target >= instruction.offset) continue;
    if (best === null || instruction.offset - target > best.endOffset - best.startOffset) best = { startOffset: target, endOffset: instruction.offset };
  }
  return best;
}
