/** What `--instructions` records per benchmark (docs/instructions.md). */

/** Cache misses callgrind's simulator counted, per operation (a simulation of a generic cache, not this CPU). */
export interface SimulatedCacheMisses {
  /** First-level data-cache misses (reads and writes). */
  l1DataPerOp: number;
  /** Last-level data-cache misses (reads and writes): what would go to memory. */
  lastLevelDataPerOp: number;
  /** First-level instruction-cache misses. */
  l1InstructionPerOp: number;
}

/** One region a counting process ran: its iterations and callgrind's counts in it. */
export interface RegionCount {
  iterations: number;
  /** The program's events in the region (collections' apart): `Ir` (instructions), and the cache simulator's misses when asked for. */
  events: Record<string, number>;
  /** Instructions of the garbage collections that ran in the region. */
  collectionInstructions: number;
}

export interface InstructionCount {
  status: 'measured' | 'failed' | 'skipped';
  /** Why it failed or was skipped; null when measured. */
  reason: string | null;
  /** Machine instructions per operation of the optimized measured loop: the slope over the regions, garbage collections' own instructions apart (`collectionPerOp`). */
  perOp: number | null;
  /** 95% interval of the slope (Student's t over every process's regions). */
  ciLower: number | null;
  ciUpper: number | null;
  /** The empty loop of the same kind, counted the same way (null for a manual loop): what `optimized-away` compares with. */
  floorPerOp: number | null;
  /**
   * Instructions of the garbage collections that ran inside the regions, per operation of them all:
   * what collecting the body's garbage cost there (0 for a body that allocates nothing). It depends on
   * where collections fall, so it is shown, not compared; null when not measured; absent in files
   * written before it was recorded.
   */
  collectionPerOp?: number | null;
  /** Processes that counted (each under the simulator). */
  processes: number;
  /** Regions per process, and the iterations of the smallest. */
  regions: number;
  unitIterations: number;
  /** The instrumentation tool and its version, e.g. `callgrind (valgrind-3.19.0)`. */
  tool: string;
  /** The V8 flags of the counting processes (a deterministic configuration). */
  flags: string[];
  /** Per-op simulated cache misses with `--cache-sim`; null otherwise. */
  simulatedCache: SimulatedCacheMisses | null;
  /** Wall time of the counting processes, in seconds. */
  wallSeconds: number;
  /**
   * The regions every process counted, of the benchmark and of its empty loop: what the figures above
   * are fitted from, so a later ubench fits them again on reading. Absent in files written before
   * they were recorded, and for counts that failed.
   */
  regionCounts?: { benchmark: RegionCount[]; floor: RegionCount[] } | null;
}
