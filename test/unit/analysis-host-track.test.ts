/**
 * Host tracking and attribution on synthetic interleaved runs: a host burst that moves every
 * benchmark of the rounds is the host's (host-moved), a drift of one benchmark alone is its own;
 * paired ratios cancel what the rounds share.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseBenchmark } from '../../src/analysis/analyse-benchmark.js';
import { diagnose } from '../../src/analysis/diagnostics/diagnose.js';
import { hostMoved } from '../../src/analysis/diagnostics/host-moved.js';
import { hostAdjusted, hostFactors, hostTrack, roundStretches, runningMedian, steadyAgainstReferences } from '../../src/analysis/host-track.js';
import { pairedRatio } from '../../src/analysis/paired-rounds.js';
import { withRelative } from '../../src/analysis/relative.js';
import type { OkResult, RuleContext } from '../../src/analysis/diagnostics/rule.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';
import { noisy, samplesFrom, syntheticResult } from '../helpers/synthetic-result.js';

const context: Omit<RuleContext, 'hostFactors'> = { clock: { costNs: 45, resolutionNs: 40 }, precisionTarget: 0.01 };
const N = 60;
const KEY = 4_242_000_000;
/** The host: 25% slower from round 30 on (a step in its speed), else steady. */
const burst = (round: number): number => (round >= 30 ? 1.25 : 1);

/** A benchmark sampled in rounds 0..N-1: per-op = center × host(round) × own(round) × noise. */
function interleaved(id: string, center: number, own: (round: number) => number, seed: number, host = burst, reference = true, n = N): BenchmarkResult {
  const rng = createRng(seed);
  const perOp = Array.from({ length: n }, (_, r) => center * host(r) * own(r) * (1 + 0.004 * (2 * rng() - 1)));
  const base = syntheticResult({ perOp });
  const floorSamples = samplesFrom(
    Array.from({ length: n }, (_, r) => 0.42 * host(r)),
    400_000,
  ).map((s, r) => ({ ...s, round: KEY + r }));
  return {
    ...base,
    id,
    name: id,
    samples: base.samples.map((s, r) => ({ ...s, round: KEY + r, ...(reference ? { hostNs: 5500 * host(r) * (1 + 0.01 * (2 * rng() - 1)) } : {}) })),
    floor: { ...base.floor!, samples: floorSamples },
  };
}

const steady = () => 1;
const codes = (r: BenchmarkResult) => r.diagnostics.map((d) => `${d.code}:${d.severity}`);

describe('host factors', () => {
  it('follow what the other participants of the same rounds did, not the benchmark itself', () => {
    const a = interleaved('f#a', 100, steady, 1);
    const b = interleaved('f#b', 40, steady, 2);
    const factors = hostFactors(a, [a, b])!;
    assert.equal(factors.length, N);
    assert.ok(Math.abs(factors[45]! / factors[5]! - 1.25) < 0.03, `${factors[45]} / ${factors[5]}`);
    const track = hostTrack(a, factors)!;
    assert.equal(track.source, 'rounds');
    assert.ok(track.movement > 0.2 && track.movement < 0.3, String(track.movement));
    assert.ok(Math.abs(track.referenceNs! - 5500) < 5500 * 0.3);
  });

  it('come from the reference after each sample in sequential mode', () => {
    const result = syntheticResult({ perOp: noisy(40, 10, 0.002) });
    const samples = result.samples.map((s, i) => ({ ...s, hostNs: i < 20 ? 5000 : 5500 }));
    const factors = hostFactors({ ...result, samples }, [])!;
    assert.ok(Math.abs(factors[30]! / factors[0]! - 1.1) < 1e-9);
    assert.equal(hostTrack({ ...result, samples }, factors)!.source, 'reference');
  });

  it('are null for a file from before host tracking', () => {
    const result = syntheticResult({ perOp: noisy(40, 10, 0.002) });
    assert.equal(hostFactors(result, [result]), null);
    assert.equal(hostTrack(result, null), null);
  });

  it('divide the samples out when adjusting', () => {
    const samples = [
      { iterations: 10, elapsedNs: 110 },
      { iterations: 10, elapsedNs: 100 },
    ];
    assert.deepEqual(
      hostAdjusted(samples, [1.1, 1]).map((s) => Math.round(s.elapsedNs * 1e6) / 1e6),
      [100, 100],
    );
  });

  it('smooths with a centred running median', () => {
    assert.deepEqual(runningMedian([1, 9, 1, 1, 5, 5, 5], 3), [5, 1, 1, 1, 5, 5, 5]);
  });
});

describe('attribution before blaming', () => {
  it("calls a step that moved every benchmark of the rounds the host's, not a drift of the code", () => {
    const a = interleaved('f#a', 100, steady, 1);
    const b = interleaved('f#b', 40, steady, 2);
    const raw = analyseBenchmark({ ...a }, [a], context); // alone, without its peers nor a reference: only its floor
    const alone = analyseBenchmark(a, [a, b], context);
    // A finding about the host, never a warning about the benchmark: the CI beside the estimate says how precise it is.
    assert.ok(codes(alone).includes('host-moved:info'), codes(alone).join());
    assert.ok(!codes(alone).some((c) => /^(drift|multimodal|noisy)/.test(c)), codes(alone).join());
    const finding = alone.diagnostics.find((d) => d.code === 'host-moved')!;
    assert.match(finding.message, /the machine's speed moved by 2\d%/);
    assert.match(finding.message, /so (drift|multimodal)(, [a-z]+)* (is|are) the host's, not the code's; the estimate's 95% CI \(±\d+(\.\d)?%\) includes that movement/);
    // The floor alone moved in step too, so even without peers the burst is the host's.
    assert.ok(!codes(raw).some((c) => /^(drift|multimodal):warning/.test(c)), codes(raw).join());
  });

  it("without host tracking a step stays information: a step is the host's usual shape, and no setup value explains it", () => {
    const a = interleaved('f#a', 100, steady, 1);
    const untracked: BenchmarkResult = { ...a, samples: a.samples.map(({ iterations, elapsedNs }) => ({ iterations, elapsedNs })), floor: { ...a.floor!, samples: undefined } };
    const result = analyseBenchmark(untracked, [untracked], context);
    assert.ok(codes(result).includes('drift:info'), codes(result).join());
    assert.ok(codes(result).includes('multimodal:info'), codes(result).join());
    assert.ok(!codes(result).some((c) => c.endsWith(':warning')), codes(result).join());
    assert.ok(!codes(result).some((c) => c.startsWith('host-moved')));
    assert.match(result.diagnostics.find((d) => d.code === 'drift')!.message, /in steps rather than steadily \(quarters at 1\.00, 1\.0\d, 1\.2\d, 1\.2\d of the first/);
  });

  it("calls a step of the benchmark alone, with the host's references level, the code's", () => {
    const own = (r: number) => (r >= 40 ? 1.35 : 1);
    const a = interleaved('f#a', 100, own, 1, steady);
    const b = interleaved('f#b', 40, steady, 2, steady);
    const result = analyseBenchmark(a, [a, b], context);
    const drift = result.diagnostics.find((d) => d.code === 'drift');
    assert.ok(drift, codes(result).join());
    assert.equal(drift.severity, 'warning', "one attribution principle: what outlasts the host's part is the code's, a warning");
    assert.match(drift.message, /in steps rather than steadily .*with the host's movement taken out it still moved [\d.]+%: the code's own level changed part-way/);
    assert.doesNotMatch(drift.message, /the machine's speed switching levels|taking it out does not explain/);
    assert.equal((drift.evidence as { stepOwner?: string }).stepOwner, 'code');
    // Its two levels are the clusters and the spread: one cause, one finding.
    assert.ok(!codes(result).some((c) => /^(multimodal|noisy):/.test(c)), codes(result).join());
  });

  it("still blames a benchmark that drifted on its own, with the figures after the host's movement", () => {
    const ramp = (r: number) => 1 + 0.6 * (r / N);
    const a = interleaved('f#a', 100, ramp, 1);
    const b = interleaved('f#b', 40, steady, 2);
    const result = analyseBenchmark(a, [a, b], context);
    const drift = result.diagnostics.find((d) => d.code === 'drift');
    assert.ok(drift, codes(result).join());
    assert.equal(drift.severity, 'warning');
    assert.match(drift.message, /through the whole run \(quarters at 1\.00, /);
    assert.match(drift.message, /the host's speed moved \d+% meanwhile; taking it out does not explain this/);
    const peer = analyseBenchmark(b, [a, b], context);
    assert.ok(!codes(peer).some((c) => c.startsWith('drift')), codes(peer).join());
  });
});

describe('stretches of the same neighbours', () => {
  /** `b` sampled only in rounds before `leaves`, like a benchmark whose stopping rule said enough. */
  const leaving = (b: BenchmarkResult, leaves: number): BenchmarkResult => ({ ...b, samples: b.samples.filter((s) => s.round! - KEY < leaves) });
  const calm = (round: number) => 1 + 0 * round;

  it('are numbered where the set of participants changes', () => {
    const a = interleaved('f#a', 100, steady, 1, calm);
    const b = leaving(interleaved('f#b', 40, steady, 2, calm), 25);
    const stretches = roundStretches(a, [a, b])!;
    assert.equal(stretches[0], 0);
    assert.equal(stretches[24], 0);
    assert.equal(stretches[25], 1);
    assert.equal(new Set(stretches).size, 2);
    assert.equal(roundStretches(a, [a]), null, 'one stretch: nothing to tell apart');
  });

  it("make steps where neighbours left the rounds interleaving's, not a drift of the code", () => {
    const staircase = (r: number) => 1 + 0.1 * Math.floor(r / 20);
    const a = interleaved('f#a', 100, staircase, 1, calm, true, 80);
    const peers = [20, 40, 60].map((leaves, i) => leaving(interleaved(`f#p${i}`, 40 + i, steady, 2 + i, calm, true, 80), leaves));
    // Without knowing who was in the rounds, the staircase reads as a ramp.
    const blind = diagnose(a, { ...context, hostFactors: null });
    assert.equal(blind.find((x) => x.code === 'drift')?.severity, 'warning', blind.map((x) => `${x.code}:${x.severity}`).join());
    const result = analyseBenchmark(a, [a, ...peers], context);
    const d = result.diagnostics.find((x) => x.code === 'drift');
    assert.equal(d?.severity, 'info', codes(result).join());
    assert.match(d!.message, /but it moved where the file's other benchmarks left the rounds, and within each stretch of the same neighbours it held \(4 stretches\): interleaving's, not the code's/);
  });

  it('still blame a ramp that goes on across the stretches', () => {
    const ramp = (r: number) => 1 + 0.8 * (r / N);
    const a = interleaved('f#a', 100, ramp, 1, calm);
    const b = leaving(interleaved('f#b', 40, steady, 2, calm), 20);
    const result = analyseBenchmark(a, [a, b], context);
    assert.equal(result.diagnostics.find((x) => x.code === 'drift')?.severity, 'warning', codes(result).join());
  });
});

describe('stretches of the same neighbours, pooled', () => {
  const leaving = (b: BenchmarkResult, leaves: number): BenchmarkResult => ({ ...b, samples: b.samples.filter((s) => s.round! - KEY < leaves) });
  const calm = (round: number) => 1 + 0 * round;

  it('still blame a ramp too gentle to judge in any one stretch, which goes on inside each of them', () => {
    // 30% over 80 rounds: under 10% inside each stretch of 25–30 rounds, so no stretch drifts on its own.
    const gentle = (r: number) => 1 + 0.3 * (r / 80);
    const a = interleaved('f#a', 100, gentle, 1, calm, true, 80);
    const peers = [25, 50].map((leaves, i) => leaving(interleaved(`f#p${i}`, 40 + i, steady, 2 + i, calm, true, 80), leaves));
    const result = analyseBenchmark(a, [a, ...peers], context);
    assert.equal(result.diagnostics.find((x) => x.code === 'drift')?.severity, 'warning', codes(result).join());
  });
});

describe('paired rounds', () => {
  it('give the ratio of two benchmarks with a CI the shared burst does not widen', () => {
    const a = interleaved('f#a', 100, steady, 1);
    const b = interleaved('f#b', 40, steady, 2);
    const paired = pairedRatio(a.samples, b.samples)!;
    assert.equal(paired.pairs, N);
    assert.ok(Math.abs(paired.ratio - 2.5) < 0.02);
    assert.ok(paired.ciUpper - paired.ciLower < 0.02, JSON.stringify(paired));
  });

  it('are not formed between samples of different rounds', () => {
    const a = interleaved('f#a', 100, steady, 1);
    const shifted = a.samples.map((s) => ({ ...s, round: s.round! + 1000 }));
    assert.equal(pairedRatio(a.samples, shifted), null);
  });

  it('make relative results of interleaved benchmarks paired', () => {
    const a = { ...interleaved('f#a', 100, steady, 1), group: 'g' };
    const b = { ...interleaved('f#b', 40, steady, 2), group: 'g' };
    const [ra] = withRelative([a, b], 1);
    assert.equal(ra!.relative!.referenceId, 'f#b');
    assert.ok(Math.abs(ra!.relative!.ratio - 2.5) < 0.02);
    assert.ok(ra!.relative!.ciUpper - ra!.relative!.ciLower < 0.02, JSON.stringify(ra!.relative));
  });

  it('make the relative ratio the median of the per-round ratios, however far the ratio of the estimates is from it', () => {
    // 20 rounds; the host runs 1.5× slower from round 10 on. The member's own time is 1.3× higher in
    // rounds 0–5 (while the host was fast), so its median lands among the slow host's rounds.
    const host = (r: number): number => (r >= 10 ? 1.5 : 1);
    const own = (r: number): number => (r < 6 ? 1.3 : 1);
    const rounds = Array.from({ length: 20 }, (_, r) => r);
    const inRounds = (id: string, perOp: number[], baseline: boolean): BenchmarkResult => {
      const base = syntheticResult({ perOp });
      return { ...base, id, name: id, baseline, samples: base.samples.map((s, r) => ({ ...s, round: KEY + r })) };
    };
    const member = inRounds(
      'f#member',
      rounds.map((r) => 30 * host(r) * own(r)),
      false,
    );
    const reference = inRounds(
      'f#reference',
      rounds.map((r) => 10 * host(r)),
      true,
    );
    const [relative] = withRelative([member, reference], 1).map((r) => r.relative!);
    assert.equal(relative!.referenceId, 'f#reference');
    // Per round: 3.9 in 6 rounds, 3 in 14: the median is 3.
    assert.ok(Math.abs(relative!.ratio - 3) < 1e-9, JSON.stringify(relative));
    assert.ok(relative!.ciLower <= relative!.ratio && relative!.ratio <= relative!.ciUpper, JSON.stringify(relative));
    // The estimates (medians of each benchmark's own samples) are 42 and 12.5: 3.36, 12% away.
    const ofEstimates = member.estimate!.nsPerOp / reference.estimate!.nsPerOp;
    assert.ok(Math.abs(ofEstimates - 3.36) < 1e-9, String(ofEstimates));
  });

  it('fall back to the ratio of the estimates, with a bootstrap CI, below six shared rounds', () => {
    const a = { ...interleaved('f#a', 100, steady, 1), baseline: false };
    const b = { ...interleaved('f#b', 40, steady, 2), baseline: true };
    const fewShared = { ...a, samples: a.samples.map((s, i) => ({ ...s, round: i < 5 ? s.round! : s.round! + 1000 })) };
    const [relative] = withRelative([fewShared, b], 1).map((r) => r.relative!);
    assert.equal(relative!.referenceId, 'f#b');
    assert.equal(relative!.ratio, fewShared.estimate!.nsPerOp / b.estimate!.nsPerOp);
    assert.ok(Number.isFinite(relative!.ciLower) && relative!.ciLower < relative!.ciUpper && Number.isFinite(relative!.ciUpper), JSON.stringify(relative));
  });

  it('let optimized-away compare a benchmark with the floor of its own rounds', () => {
    const atFloor = interleaved('f#empty', 0.43, steady, 5);
    assert.ok(codes(analyseBenchmark(atFloor, [atFloor], context)).includes('optimized-away:warning'));
    const real = interleaved('f#work', 0.6, steady, 6);
    assert.ok(!codes(analyseBenchmark(real, [real], context)).includes('optimized-away:warning'));
  });
});

describe('the host references as the witness', () => {
  const calm = (round: number) => 1 + 0 * round;
  /** Work that grows through the run, by itself: 1 → 1.6 over the rounds. */
  const grows = (round: number) => 1 + 0.6 * (round / N);

  it('admit a neighbour as a witness only when, against the references, it holds level', () => {
    const steadyPeer = interleaved('f#steady', 40, steady, 2);
    const growingPeer = interleaved('f#grows', 40, grows, 3, calm);
    const stepPeer = interleaved('f#step', 40, (r) => (r < 30 ? 1 : 1.15), 4, calm);
    assert.equal(steadyAgainstReferences(steadyPeer), true);
    assert.equal(steadyAgainstReferences(growingPeer), false);
    assert.equal(steadyAgainstReferences(stepPeer), false);
    // Without references nothing shows a neighbour steady.
    const blind = interleaved('f#blind', 40, steady, 5, calm, false);
    assert.equal(steadyAgainstReferences(blind), false);
  });

  it('blame a drift the references do not show on the benchmark, though every neighbour drifts too', () => {
    // The host is calm (its references hold level); three neighbours grow with their own call count.
    const a = interleaved('f#a', 100, grows, 1, calm);
    const peers = [0, 1, 2].map((i) => interleaved(`f#p${i}`, 40 + i, (r) => 1 + (0.5 + 0.1 * i) * (r / N), 10 + i, calm));
    const factors = hostFactors(a, [a, ...peers])!;
    assert.ok(Math.abs(factors.at(-5)! / factors[5]! - 1) < 0.05, `${factors[5]} → ${factors.at(-5)}`);
    const result = analyseBenchmark(a, [a, ...peers], context);
    assert.equal(result.diagnostics.find((d) => d.code === 'drift')?.severity, 'warning', codes(result).join());
    assert.ok(!codes(result).includes('host-moved:info'), codes(result).join());
  });

  it("still call a host step the host's when the references show it and steady neighbours move with it", () => {
    const a = interleaved('f#a', 100, steady, 1);
    const peers = [0, 1, 2].map((i) => interleaved(`f#p${i}`, 40 + i, steady, 10 + i));
    const result = analyseBenchmark(a, [a, ...peers], context);
    assert.ok(codes(result).includes('host-moved:info'), codes(result).join());
    assert.ok(!codes(result).some((c) => c.endsWith(':warning')), codes(result).join());
  });
});

describe('levels of the benchmark itself', () => {
  const calm = (round: number) => 1 + 0 * round;
  const alternating = (round: number) => (round % 2 === 0 ? 1 : 8);

  it('warn on two levels 8× apart that the references do not show, naming the levels and their shares', () => {
    const a = interleaved('f#a', 100, alternating, 1, calm, true, 80);
    const result = analyseBenchmark(a, [a], context);
    const d = result.diagnostics.find((x) => x.code === 'levels');
    assert.equal(d?.severity, 'warning', codes(result).join());
    assert.match(d!.message, /two levels, (99\.\d+|100(\.\d+)?) ns \(50(\.0)?% of samples\) and 80\d(\.\d+)? ns \(50(\.0)?% of samples\), alternating from one sample to the next/);
    assert.match(d!.message, /which does not explain a 8\.\d× step/);
    // The clusters and the spread are its consequences: no information findings repeat them.
    assert.ok(!codes(result).some((c) => /^(multimodal|noisy|drift):info/.test(c)), codes(result).join());
  });

  it('are the host’s when the references alternate with them', () => {
    const host = (round: number) => (round % 2 === 0 ? 1 : 1.3);
    const a = interleaved('f#a', 100, steady, 1, host, true, 80);
    const result = analyseBenchmark(a, [a], context);
    assert.ok(!codes(result).some((c) => c.startsWith('levels')), codes(result).join());
  });

  it('are the machine’s when the time they add is within the time spent waiting for a CPU', () => {
    // Every other sample 3× as long: the slow ones add half of the sampling time.
    const a = interleaved('f#a', 100, (r) => (r % 2 === 0 ? 1 : 3), 1, calm, true, 80);
    const throttle = { baselineNs: 1, beforeNs: 1, afterNs: 1, waitedMs: 0, retries: 0, helperCpuShare: 0 };
    const waiting = analyseBenchmark({ ...a, throttle: { ...throttle, cpuWaitShare: 0.6 } }, [a], context);
    assert.ok(!codes(waiting).some((c) => c.startsWith('levels')), codes(waiting).join());
    const barely = analyseBenchmark({ ...a, throttle: { ...throttle, cpuWaitShare: 0.3 } }, [a], context);
    const d = barely.diagnostics.find((x) => x.code === 'levels');
    assert.equal(d?.severity, 'warning', codes(barely).join());
    assert.ok(Math.abs((d!.evidence as { addedShare: number }).addedShare - 1 / 2) < 0.02, JSON.stringify(d!.evidence));
  });

  it('say nothing without the host references', () => {
    const a = interleaved('f#a', 100, alternating, 1, calm, false, 80);
    const untracked: BenchmarkResult = { ...a, floor: { ...a.floor!, samples: undefined } };
    const result = analyseBenchmark(untracked, [untracked], context);
    assert.ok(!codes(result).some((c) => c.startsWith('levels')), codes(result).join());
    assert.ok(codes(result).includes('multimodal:info'), codes(result).join());
  });

  it('report a step mid-run as a step', () => {
    const a = interleaved('f#a', 100, (r) => (r < 50 ? 1 : 4), 1, calm, true, 80);
    const d = analyseBenchmark(a, [a], context).diagnostics.find((x) => x.code === 'levels');
    assert.match(d?.message ?? '', /two levels, .* changing in a step \(from the lowest level, first change at sample 51 of 80\)/);
  });
});

describe("host-moved says the estimate is the host's quiet rounds", () => {
  const base = syntheticResult({ perOp: noisy(40, 20, 0.01) });
  const message = (quiet: { nsPerOp: number; samples: number; of: number } | undefined, estimate: number) =>
    hostMoved(
      {
        ...base,
        estimate: { ...base.estimate!, nsPerOp: estimate },
        host: { source: 'rounds', movement: 0.3, slowest: 1.3, fastest: 1, referenceNs: 5600, throughputNs: 520, ...(quiet === undefined ? {} : { quiet }) },
      } as OkResult,
      [],
      0.9,
    ).message;
  const overall = base.estimate!.nsPerOp;
  it('naming the median over all samples when it sits 3% or more from the estimate', () => {
    assert.match(
      message({ nsPerOp: overall * 0.9, samples: 18, of: 40 }, overall * 0.9),
      /the estimate is the median of the 18 of 40 samples taken in the host's quiet rounds, the estimate's 95% CI \(.*\); over all samples it read 20\.\d+ ns$/,
    );
    assert.doesNotMatch(message({ nsPerOp: overall * 0.99, samples: 18, of: 40 }, overall * 0.99), /over all samples/);
  });
  it('and that its interval holds the movement when every sample, or no quiet figure, made it', () => {
    for (const quiet of [{ nsPerOp: overall, samples: 40, of: 40 }, undefined]) {
      const text = message(quiet, overall);
      assert.match(text, /the estimate's 95% CI \(.*\) includes that movement$/);
      assert.doesNotMatch(text, /quiet rounds/);
    }
  });
});
