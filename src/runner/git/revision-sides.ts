/**
 * `ubench ab <rev> [<rev>] [paths…]`: the two sides as checkouts. A is the revision, checked out
 * into a temporary worktree; B is the working tree as it is (uncommitted changes included), or
 * the second revision, checked out too. The bench files are found on each side from the same paths
 * (relative to the repository root, each side's root being the working folder of its processes);
 * only the files on both sides are measured, the others listed. `cleanup()` removes every worktree
 * and must run in a `finally`.
 */
import { realpathSync, existsSync } from 'node:fs';
import path from 'node:path';
import { isDynamicPattern } from 'tinyglobby';
import { discoverBenchFiles } from '../select/discover.js';
import type { AbSide } from '../ab/run-ab.js';
import { UsageError } from '../usage-error.js';
import { GitMissingError } from './git-command.js';
import { asRevision, repositoryRoot, revisionLabel, workingTreeChanges, workingTreeLabel, type Revision } from './revision.js';
import { planDependencies, provideDependencies } from './side-dependencies.js';
import { addTempWorktree, type TempWorktree } from './temp-worktree.js';

export interface RevisionSides {
  sides: readonly [AbSide, AbSide];
  /** Bench files (relative to the repository root) found on one side only: listed, not measured. */
  onlyInA: string[];
  onlyInB: string[];
  /** What the report should say of the sides: dependencies provided, how long an install took. */
  notes: string[];
  cleanup(): Promise<void>;
}

export interface RevisionSideDeps {
  signal?: AbortSignal;
  warn(text: string): void;
  /** Milliseconds, for the time an install took. */
  now(): number;
}

/** Whether the `ab` arguments name revisions rather than two files: the first is not an existing path. */
export function namesRevision(positionals: readonly string[], cwd: string): boolean {
  return positionals.length > 0 && !existsSync(path.resolve(cwd, positionals[0]!));
}

const NOTHING = 'nothing was measured';

async function gitOrSay<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GitMissingError) throw new UsageError(`ab: a revision needs git, which was not found on PATH; ${NOTHING}`);
    throw error;
  }
}

/** The revisions (one or two, leading) and the paths (the rest) among the arguments. */
async function splitArguments(positionals: readonly string[], cwd: string, root: string): Promise<{ revisions: Revision[]; paths: string[] }> {
  const first = await asRevision(positionals[0]!, cwd, root);
  if (first === null) throw new UsageError(`ab: unknown revision: ${positionals[0]} (no commit of that name, and no such file); ${NOTHING}`);
  const second = positionals.length > 1 ? await asRevision(positionals[1]!, cwd, root) : null;
  return second === null ? { revisions: [first], paths: positionals.slice(1) } : { revisions: [first, second], paths: positionals.slice(2) };
}

/** The paths as the run discovers them, relative to the repository root (default: the working folder's place in it). */
function rootTargets(paths: readonly string[], cwd: string, root: string): string[] {
  const here = path.relative(root, realpathSync(cwd));
  if (paths.length === 0) return [here === '' ? '.' : here];
  return paths.map((p) => {
    if (isDynamicPattern(p)) return here === '' ? p : `${here.split(path.sep).join('/')}/${p}`;
    const relative = path.relative(root, path.resolve(realpathSync(cwd), p));
    if (relative.startsWith('..') || path.isAbsolute(relative)) throw new UsageError(`ab: ${p} is outside the repository (${root}); ${NOTHING}`);
    return relative === '' ? '.' : relative;
  });
}

/** The bench files `targets` name in one side's root (targets absent there name none). */
async function filesOf(targets: readonly string[], root: string): Promise<string[]> {
  const present = targets.filter((t) => isDynamicPattern(t) || existsSync(path.join(root, t)));
  return present.length === 0 ? [] : (await discoverBenchFiles(present, root)).map((f) => f.display);
}

export async function revisionSides(positionals: readonly string[], cwd: string, deps: RevisionSideDeps): Promise<RevisionSides> {
  const root = await gitOrSay(() => repositoryRoot(cwd));
  if (root === null) throw new UsageError(`ab: ${positionals[0]} is no file, and ${cwd} is not in a git repository to look it up as a revision; ${NOTHING}`);
  const { revisions, paths } = await gitOrSay(() => splitArguments(positionals, cwd, root));
  const targets = rootTargets(paths, cwd, root);
  const worktrees: TempWorktree[] = [];
  const cleanup = async (): Promise<void> => {
    for (const w of worktrees.splice(0)) await w.remove();
  };
  try {
    const labelB = revisions.length === 2 ? revisionLabel(revisions[1]!) : workingTreeLabel(await gitOrSay(() => workingTreeChanges(root)));
    for (const revision of revisions) worktrees.push(await gitOrSay(() => addTempWorktree(root, revision, deps.warn)));
    const roots = [worktrees[0]!.root, revisions.length === 2 ? worktrees[1]!.root : root] as const;
    const [filesA, filesB] = [await filesOf(targets, roots[0]), await filesOf(targets, roots[1])];
    for (const t of targets) {
      if (!isDynamicPattern(t) && !existsSync(path.join(roots[0], t)) && !existsSync(path.join(roots[1], t))) throw new UsageError(`ab: no such file or directory on either side: ${t}; ${NOTHING}`);
    }
    const inB = new Set(filesB);
    const common = filesA.filter((f) => inB.has(f));
    const labels = [revisionLabel(revisions[0]!), labelB] as const;
    if (common.length === 0) {
      throw new UsageError(`ab: no bench file on both sides (A = ${labels[0]}: ${filesA.length}, B = ${labels[1]}: ${filesB.length}, in ${targets.join(', ')}); ${NOTHING}, the worktree was removed`);
    }
    const notes: string[] = [];
    for (const [i, w] of worktrees.entries()) notes.push(`${i === 0 ? 'A' : 'B'}: ${await provideDependencies(w.root, planDependencies(w.root, root), deps.now, deps.signal)}`);
    return {
      sides: [
        { label: labels[0], root: roots[0], files: common },
        { label: labels[1], root: roots[1], files: common },
      ],
      onlyInA: filesA.filter((f) => !inB.has(f)),
      onlyInB: filesB.filter((f) => !filesA.includes(f)),
      notes,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
