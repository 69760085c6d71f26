/**
 * What git knows of the repository around the working directory: its root, whether an argument
 * names a commit, and how the working tree differs from HEAD. git's output is treated as untrusted
 * text: only a 40- or 64-hex object name and NUL-separated status entries are read from it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { git, GitFailedError } from './git-command.js';

/** A revision as the user wrote it and the commit it named. */
export interface Revision {
  name: string;
  commit: string;
}

/** Characters of a commit's name shown beside the revision: git's own default abbreviation is 7, 10 stays unique in large repositories. */
const SHORT_COMMIT_LENGTH = 10;

const OBJECT_NAME = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** The root of the repository `cwd` is in, or null when it is in none. */
export async function repositoryRoot(cwd: string): Promise<string | null> {
  try {
    const root = (await git(['rev-parse', '--show-toplevel'], cwd)).trim();
    return root === '' ? null : path.resolve(root);
  } catch (error) {
    if (error instanceof GitFailedError) return null;
    throw error;
  }
}

/** The commit `name` resolves to (`git rev-parse --verify name^{commit}`), or null when it names none. */
export async function resolveRevision(name: string, root: string): Promise<Revision | null> {
  // A leading '-' would be read as an option; no revision starts with one.
  if (name.startsWith('-') || name === '') return null;
  try {
    const commit = (await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${name}^{commit}`], root)).trim();
    return OBJECT_NAME.test(commit) ? { name, commit } : null;
  } catch (error) {
    if (error instanceof GitFailedError) return null;
    throw error;
  }
}

/** An argument is a revision when it is not an existing path (from `cwd`) and git resolves it to a commit. */
export async function asRevision(argument: string, cwd: string, root: string): Promise<Revision | null> {
  return existsSync(path.resolve(cwd, argument)) ? null : resolveRevision(argument, root);
}

export function revisionLabel(revision: Revision): string {
  return `${revision.name} (${revision.commit.slice(0, SHORT_COMMIT_LENGTH)})`;
}

/** How the working tree differs from HEAD: files changed (staged or not) and untracked files git does not ignore. */
export interface TreeChanges {
  changed: number;
  untracked: number;
}

export async function workingTreeChanges(root: string): Promise<TreeChanges> {
  const entries = (await git(['status', '--porcelain=v1', '-z', '--untracked-files=all'], root)).split('\0');
  let changed = 0;
  let untracked = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.length < 4) continue;
    if (entry.startsWith('??')) untracked++;
    else changed++;
    // A rename or copy is followed by its source path, one more NUL-separated entry.
    if (entry[0] === 'R' || entry[0] === 'C') i++;
  }
  return { changed, untracked };
}

/** `working tree (3 files changed since HEAD, 1 untracked)`, `working tree (no changes since HEAD)`. */
export function workingTreeLabel(changes: TreeChanges): string {
  const parts: string[] = [];
  if (changes.changed > 0) parts.push(`${changes.changed} file${changes.changed === 1 ? '' : 's'} changed since HEAD`);
  if (changes.untracked > 0) parts.push(`${changes.untracked} untracked`);
  return `working tree (${parts.length === 0 ? 'no changes since HEAD' : parts.join(', ')})`;
}
