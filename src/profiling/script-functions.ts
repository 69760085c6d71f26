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

/** How far before an anonymous function to look for the name it is assigned to. */
const INFER_NAME_LOOKBACK = 80;
/** `name:`, `name =` or `name(` right before the function (as V8 infers names), allowing `async`. */
const INFERRED_NAME = /([A-Za-z_$][\w$]*)\s*(?::|=(?!=))\s*(?:async\s*)?$/;

/** The transpiler's kept name: `__name((x) => …, "run")` (esbuild's keepNames, which tsx uses). */
const KEPT_NAME = /^\s*,\s*"([^"\\]+)"\s*\)/;

/**
 * Mean characters per line above which a script counts as packed (minified or squeezed by a
 * transpiler): people write 30–40, tsx's output of a module is a few very long lines.
 */
const PACKED_MEAN_LINE_CHARS = 200;

export class ScriptFunctions {
  private readonly lineStarts: number[];
  readonly functions: ScriptFunction[];
  /** Too few lines to tell functions apart by line (see PACKED_MEAN_LINE_CHARS). */
  readonly packed: boolean;

  constructor(
    readonly scriptId: string,
    readonly url: string,
    private readonly source: string,
    coverage: ScriptCoverage['functions'],
  ) {
    this.lineStarts = [0];
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    this.packed = source.length / this.lineStarts.length > PACKED_MEAN_LINE_CHARS;
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
        name: fn.functionName === '' ? this.inferredName(range.startOffset, range.endOffset) : fn.functionName,
        startOffset: range.startOffset,
        endOffset: range.endOffset,
        startLine: start.line,
        startColumn: start.column,
        endLine: this.position(Math.max(range.startOffset, range.endOffset - 1)).line,
      });
    }
  }

  /** The source text of one of this script's functions. */
  textOf(fn: ScriptFunction): string {
    return this.source.slice(fn.startOffset, fn.endOffset);
  }

  /**
   * The name V8 infers for an anonymous function from what it is assigned to (`run: (x) => …`,
   * `const f = function () …`), which coverage leaves empty; '' when there is none.
   */
  private inferredName(startOffset: number, endOffset: number): string {
    const kept = KEPT_NAME.exec(this.source.slice(endOffset, endOffset + INFER_NAME_LOOKBACK));
    if (kept !== null) return kept[1]!;
    const before = this.source.slice(Math.max(0, startOffset - INFER_NAME_LOOKBACK), startOffset);
    return INFERRED_NAME.exec(before)?.[1] ?? '';
  }

  /** 1-based column of the first non-blank character of a line (1 for a blank line). */
  firstColumn(line: number): number {
    const start = this.lineStarts[line - 1];
    if (start === undefined) return 1;
    let i = start;
    while (i < this.source.length && (this.source[i] === ' ' || this.source[i] === '\t')) i++;
    return i - start + 1;
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
   * The function a ticked line belongs to: the innermost function spanning it, except that a line
   * an inner function shares with the code around it (its first or last line, e.g. a callback
   * written in place) goes to the enclosing function. Lines are all a profile's ticks carry.
   */
  ownerOfLine(line: number): ScriptFunction | null {
    let fn = this.functionAtLine(line);
    while (fn !== null && (fn.startLine === line || fn.endLine === line)) {
      const parent = this.enclosing(fn);
      if (parent === null || parent.startLine > line || parent.endLine < line) break;
      fn = parent;
    }
    return fn;
  }

  /** The smallest function strictly containing `fn`, or null. */
  private enclosing(fn: ScriptFunction): ScriptFunction | null {
    let best: ScriptFunction | null = null;
    for (const other of this.functions) {
      if (other === fn || other.startOffset > fn.startOffset || other.endOffset < fn.endOffset) continue;
      if (best === null || other.endOffset - other.startOffset < best.endOffset - best.startOffset) best = other;
    }
    return best;
  }

  /** The innermost function that spans a line, or null. */
  functionAtLine(line: number): ScriptFunction | null {
    let best: ScriptFunction | null = null;
    for (const fn of this.functions) {
      if (fn.startLine <= line && line <= fn.endLine && (best === null || fn.endOffset - fn.startOffset < best.endOffset - best.startOffset)) best = fn;
    }
    return best;
  }
}
