/** Explains in one line why a benchmark process ended before reporting `done`. */
import type { ErrorInfo } from '../../results/types.js';
import type { ChildExit } from './executor.js';

/** Lines of V8/Node fatal output worth quoting, most specific first. */
const FATAL_PATTERNS = [/FATAL ERROR:.*$/m, /Fatal (?:JavaScript|process) .*$/im, /RangeError: .*$/m, /Error: .*$/m];

function fatalLine(stderrTail: string): string | null {
  for (const pattern of FATAL_PATTERNS) {
    const match = pattern.exec(stderrTail);
    if (match !== null) return match[0].trim();
  }
  return null;
}

export interface ExitClues {
  crash: ErrorInfo | null;
  exitCode: number | null;
}

export function crashError(exit: ChildExit, clues: ExitClues): ErrorInfo {
  if (clues.crash !== null) {
    return { ...clues.crash, message: `uncaught in benchmark process: ${clues.crash.message}` };
  }
  if (clues.exitCode !== null) {
    return { message: `process.exit(${clues.exitCode}) was called during the benchmark`, location: null, stack: null };
  }
  if (exit.reason !== undefined) return { message: exit.reason, location: null, stack: null };
  const how = exit.signal !== null ? `killed by ${exit.signal}` : `exited with code ${String(exit.code)}`;
  const fatal = fatalLine(exit.stderrTail);
  return { message: `benchmark process ${how}${fatal === null ? '' : `: ${fatal}`}`, location: null, stack: null };
}
