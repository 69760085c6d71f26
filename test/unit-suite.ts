/**
 * Every unit test file of test/unit (not its subfolders) in one process: they are pure and share no
 * state, and a process apiece cost Node's and tsx's start for each file (the unit tests took 186 s of
 * CPU in 141 processes, 69 s in one). The files in test/unit/own-process read what a process holds
 * for good (V8's detaching protector falls once per process; every major GC of the process is
 * counted), so each keeps a process of its own. One file alone:
 * `node --import tsx --test test/unit/<name>.test.ts`.
 */
import { readdirSync } from 'node:fs';

const folder = new URL('./unit/', import.meta.url);
const files = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'));
for (const name of files.map((entry) => entry.name).sort()) await import(new URL(name, folder).href);
