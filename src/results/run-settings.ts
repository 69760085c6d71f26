/** How a run was asked to measure (`results.settings`): the options that shape its figures. */
export interface RunSettings {
  timeBudgetNs: number;
  warmupMaxNs: number;
  isolate: 'file' | 'benchmark';
  forks: number;
  timeoutNs: number;
  filter: string | null;
  seed: number;
  precisionTarget: number;
  /** The file's benchmarks were sampled in interleaved rounds (false: one after another, `--sequential`; absent in older files). */
  interleave?: boolean;
  /** GC cost by elimination was measured. */
  gcCost: boolean;
  /** Allocation sites were profiled. */
  allocSites: boolean;
  /** The CPU-profiling pass ran (`--profile`). */
  profile: boolean;
  /** The disassembly pass ran (`--disasm`). */
  disasm: boolean;
  /** Instructions were counted under callgrind (`--instructions`; absent in older files: no). */
  instructions?: boolean;
  /** The heap was written after running each benchmark (`--heap-snapshot`; absent in older files: no). */
  heapSnapshot?: boolean;
  /** Each benchmark's block coverage was written (`--coverage`; absent in older files: no). */
  coverage?: boolean;
  /** The share of the suite this run measured (`--shard i/n`); null or absent: all of it. */
  shard?: { index: number; count: number } | null;
  /** Flags given to every benchmark process (`--node-flags`; absent in older files and when none were given). */
  nodeFlags?: string[];
  /** `--quick`: time and bytes/op only, none of the probes or figures measured after sampling besides bytes/op (absent: a full run). */
  quick?: boolean;
}
