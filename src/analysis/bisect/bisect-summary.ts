/**
 * What a bisect found, as every report shows it (terminal, Markdown, JSON, HTML): the ends, the
 * outcome in one headline, the first slower commit with its change, each step's verdict, the
 * commits skipped or undecided with their reasons, and the range still open.
 */
import { formatThresholdPercent } from '../../results/text/format-units.js';
import type { BisectOutcome, StepResult } from './bisect-search.js';
import type { Direction } from './step-verdict.js';

/** A commit as the reports name it. */
export interface BisectCommit {
  commit: string;
  subject: string;
  /** Author date, ISO 8601. */
  authorDate: string;
}

export interface SummaryStep {
  /** 1-based, in the order measured. */
  step: number;
  commit: BisectCommit;
  /** Position after the good end (1 = the first commit after it). */
  position: number;
  result: StepResult;
  resumed: boolean;
}

export interface BisectSummary {
  good: { name: string; commit: string };
  bad: { name: string; commit: string };
  /** Commits after the good end up to the bad end, along first parents. */
  commits: number;
  threshold: number;
  direction: Direction;
  metric: string;
  pairs: number;
  outcome: BisectOutcome['kind'];
  /** One line: what was found. */
  headline: string;
  /** The first commit beyond the threshold, with the files it changed and its step. */
  firstBad: (BisectCommit & { files: string[]; result: StepResult }) | null;
  /** Its last good predecessor measured (or the good end). */
  lastGood: BisectCommit | null;
  steps: SummaryStep[];
  /** Commits set aside (skipped or undecided), with why. */
  setAside: SummaryStep[];
  /** The range still open (interrupted, or undecided commits in the way): after `from` up to `to`. */
  open: { from: BisectCommit; to: BisectCommit; commits: number } | null;
  /** What would decide what is left, or null. */
  decide: string | null;
  notes: string[];
  /** Wall time of the bisect, ms. */
  ms: number;
}

/** A commit's name as the reports show it: git's short form, 10 characters (unique in large repositories). */
export const shortCommit = (commit: string): string => commit.slice(0, 10);
const short = (c: { commit: string }): string => shortCommit(c.commit);

/** The headline of an outcome. */
export function headlineOf(outcome: BisectOutcome['kind'], s: Pick<BisectSummary, 'threshold' | 'direction' | 'firstBad' | 'open' | 'commits' | 'bad'>): string {
  const beyond = `${s.direction} by more than ${formatThresholdPercent(s.threshold)}`;
  switch (outcome) {
    case 'found':
      return `first commit ${beyond}: ${short(s.firstBad!)} ${s.firstBad!.subject}`;
    case 'nothing':
      return `nothing found: the bad end ${short(s.bad)} is not ${beyond} than the good end`;
    case 'range':
      return `the first commit ${beyond} is one of ${s.open!.commits} after ${short(s.open!.from)} up to ${short(s.open!.to)}: the commits between could not be measured or decided`;
    case 'bad-end-unknown':
      return `undecided: the search ended on the bad end ${short(s.bad)}, which could not be measured or decided`;
    case 'interrupted':
      return `interrupted: ${s.open!.commits} commit${s.open!.commits === 1 ? '' : 's'} still open, after ${short(s.open!.from)} up to ${short(s.open!.to)}`;
  }
}

export interface SummaryInput {
  good: { name: string; commit: string };
  bad: { name: string; commit: string };
  /** The commits after the good end, oldest first (position i is range[i − 1]). */
  range: readonly BisectCommit[];
  outcome: BisectOutcome;
  /** Files changed by the first bad commit (found outcome). */
  firstBadFiles: readonly string[];
  threshold: number;
  direction: Direction;
  metric: string;
  pairs: number;
  notes: readonly string[];
  ms: number;
  /** What the open range's decision needs (e.g. the command that resumes). */
  decide: string | null;
}

export function summarise(input: SummaryInput): BisectSummary {
  const { outcome, range } = input;
  const at = (position: number): BisectCommit => (position === 0 ? { commit: input.good.commit, subject: `(good end ${input.good.name})`, authorDate: '' } : range[position - 1]!);
  const steps: SummaryStep[] = outcome.steps.map((s, i) => ({ step: i + 1, commit: at(s.index), position: s.index, result: s.result, resumed: s.resumed }));
  const setAside = steps.filter((s) => s.result.verdict === 'skipped' || s.result.verdict === 'undecided');
  const stepAt = (position: number): StepResult | null => steps.find((s) => s.position === position)?.result ?? null;
  let firstBad: BisectSummary['firstBad'] = null;
  let lastGood: BisectCommit | null = null;
  let open: BisectSummary['open'] = null;
  if (outcome.kind === 'found') {
    firstBad = { ...at(outcome.index), files: [...input.firstBadFiles], result: stepAt(outcome.index)! };
    lastGood = at(outcome.good);
  } else if (outcome.kind === 'range' || outcome.kind === 'interrupted') {
    open = { from: at(outcome.good), to: at(outcome.bad), commits: outcome.bad - outcome.good };
    lastGood = at(outcome.good);
  } else if (outcome.kind === 'bad-end-unknown') {
    open = { from: at(outcome.good), to: at(range.length), commits: range.length - outcome.good };
  }
  const base = { good: input.good, bad: input.bad, commits: range.length, threshold: input.threshold, direction: input.direction, firstBad, open };
  return {
    ...base,
    metric: input.metric,
    pairs: input.pairs,
    outcome: outcome.kind,
    headline: headlineOf(outcome.kind, base),
    lastGood,
    steps,
    setAside,
    decide: input.decide,
    notes: [...input.notes],
    ms: input.ms,
  };
}
