/**
 * V8's deoptimization log (`--log-deopt --logfile=F`): the child reads what was appended during a
 * phase and turns `code-deopt` lines into events with kind, reason and source location.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { findSourceMap, type SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DeoptEvent } from '../results/types.js';

/** `code-deopt,<time>,<size>,<addr>,<inlining id>,<offset>,<kind>,<location>,<reason>` */
const CODE_DEOPT = /^code-deopt,\d+,\d+,0x[0-9a-f]+,-?\d+,-?\d+,([^,]+),(.*),([^,]*)$/;
const POSITION = /<([^<>]*?):(\d+):(\d+)>/g;

/** How positions inside generated measured loops (`new Function`, no script name) are shown. */
export const GENERATED_LOOP_LOCATION = '<measured loop>';

function toPath(file: string): string {
  if (!file.startsWith('file://')) return file;
  try {
    return fileURLToPath(file);
  } catch {
    return file;
  }
}

function sourceMapOf(path: string): SourceMap | undefined {
  try {
    return findSourceMap(path) ?? findSourceMap(pathToFileURL(path).href);
  } catch {
    return undefined;
  }
}

/**
 * V8 logs positions in the code it ran; for TypeScript that is the transpiled output, so positions
 * go back through the loader's source map (1-based in the log, 0-based in the map).
 */
function readablePosition(file: string, line: number, column: number, cwd: string): string {
  if (file === 'unknown' || file === '') return GENERATED_LOOP_LOCATION;
  let path = toPath(file);
  const entry = sourceMapOf(path)?.findEntry(line - 1, column - 1) as
    | { originalSource?: string; originalLine?: number; originalColumn?: number }
    | undefined;
  if (entry?.originalSource !== undefined && entry.originalLine !== undefined && entry.originalColumn !== undefined) {
    path = toPath(entry.originalSource);
    line = entry.originalLine + 1;
    column = entry.originalColumn + 1;
  }
  if (path.startsWith(`${cwd}/`)) path = path.slice(cwd.length + 1);
  return `${path}:${line}:${column}`;
}

/** Parses the log text; positions in generated code show as `unknown`. */
/** Deopts whose position is in `isHarness` code (ubench's own sampling code) are not the benchmark's. */
export function parseDeoptLog(text: string, phase: DeoptEvent['phase'], cwd: string, isHarness: (location: string) => boolean = () => false): DeoptEvent[] {
  const events: DeoptEvent[] = [];
  for (const line of text.split('\n')) {
    const match = CODE_DEOPT.exec(line);
    if (match === null) continue;
    const positions = [...match[2]!.matchAll(POSITION)].map((p) => readablePosition(p[1]!, Number(p[2]), Number(p[3]), cwd));
    if (positions[0] !== undefined && isHarness(positions[0])) continue;
    events.push({ phase, kind: match[1]!, reason: match[3]!, location: positions[0] ?? null, inlinedAt: positions.slice(1) });
  }
  return events;
}

/** Reads whatever the log gained since the last call. */
export class DeoptLogReader {
  private offset = 0;

  constructor(private readonly path: string) {
    this.offset = this.size();
  }

  private size(): number {
    try {
      return statSync(this.path).size;
    } catch {
      return 0;
    }
  }

  /** Skips what was written so far. */
  mark(): void {
    this.offset = this.size();
  }

  readNew(): string {
    const end = this.size();
    if (end <= this.offset) return '';
    const buffer = Buffer.alloc(end - this.offset);
    const fd = openSync(this.path, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      closeSync(fd);
    }
    this.offset = end;
    return buffer.toString('utf8');
  }
}
