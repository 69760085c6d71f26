/**
 * A revision checked out beside the repository, for as long as a command needs it: `git worktree
 * add --detach` into a fresh folder under the system's temp folder, and `git worktree remove
 * --force` plus `git worktree prune` afterwards. The caller removes it in a `finally`; should the
 * process end before that (a second Ctrl-C exits at once), an exit hook still deletes the folder,
 * and git forgets the worktree at the next prune.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { oneLineMessage } from '../../results/text/one-line-message.js';
import { UsageError } from '../usage-error.js';
import { git, GitFailedError, GitMissingError } from './git-command.js';
import type { Revision } from './revision.js';
import { revisionLabel } from './revision.js';

export interface TempWorktree {
  /** The checkout's root. */
  root: string;
  /** Removes the checkout and git's record of it; never throws (a failure is handed to `warn`). */
  remove(): Promise<void>;
}

/** Name of the temp folders holding a checkout (tests look for leftovers by it). */
export const WORKTREE_PREFIX = 'ubench-ab-rev-';

/** Folders still to delete should the process exit before their `remove()`. */
const pending = new Set<string>();
let exitHookInstalled = false;

function deleteAtExit(folder: string): void {
  pending.add(folder);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const f of pending) rmSync(f, { recursive: true, force: true });
  });
}

/** Checks `revision` out into a new temp folder; a folder that cannot be made or a failed checkout is a one-line UsageError. */
export async function addTempWorktree(repoRoot: string, revision: Revision, warn: (text: string) => void): Promise<TempWorktree> {
  let folder: string;
  try {
    folder = mkdtempSync(path.join(tmpdir(), WORKTREE_PREFIX));
  } catch (error) {
    throw new UsageError(`ab: cannot create a worktree for ${revisionLabel(revision)} under ${tmpdir()}: ${oneLineMessage(error)}; nothing was measured`);
  }
  deleteAtExit(folder);
  const root = path.join(folder, 'checkout');
  const remove = async (): Promise<void> => {
    try {
      await git(['worktree', 'remove', '--force', root], repoRoot);
    } catch (error) {
      // Not added, or already gone: the folder and git's record are cleared below either way.
      if (!(error instanceof GitFailedError)) warn(`ab: removing the worktree ${root}: ${oneLineMessage(error)}`);
    }
    rmSync(folder, { recursive: true, force: true });
    pending.delete(folder);
    try {
      await git(['worktree', 'prune'], repoRoot);
    } catch (error) {
      warn(`ab: git worktree prune: ${oneLineMessage(error)}`);
    }
  };
  try {
    await git(['worktree', 'add', '--detach', root, revision.commit], repoRoot);
  } catch (error) {
    await remove();
    if (error instanceof GitMissingError) throw error;
    throw new UsageError(`ab: cannot create a worktree for ${revisionLabel(revision)} in ${folder}: ${oneLineMessage(error)}; nothing was measured`);
  }
  return { root, remove };
}
