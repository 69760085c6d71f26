/**
 * The history `ubench bisect` is tested and measured on (test/system/cli-bisect.test.ts,
 * lab/scripts/bisect-figures.mjs): 32 commits on the git fixture. Commit 1 holds the work module and
 * its bench file; commit `regressionAt` (21) does more work per call (deterministic: more steps of
 * the same loop); around it, comment-only changes to the module and unrelated files; commit 16
 * breaks the module the bench file imports (a syntax error, mended at 17) and commit 24 deletes the
 * bench file (restored at 25). With `revert`, a 33rd commit puts the old work back.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { gitIn, gitRepository, WORK_BENCH, workModule, writeFiles } from './git-fixture.js';

/** Steps per call of the committed module: about 2 µs per call on this machine, far above the loop's own cost. */
export const BISECT_BASE_STEPS = 2000;
export const BISECT_COMMITS = 32;
export const BROKEN_BUILD_AT = 16;
export const BENCH_DELETED_AT = 24;

export interface BisectHistory {
  repo: string;
  /** Commit names by their 1-based number. */
  commits: string[];
}

/** The module with a comment that changes nothing it does. */
const commented = (steps: number, k: number): string => `${workModule(steps)}// note ${k}: wording only\n`;

export function bisectHistory(dir: string, options: { regressionAt?: number; factor?: number; revert?: boolean } = {}): BisectHistory {
  const at = options.regressionAt ?? 21;
  const slow = Math.round(BISECT_BASE_STEPS * (options.factor ?? 1.2));
  const repo = gitRepository(dir, { 'lib/work.ts': workModule(BISECT_BASE_STEPS), 'bench/work.bench.ts': WORK_BENCH });
  const commits = ['', gitIn(repo, 'rev-parse', 'HEAD').trim()];
  const commit = (k: number, subject: string): void => {
    gitIn(repo, 'add', '-A');
    gitIn(repo, 'commit', '-q', '-m', subject);
    commits[k] = gitIn(repo, 'rev-parse', 'HEAD').trim();
  };
  for (let k = 2; k <= BISECT_COMMITS; k++) {
    const steps = k >= at ? slow : BISECT_BASE_STEPS;
    if (k === at) {
      writeFiles(repo, { 'lib/work.ts': workModule(steps) });
      commit(k, `commit ${k}: more work per call`);
    } else if (k === BROKEN_BUILD_AT) {
      writeFiles(repo, { 'lib/work.ts': `${workModule(steps)}export const broken = (;\n` });
      commit(k, `commit ${k}: a syntax error in the imported module`);
    } else if (k === BROKEN_BUILD_AT + 1) {
      writeFiles(repo, { 'lib/work.ts': workModule(steps) });
      commit(k, `commit ${k}: mend the syntax error`);
    } else if (k === BENCH_DELETED_AT) {
      rmSync(path.join(repo, 'bench/work.bench.ts'));
      commit(k, `commit ${k}: delete the bench file`);
    } else if (k === BENCH_DELETED_AT + 1) {
      writeFiles(repo, { 'bench/work.bench.ts': WORK_BENCH });
      commit(k, `commit ${k}: restore the bench file`);
    } else if (k % 2 === 0) {
      writeFiles(repo, { 'lib/work.ts': commented(steps, k) });
      commit(k, `commit ${k}: comment only`);
    } else {
      writeFiles(repo, { [`notes/n${k}.md`]: `note ${k}\n` });
      commit(k, `commit ${k}: unrelated file`);
    }
  }
  if (options.revert === true) {
    writeFiles(repo, { 'lib/work.ts': workModule(BISECT_BASE_STEPS) });
    commit(BISECT_COMMITS + 1, `commit ${BISECT_COMMITS + 1}: revert the extra work`);
  }
  return { repo, commits };
}
