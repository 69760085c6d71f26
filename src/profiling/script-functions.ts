/**
 * The functions of one script by source line, from V8's best-effort coverage (function ranges as
 * offsets) and the script's source text: which function a line of sampled code belongs to.
 */

/** A function of a script: coverage's range, as offsets and as 1-based lines and columns. */
export interface ScriptFunction {
  name: string;
  startOffset: number;
  endOffset: number;
  startLine: number;
  startColumn: number;
  endLine: number;
}

/** Coverage's shape for one script (`Profiler.getBestEffortCoverage`). */
export interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: { functionName: string; ranges: { startOffset: number; endOffset: number }[] }[];
}

export class ScriptFunctions {
  private readonly lineStarts: number[];
  readonly functions: ScriptFunction[];

  constructor(readonly scriptId: string, readonly url: string, source: string, coverage: ScriptCoverage['functions']) {
    this.lineStarts = [0];
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    const seen = new Set<string>();
    this.functions = [];
    for (const fn of coverage) {
      const range = fn.ranges[0];
      if (range === undefined) continue;
      // The script's own top level spans everything and cannot be inlined anywhere: never an owner.
      if (range.startOffset === 0 && range.endOffset >= source.length && fn.functionName === '') continue;
      const key = `${range.startOffset}:${range.endOffset}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const start = this.position(range.startOffset);
      this.functions.push({
        name: fn.functionName,
        startOffset: range.startOffset,
        endOffset: range.endOffset,
        startLine: start.line,
        startColumn: start.column,
        endLine: this.position(Math.max(range.startOffset, range.endOffset - 1)).line,
      });
    }
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }

  /** Offset of a 1-based line and column (clamped to the script). */
  offset(line: number, column: number): number {
    const start = this.lineStarts[Math.min(Math.max(line, 1), this.lineStarts.length) - 1]!;
    return start + Math.max(column, 1) - 1;
  }

  /** The innermost function containing the offset, or null. */
  functionAtOffset(offset: number): ScriptFunction | null {
    let best: ScriptFunction | null = null;
    for (const fn of this.functions) {
      if (fn.startOffset <= offset && offset < fn.endOffset && (best === null || fn.endOffset - fn.startOffset < best.endOffset - best.startOffset)) best = fn;
    }
    return best;
  }

  /**
   * The innermost function that spans a line, or null. Lines are all a profile's ticks carry, so
   * two functions on one line cannot be told apart: the innermost is taken.
   */
  functionAtLine(line: number): ScriptFunction | null {
    let best: ScriptFunction | null = null;
    for (const fn of this.functions) {
      if (fn.startLine <= line && line <= fn.endLine && (best === null || fn.endOffset - fn.startOffset < best.endOffset - best.startOffset)) best = fn;
    }
    return best;
  }
}
