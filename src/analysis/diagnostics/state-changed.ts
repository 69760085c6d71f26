/**
 * `state-changed`: the body changes the state its setup made (drains, shifts, pops, sorts in place,
 * grows it), and calls on what earlier calls left cost something else than calls on what setup made
 * (analysis/state-change.ts). The estimate then times the used state for most of every sample.
 */
import { stateChangeFinding } from '../state-change.js';
import { formatRatio } from '../../results/text/format-units.js';
import type { Rule } from './rule.js';
import { count, ns, pct } from './format.js';

const HINT =
  "If every call should see what setup() made, work on a copy inside run (e.g. run: (a) => a.slice().sort(); the copy is then timed too, so bench the copy alone to know its share), or declare { setup, run, state: 'per-call' }: ubench then gives every call a fresh state of its own, made before each sample and untimed, and says what the per-call form costs.";

const HIDDEN_HINT =
  "setup() prepares a state kept outside what it returns (a module-level queue, cache or counter), and run() uses it up within a sample, so most timed calls run on what earlier calls left. Return the state from setup() and work on it in run (run receives what setup returns), declare { setup, run, state: 'per-call' } for a fresh state every call, or make each call restore what it takes.";

export const stateChanged: Rule = {
  code: 'state-changed',
  check(result, context) {
    const found = stateChangeFinding(result, context.clock?.costNs ?? null);
    if (found === null) return [];
    const { probe, emptied, freshNsPerOp, laterNsPerOp, ratio, usedShare } = found;
    const apart = `${formatRatio(Math.max(ratio, 1 / ratio))} apart`;
    const followed = probe.followedCalls;
    const whole = followed >= probe.sampleIterations;
    const span = whole ? 'over a sample' : `over the first ${count(followed)} calls of a sample of ${count(probe.sampleIterations)}`;
    const end = whole ? 'of a sample' : `of those ${count(followed)}`;
    const calls = `a sample makes up to ${count(probe.sampleIterations)} calls on one state`;
    const share = `${pct(usedShare)} of the timed calls ran on a used state`;
    const what = probe.hidden === true ? `changes ${probe.change}` : `${emptied ? 'empties' : 'changes'} the state setup() made (${probe.change}`;
    const empty = emptied ? ', taking from an empty collection whatever that costs' : '';
    const message =
      probe.kind === 'settles'
        ? `run() ${what}${probe.hidden === true ? ' (' : ', '}within the first ${probe.settledWithin === 1 ? 'call' : `${count(probe.settledWithin!)} calls`}) and ${calls}: calls on what setup made cost ${ns(freshNsPerOp)}, calls on what they leave ${ns(laterNsPerOp)} (${apart}); ${share} (a share set by how many calls the calibration put in a sample)${empty}`
        : emptied
          ? `run() empties a collection of the state setup() made (${probe.change} ${span}) and ${calls}: the first ${count(probe.timedCalls)} calls on a fresh state cost ${ns(freshNsPerOp)}, the last ${count(probe.timedCalls)} ${end} ${ns(laterNsPerOp)}; ${share}${empty}`
          : `run() keeps changing the state setup() made (${probe.change} ${span}) and its cost moves with it: the first ${count(probe.timedCalls)} calls on a fresh state cost ${ns(freshNsPerOp)}, the last ${count(probe.timedCalls)} ${end} ${ns(laterNsPerOp)} (${apart}); ${share}`;
    return [
      {
        code: 'state-changed',
        severity: 'warning',
        message,
        hint: probe.hidden === true ? HIDDEN_HINT : HINT,
        evidence: { ...probe, freshMedianNsPerOp: freshNsPerOp, laterMedianNsPerOp: laterNsPerOp, ratio },
      },
    ];
  },
};
