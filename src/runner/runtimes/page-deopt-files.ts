/**
 * The deoptimization logs of one browser: V8 writes one file per process (`--logfile=<dir>/v8-%p.log`),
 * since the browser, the first blank page and the page that runs the benchmark (a new renderer once
 * the page is cross-origin isolated) each open the log. With one shared file they overwrote each
 * other's lines (measured: NUL bytes and lost `code-deopt` lines). Only the benchmark page deoptimizes
 * code of interest; reading what every file gained covers it wherever it runs.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeoptLogReader, type DeoptLogSource } from '../../engine/loop/deopt-log.js';

export interface PageDeoptFiles extends DeoptLogSource {
  /** V8's `--logfile` value: `%p` becomes each process's id. */
  logfile: string;
  remove(): void;
}

export function pageDeoptFiles(): PageDeoptFiles {
  const dir = mkdtempSync(path.join(tmpdir(), 'ubench-page-log-'));
  const readers = new Map<string, DeoptLogReader>();
  /** Files seen for the first time are read from their start: they were opened after the last look. */
  const current = (): DeoptLogReader[] => {
    for (const name of readdirSync(dir)) {
      if (readers.has(name)) continue;
      const reader = new DeoptLogReader(path.join(dir, name));
      reader.rewind();
      readers.set(name, reader);
    }
    return [...readers.values()];
  };
  return {
    logfile: path.join(dir, 'v8-%p.log'),
    mark() {
      for (const reader of current()) reader.mark();
    },
    readNew: () =>
      current()
        .map((reader) => reader.readNew())
        .join(''),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
