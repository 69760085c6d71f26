/**
 * Where a run keeps the files its profiling passes make (`.cpuprofile`, machine code): one folder
 * per run under `--profile-dir`, one file per benchmark named after its id.
 */
import path from 'node:path';
import { displayPath } from '../display-path.js';

export class ProfileFiles {
  private readonly used = new Map<string, string>();

  /** `root` is `--profile-dir`; the run's folder is named after its start time. */
  constructor(
    root: string,
    startedAt: Date,
    private readonly cwd: string,
  ) {
    this.folder = path.join(root, startedAt.toISOString().replace(/[:.]/g, '-'));
  }

  readonly folder: string;

  /** A file for a benchmark: its id made safe as a file name (kept unique within the run). */
  pathFor(id: string, extension: string): string {
    const key = `${id}\0${extension}`;
    const known = this.used.get(key);
    if (known !== undefined) return known;
    const base = id.replace(/[^A-Za-z0-9._=-]+/g, '-').replace(/^-+|-+$/g, '') || 'benchmark';
    const taken = new Set(this.used.values());
    let candidate = path.join(this.folder, `${base}${extension}`);
    for (let n = 2; taken.has(candidate); n++) candidate = path.join(this.folder, `${base}-${n}${extension}`);
    this.used.set(key, candidate);
    return candidate;
  }

  /** A path as results and messages show it: relative below the working directory. */
  display(file: string): string {
    return displayPath(file, this.cwd);
  }
}
