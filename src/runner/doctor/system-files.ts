/**
 * Reading the kernel's files (/proc, /sys) for the doctor: a missing or unreadable file is null,
 * never an exception; what they hold is parsed by proc-text.ts, which takes it as untrusted.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** A file's text, or null when it cannot be read. */
export function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** A file's first line, trimmed, or null. */
export function readLine(file: string): string | null {
  const text = readText(file);
  return text === null ? null : (text.split('\n')[0]?.trim() ?? '');
}

/** A folder's entries, or [] when it cannot be read. */
export function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
