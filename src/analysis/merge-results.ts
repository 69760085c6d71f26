/**
 * `ubench merge`: results files of shards (or of separate runs, forks) → one results file. The same
 * benchmark measured by several processes is pooled — its samples kept per process, so the estimate
 * is the two-level bootstrap of a `--forks` run — but only across runs on matching machines
 * (machine-fingerprint.ts); otherwise each machine's keeps its own row, marked. A process is known
 * by its run's id and fork number, so merging is order-free and idempotent: merging a file with
 * itself, or a merged file with one of its inputs, adds nothing. Measurements only: the caller
 * analyses the outcome (analyse.ts).
 */
import type { BenchmarkResult, FileError, ForkResult, MachineFingerprint, MergeInfo, ProcessSource, ResultsFile, RunSettings } from '../results/types.js';
import { perOpValues, splitByCounts } from '../results/derived-values.js';
import { runContextDiagnostics } from './analyse.js';
import { singleProcessEstimate } from './derive-from-samples.js';
import { estimateGroups } from './host-quiet.js';
import { fingerprintOfFile, sameMachine } from './machine-fingerprint.js';

/** A file that cannot be merged with the others; the message is one line. */
export class MergeError extends Error {
  override name = 'MergeError';
}

export interface MergeInput {
  /** How messages name it (the path as given). */
  label: string;
  results: ResultsFile;
}

/** Settings that shape every measurement: runs that differ in them cannot be pooled or shown as one. */
const MEASUREMENT_SETTINGS = ['timeBudgetNs', 'warmupMaxNs', 'precisionTarget', 'isolate'] as const satisfies readonly (keyof RunSettings)[];

/** One process's part of one benchmark. */
interface Part {
  source: ProcessSource;
  /** The benchmark as that process's file held it (for the fields that are not samples). */
  result: BenchmarkResult;
  samples: BenchmarkResult['samples'];
  floorNsPerOp: number | null;
}

/** One benchmark of one input, on its machine, under its id before any machine mark. */
interface Entry {
  id: string;
  machine: MachineFingerprint;
  result: BenchmarkResult;
  /** Its processes (none when it did not run). */
  parts: Part[];
}

interface MachineGroup {
  fingerprint: MachineFingerprint;
  entries: Entry[];
}

const sourceKey = (s: ProcessSource): string => `${s.runId}\u0000${String(s.fork).padStart(6, '0')}`;
const byKey =
  <T>(key: (t: T) => string) =>
  (a: T, b: T): number =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/** The run id of a file (older files have none: one is made from what identifies their run). */
function runIdOf(results: ResultsFile): string {
  const env = results.environment;
  return env.runId ?? `legacy:${env.startedAt}:${env.cpu.model}:${env.os.release}`;
}

/** The processes of one benchmark of one file, in fork order. */
function partsOf(result: BenchmarkResult, results: ResultsFile): Part[] {
  if (result.status !== 'ok' || result.samples.length === 0) return [];
  const runId = runIdOf(results);
  const forks: ForkResult[] = result.forks ?? [{ estimate: result.estimate!, sampleCount: result.samples.length, floorNsPerOp: result.floorNsPerOp }];
  const slices = splitByCounts(
    result.samples,
    forks.map((f) => f.sampleCount),
  );
  if (slices === null) {
    const total = forks.reduce((sum, f) => sum + f.sampleCount, 0);
    throw new MergeError(`${result.id}: its forks hold ${total} samples but the benchmark ${result.samples.length} (was the file edited?)`);
  }
  return forks.map((fork, i) => ({ source: fork.source ?? { runId, fork: i + 1 }, result, samples: slices[i]!, floorNsPerOp: fork.floorNsPerOp }));
}

/** The benchmark pooled from its processes (distinct, sorted); fields other than samples come from the first process's file. */
function pooled(parts: Part[]): BenchmarkResult {
  const bySource = new Map<string, Part>();
  for (const part of parts) if (!bySource.has(sourceKey(part.source))) bySource.set(sourceKey(part.source), part);
  const distinct = [...bySource.values()].sort(byKey((p) => sourceKey(p.source)));
  const first = distinct[0]!.result;
  const samples = distinct.flatMap((p) => p.samples);
  // Every process keeps its source, a single one too: merging again must know it.
  const forks = distinct.map(
    (p): ForkResult => ({ estimate: singleProcessEstimate(perOpValues(estimateGroups([p.samples])[0]!)), sampleCount: p.samples.length, floorNsPerOp: p.floorNsPerOp, source: p.source }),
  );
  const records = [...new Set(distinct.map((p) => p.result))];
  const durationNs = records.reduce((sum, r) => sum + (r.precision?.durationNs ?? 0), 0);
  return {
    ...first,
    samples,
    forks,
    precision: first.precision === null ? null : { ...first.precision, durationNs },
    diagnostics: runContextDiagnostics(first),
  };
}

function checkSettings(inputs: readonly MergeInput[]): void {
  const [head, ...rest] = inputs;
  for (const other of rest) {
    for (const key of MEASUREMENT_SETTINGS) {
      if (head!.results.settings[key] !== other.results.settings[key]) {
        throw new MergeError(
          `${other.label} was measured with ${key} ${String(other.results.settings[key])}, ${head!.label} with ${String(head!.results.settings[key])}: runs measured differently cannot be merged`,
        );
      }
    }
  }
}

/** Every benchmark of every input with its machine (a merged input's benchmarks keep theirs) and its id without a machine mark. */
function entriesOf(inputs: readonly MergeInput[]): Entry[] {
  const sorted = [...inputs].sort(byKey((i) => runIdOf(i.results)));
  return sorted.flatMap(({ results }) => {
    const own = fingerprintOfFile(results);
    return results.benchmarks.map((result) => {
      const machine = result.machine === undefined ? own : (results.merged?.machines.find((m) => m.id === result.machine) ?? own);
      const mark = ` @${machine.id}`;
      const id = result.machine !== undefined && result.id.endsWith(mark) ? result.id.slice(0, -mark.length) : result.id;
      return { id, machine, result, parts: partsOf(result, results) };
    });
  });
}

/** Entries by machine; the machine with most benchmark processes first (ties: by fingerprint id). */
function machineGroups(entries: readonly Entry[]): MachineGroup[] {
  const groups: MachineGroup[] = [];
  for (const entry of entries) {
    const group = groups.find((g) => sameMachine(g.fingerprint, entry.machine));
    if (group === undefined) groups.push({ fingerprint: entry.machine, entries: [entry] });
    else group.entries.push(entry);
  }
  const weight = (g: MachineGroup): number => new Set(g.entries.flatMap((e) => e.parts.map((p) => sourceKey(p.source)))).size;
  return groups.sort((a, b) => weight(b) - weight(a) || (a.fingerprint.id < b.fingerprint.id ? -1 : a.fingerprint.id > b.fingerprint.id ? 1 : 0));
}

/** The runs a file holds (a merged file: those it records), with their machine and shard. */
function runsOf(file: ResultsFile): MergeInfo['runs'] {
  if (file.merged !== undefined) return file.merged.runs;
  return [{ runId: runIdOf(file), machine: fingerprintOfFile(file).id, shard: file.settings.shard ?? null }];
}

/** Merges results files; throws MergeError (one line) when they cannot be. */
export function mergeResults(inputs: readonly MergeInput[]): ResultsFile {
  if (inputs.length === 0) throw new MergeError('no results files given');
  checkSettings(inputs);
  const entries = entriesOf(inputs);
  const groups = machineGroups(entries);
  const primary = groups[0]?.fingerprint ?? fingerprintOfFile(inputs[0]!.results);
  const several = groups.length > 1;
  // A benchmark measured on more than one machine keeps a row per machine; all but the primary's are marked.
  const machinesOf = new Map<string, Set<MachineGroup>>();
  for (const group of groups) for (const e of group.entries) machinesOf.set(e.id, (machinesOf.get(e.id) ?? new Set()).add(group));
  const rows = new Map<string, { file: string; group: MachineGroup; entries: Entry[]; baseId: string }>();
  for (const entry of entries) {
    const group = groups.find((g) => g.entries.includes(entry))!;
    const marked = group !== groups[0] && machinesOf.get(entry.id)!.size > 1;
    const rowId = marked ? `${entry.id} @${group.fingerprint.id}` : entry.id;
    const row = rows.get(rowId) ?? { file: entry.result.file, group, entries: [], baseId: entry.id };
    row.entries.push(entry);
    rows.set(rowId, row);
  }
  const ordered = [...rows].sort(([, a], [, b]) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const benchmarks = ordered.map(([rowId, row]): BenchmarkResult => {
    const parts = row.entries.flatMap((e) => e.parts);
    const base = parts.length > 0 ? pooled(parts) : row.entries[0]!.result;
    const mark = rowId === row.baseId ? '' : rowId.slice(row.baseId.length);
    const { machine: _machine, ...rest } = base;
    return {
      ...rest,
      id: rowId,
      name: `${base.name.endsWith(mark) ? base.name.slice(0, base.name.length - mark.length) : base.name}${mark}`,
      ...(several ? { machine: row.group.fingerprint.id } : {}),
    };
  });
  const notes: string[] = [];
  if (several) {
    notes.push(`the runs came from ${groups.length} machines (fingerprints ${groups.map((g) => g.fingerprint.id).join(', ')}): a benchmark's processes are pooled only within one machine`);
    const apart = ordered.filter(([rowId, row]) => rowId !== row.baseId).length;
    if (apart > 0) notes.push(`${apart} row${apart === 1 ? '' : 's'} of benchmarks also measured on ${primary.id} kept apart, marked @<machine>`);
  }
  const files = inputs.map((i) => i.results);
  const first = [...files].sort(byKey(runIdOf))[0]!;
  const fileErrors = [...new Map(files.flatMap((f) => f.fileErrors).map((e): [string, FileError] => [`${e.file}\u0000${e.error.message}`, e])).values()].sort(byKey((e) => e.file));
  const runs = [...new Map(files.flatMap(runsOf).map((r) => [r.runId, r])).values()].sort(byKey((r) => r.runId));
  const complete = files.every((f) => f.complete);
  const finished = files
    .map((f) => f.finishedAt)
    .filter((t): t is string => t !== null)
    .sort();
  const filters = new Set(files.map((f) => f.settings.filter));
  const merged: MergeInfo = {
    inputs: [...inputs].sort(byKey((i) => i.label)).map(({ label, results }) => ({
      label,
      runIds: runsOf(results)
        .map((r) => r.runId)
        .sort(),
      benchmarks: results.benchmarks.length,
    })),
    runs,
    machines: groups.length === 0 ? [primary] : groups.map((g) => g.fingerprint),
    notes,
  };
  return {
    schemaVersion: first.schemaVersion,
    environment: { ...first.environment, startedAt: files.map((f) => f.environment.startedAt).sort()[0]!, fingerprint: primary },
    settings: {
      ...first.settings,
      forks: Math.max(1, ...benchmarks.map((b) => b.forks?.length ?? 1)),
      filter: filters.size === 1 ? first.settings.filter : null,
      shard: null,
      gcCost: files.some((f) => f.settings.gcCost),
      allocSites: files.some((f) => f.settings.allocSites),
      profile: files.some((f) => f.settings.profile),
      disasm: files.some((f) => f.settings.disasm),
      ...(files.some((f) => f.settings.instructions === true) ? { instructions: true } : {}),
    },
    complete,
    finishedAt: complete ? (finished[finished.length - 1] ?? null) : null,
    benchmarks,
    fileErrors,
    host: first.host,
    merged,
  };
}
