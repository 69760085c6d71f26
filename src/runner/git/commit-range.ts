/**
 * The commits `ubench bisect` searches: the first-parent line from the good revision (excluded) to
 * the bad one (included), oldest first, with subject and author date, and the files a commit
 * changed against its first parent. git's output is untrusted text: commit names must be object
 * names, and the other fields are cut at NULs and shown through visibleText by the reports.
 */
import type { BisectCommit } from '../../analysis/bisect/bisect-summary.js';
import { UsageError } from '../usage-error.js';
import { git, GitFailedError } from './git-command.js';

const OBJECT_NAME = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** The commits after `good` up to `bad` along bad's first parents, oldest first, each with its subject and author date. */
export async function firstParentRange(good: string, bad: string, root: string): Promise<BisectCommit[]> {
  try {
    await git(['merge-base', '--is-ancestor', good, bad], root);
  } catch (error) {
    if (error instanceof GitFailedError && error.exitCode === 1)
      throw new UsageError(`bisect: the good revision ${good.slice(0, 10)} is not an ancestor of the bad one ${bad.slice(0, 10)}; nothing was measured`);
    throw error;
  }
  const log = await git(['log', '--first-parent', '--reverse', '-z', '--format=%H%x00%s%x00%aI', `${good}..${bad}`], root);
  const fields = log.split('\0').map((f) => f.replace(/^\n/, ''));
  const commits: BisectCommit[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const [commit, subject, authorDate] = [fields[i]!, fields[i + 1]!, fields[i + 2]!];
    if (!OBJECT_NAME.test(commit)) throw new Error(`git log printed something that is not a commit name: ${commit.slice(0, 80)}`);
    commits.push({ commit, subject, authorDate });
  }
  return commits;
}

/** The files `commit` changed against its first parent. */
export async function filesChanged(commit: string, root: string): Promise<string[]> {
  return (await git(['diff-tree', '--name-only', '-r', '-z', `${commit}^1`, commit], root)).split('\0').filter((f) => f !== '');
}
