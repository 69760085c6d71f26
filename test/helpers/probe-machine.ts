/**
 * A synthetic machine for `ubench probe` tests: a scripted executor that plays every probe bench
 * file (declared benchmarks with their parameters, measured at times a simple machine model gives),
 * and the OS facts of the machine the issue describes (line 64 B, L1d 48 KiB, L2 1 MiB, L3 32 MiB).
 */
import path from 'node:path';
import type { ChildEvent, ChildRequest, DeclaredInfo } from '../../src/engine/process/events.js';
import type { OsCacheFacts } from '../../src/probe/os-cache-facts.js';
import { benchmarkId, displayName } from '../../src/define/params.js';
import { hello, measurement, scriptedExecutor } from './scripted-executor.js';
import { noisy, syntheticResult } from './synthetic-result.js';
import { resultsFile } from '../fixtures/report/results-fixture.js';
import type { BenchmarkResult, ParamValue, ResultsFile } from '../../src/results/types.js';

const KIB = 1024;
const MIB = 1024 * KIB;

export const MODEL_OS: OsCacheFacts = {
  caches: [
    { level: 1, type: 'Data', sizeBytes: 48 * KIB, lineBytes: 64 },
    { level: 1, type: 'Instruction', sizeBytes: 32 * KIB, lineBytes: 64 },
    { level: 2, type: 'Unified', sizeBytes: 1 * MIB, lineBytes: 64 },
    { level: 3, type: 'Unified', sizeBytes: 32 * MIB, lineBytes: 64 },
  ],
  lineBytes: 64,
  pageBytes: 4096,
};

/** Latency of one chased load: plateaus for L1d, L2, L3 and memory. */
export function modelLatencyNs(bytes: number): number {
  return bytes <= 32 * KIB ? 1.2 : bytes <= 1 * MIB ? 4 : bytes <= 32 * MIB ? 14 : 90;
}

interface Declared {
  group: string | null;
  name: string;
  params: Record<string, ParamValue>;
  /** ns/op, or an error message thrown instead of measuring. */
  outcome: number | { error: string };
}

const ELEMENTS = 65_536;

/** The benchmarks each probe file declares in quick mode, with the model's times. */
export function modelBenchmarks(file: string, overrides: (d: Declared) => Declared = (d) => d): Declared[] {
  const b = (name: string, params: Record<string, ParamValue>, ns: number, group: string | null = null): Declared => overrides({ group, name, params, outcome: ns });
  switch (file) {
    case 'cache-line.bench.ts':
      return [
        // Flat 6 GB/s up to 256 B (prefetchers), then doubling: the copy's knee lands at 256 B.
        ...[16, 32, 64, 128, 256, 512, 1024].map((s) => b('strided copy', { stride: s, mib: 64 }, (64 * MIB) / (6 * Math.max(1, s / 256)))),
        ...[8, 16, 32, 64, 128, 256].map((o) => b('line pair chase', { offset: o }, o < 64 ? 57 : 83)),
      ];
    case 'cache-size.bench.ts':
      return ['pointer chase', 'pointer chase, page-local'].flatMap((name) =>
        [16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536].map((kib) => b(name, { kib }, modelLatencyNs(kib * KIB) * (name === 'pointer chase' && kib >= 8192 ? 3 : 1))),
      );
    case 'bandwidth.bench.ts':
      return [b('sequential read, 1 byte per 64', { mib: 128 }, (128 * MIB) / 10)];
    case 'memory-parallelism.bench.ts':
      return [1, 2, 4, 8, 16, 32].map((k) => b('chase lanes', { lanes: k }, k * (100 / Math.min(k, 10))));
    case 'branch-prediction.bench.ts':
      return [
        ...(['random', 'odd', 'even'] as const).map((data) => b('branchy', { data, elements: ELEMENTS }, ELEMENTS * { random: 5, odd: 1, even: 0.9 }[data], 'copy odd')),
        b('branchless', { data: 'random', elements: ELEMENTS }, ELEMENTS * 0.95, 'copy odd'),
      ];
    case 'data-dependency.bench.ts':
      return [b('prefix sum', { elements: ELEMENTS }, ELEMENTS * 2, 'one pass over 64 Ki int32'), b('successive differences', { elements: ELEMENTS }, ELEMENTS * 1, 'one pass over 64 Ki int32')];
    default:
      throw new Error(`not a probe file: ${file}`);
  }
}

/** A scripted executor playing the model; `overrides` changes single benchmarks (errors, times). */
export function probeMachine(overrides?: (d: Declared) => Declared) {
  return scriptedExecutor((request: ChildRequest) => {
    const declared = modelBenchmarks(path.basename(request.file), overrides);
    const infos: DeclaredInfo[] = declared.map((d) => ({
      id: benchmarkId(request.displayFile, d.group, displayName(d.name, d.params)),
      name: displayName(d.name, d.params),
      baseName: d.name,
      group: d.group,
      params: d.params,
      baseline: false,
    }));
    const events: ChildEvent[] = [hello, { type: 'declared', benchmarks: infos }];
    declared.forEach((d, i) => {
      const id = infos[i]!.id;
      events.push({ type: 'start', id });
      if (typeof d.outcome === 'number') events.push({ type: 'measured', id, result: measurement(d.outcome) });
      else events.push({ type: 'bench-error', id, error: { message: d.outcome.error, location: null, stack: null } });
    });
    events.push({ type: 'done' });
    return { events };
  });
}

/** The model's quick-mode results as one results file, without running anything (for page tests); `overrides` as for {@link probeMachine}. */
export function probeResults(overrides?: (d: Declared) => Declared): ResultsFile {
  const files = ['branch-prediction', 'data-dependency', 'cache-line', 'cache-size', 'bandwidth', 'memory-parallelism'].map((id) => `${id}.bench.ts`);
  const benchmarks: BenchmarkResult[] = files.flatMap((file) =>
    modelBenchmarks(file, overrides).map((d, i) => {
      const name = displayName(d.name, d.params);
      const result = syntheticResult({ perOp: noisy(20, d.outcome as number, 0.002, i + 1) });
      return { ...result, id: benchmarkId(`probe/${file}`, d.group, name), name, baseName: d.name, file: `probe/${file}`, group: d.group, params: d.params };
    }),
  );
  return resultsFile(benchmarks);
}
