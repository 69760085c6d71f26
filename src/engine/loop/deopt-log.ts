/**
 * V8's deoptimization log (`--log-deopt --logfile=F`): the child reads what was appended during a
 * phase and turns `code-deopt` lines into events with kind, reason and source location.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { DeoptEvent } from '../../results/types.js';
import { readablePosition } from '../process/source-position.js';

/** `code-deopt,<time>,<size>,<addr>,<inlining id>,<offset>,<kind>,<location>,<reason>` */
const CODE_DEOPT = /^code-deopt,\d+,\d+,0x[0-9a-f]+,-?\d+,-?\d+,([^,]+),(.*),([^,]*)$/;
const POSITION = /<([^<>]*?):(\d+):(\d+)>/g;

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

/** Where a process reads the log's new text from: the file itself, or (in a page) the parent that can read it. */
export interface DeoptLogSource {
  /** Skips what was written so far. */
  mark(): void;
  /** What the log gained since the last call. */
  readNew(): string;
}

/** Reads whatever the log file gained since the last call. */
export class DeoptLogReader implements DeoptLogSource {
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

  /** Reads the file from its start again. */
  rewind(): void {
    this.offset = 0;
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
