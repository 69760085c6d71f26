/**
 * Whether V8's array-buffer detaching protector has fallen in this process. Once any ArrayBuffer is
 * detached (a transfer list in `structuredClone` or `postMessage`, `ArrayBuffer.prototype.transfer`,
 * a WebAssembly memory that grows), optimized code checks every typed-array access for a detached
 * buffer, in the whole isolate and for good: a 10,000-element Float64Array sum ran 8.2 µs before and
 * 16.5 µs after (measured on this project's machine, Node 20). No native reads the protector, so a
 * probe times it: a Float64Array summed against a plain array of the same doubles, the same loop.
 * The host's speed moves both alike; the protector moves only the first. Bursts shorter than a
 * batch are taken out by keeping each side's fastest batch.
 *
 * Where V8's natives can be enabled (JitControl), the fall is read directly instead: optimized code
 * that reads a typed array depends on the protector, and V8 throws that code away when the protector
 * falls. Two witness functions are optimized at the start and never called again; both found
 * deoptimized is the fall (measured here, Node 20 and 22: a transfer in `structuredClone` deoptimized
 * them at once; nothing else calls them, so nothing else can). Timing alone read an intact process
 * 1.4× three times in a row in one corpus run and a fall as 1.6× once (lab/corpus-rates.md); the
 * ratio is then only the figure the warning quotes.
 */
import type { DetachedBuffers } from '../../results/types.js';
import type { JitControl } from '../loop/jit-tier.js';

/** Elements of each probe array: small enough to stay in L1 on any machine, so memory cannot differ. */
const PROBE_LENGTH = 256;
/** Calls before timing, so both sums are optimized (again, after a fall deoptimized the typed one). */
const WARM_CALLS = 3_000;
/** Calls per timed batch (~50 µs each at ~0.8 ns per element: far above the clock's cost). */
const BATCH_CALLS = 250;
/** Batches per side, alternating; the fastest of each side stands. */
const BATCHES = 7;
/**
 * Typed over plain, relative to the same ratio at the start, above which the protector has fallen:
 * the fall moved it 1.9–2.0× (measured here, Node 20 and 22); a single reading of an intact process
 * once reached 1.47×, which READINGS in a row take out (a fall stays for good).
 */
export const DETACHED_SLOWDOWN = 1.4;
/** Readings for the start's median, and for confirming a fall. */
const READINGS = 3;

function sumTyped(values: Float64Array): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  return total;
}

function sumPlain(values: number[]): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  return total;
}

/** Calls that give each witness its type feedback (a Float64Array) before it is optimized. */
const WITNESS_FEEDBACK_CALLS = 3;
/** Witnesses: two, so one thrown away for a reason of V8's own (never seen) does not read as a fall. */
const WITNESSES = 2;

/**
 * Functions optimized once for a Float64Array and never called again: V8 deoptimizes them when the
 * protector falls. Null where natives are off, or a witness would not reach TurboFan.
 */
export class ProtectorWitness {
  private constructor(
    private readonly jit: JitControl,
    private readonly witnesses: unknown[],
  ) {}

  static create(jit: JitControl | null): ProtectorWitness | null {
    if (jit === null) return null;
    const values = new Float64Array(16).fill(0.5);
    const witnesses: unknown[] = [];
    for (let w = 0; w < WITNESSES; w++) {
      // Own source per witness: each is its own function to V8, with its own optimized code.
      const fn = new Function('values', `let total = ${w}; for (let i = 0; i < values.length; i++) total += values[i]; return total;`) as (v: Float64Array) => number;
      for (let c = 0; c < WITNESS_FEEDBACK_CALLS; c++) fn(values);
      jit.optimizeOnNextCall(fn);
      fn(values);
      if (jit.read(fn).tier !== 'turbofan') return null;
      witnesses.push(fn);
    }
    return new ProtectorWitness(jit, witnesses);
  }

  /** Whether the protector has fallen: every witness's optimized code thrown away. */
  fell(): boolean {
    return this.witnesses.every((fn) => this.jit.read(fn).tier !== 'turbofan');
  }
}

export class DetachProbe {
  private readonly typed = new Float64Array(PROBE_LENGTH);
  private readonly plain: number[] = [];
  private baseline: number | null = null;
  private sink = 0;

  private readonly witness: ProtectorWitness | null;

  constructor(
    private readonly now: () => number,
    jit: JitControl | null = null,
  ) {
    this.witness = ProtectorWitness.create(jit);
    for (let i = 0; i < PROBE_LENGTH; i++) {
      this.typed[i] = i + 0.5;
      this.plain.push(i + 0.5);
    }
  }

  /** Time of the typed sum over the plain one, now. */
  ratio(): number {
    for (let c = 0; c < WARM_CALLS; c++) this.sink += sumTyped(this.typed) + sumPlain(this.plain);
    let typed = Number.POSITIVE_INFINITY;
    let plain = Number.POSITIVE_INFINITY;
    for (let b = 0; b < BATCHES; b++) {
      let start = this.now();
      for (let c = 0; c < BATCH_CALLS; c++) this.sink += sumTyped(this.typed);
      typed = Math.min(typed, this.now() - start);
      start = this.now();
      for (let c = 0; c < BATCH_CALLS; c++) this.sink += sumPlain(this.plain);
      plain = Math.min(plain, this.now() - start);
    }
    return typed / plain;
  }

  /** Reads the ratio of an intact process (call once, before the benchmarks run): the median of READINGS. */
  start(): void {
    const readings = Array.from({ length: READINGS }, () => this.ratio()).sort((a, b) => a - b);
    this.baseline = readings[READINGS >> 1]!;
  }

  /**
   * The probe's slowdown since start() if the protector has fallen, else null. Read by the witness
   * where there is one (the ratio is then only reported). By timing alone, a fall is a slowdown of
   * DETACHED_SLOWDOWN or more, read again READINGS − 1 times with the smallest standing: a fall
   * stays for good, a reading disturbed by the machine does not (one read 1.47× intact, here).
   */
  fall(): number | null {
    if (this.baseline === null) this.start();
    if (this.witness !== null) return this.witness.fell() ? this.ratio() / this.baseline! : null;
    let smallest = this.ratio() / this.baseline!;
    for (let r = 1; r < READINGS && smallest >= DETACHED_SLOWDOWN; r++) smallest = Math.min(smallest, this.ratio() / this.baseline!);
    return smallest >= DETACHED_SLOWDOWN ? smallest : null;
  }
}

/**
 * Watches the protector across a process's benchmarks: read after each step that ran one benchmark
 * alone (its warm-up; in sequential mode its whole measurement) and after the interleaved rounds, so
 * a fall is pinned on the benchmark that ran when it happened (or on the rounds, where all ran).
 */
export class DetachWatch {
  private fell: DetachedBuffers | null = null;

  /** `probe` null: not watched (JavaScriptCore, which has no such protector). */
  constructor(private readonly probe: Pick<DetachProbe, 'start' | 'fall'> | null) {
    probe?.start();
  }

  /** After `bench` ran alone (null: after the rounds, where every benchmark ran). */
  after(bench: { id: string; name: string } | null): void {
    if (this.fell !== null || this.probe === null) return;
    const slowdown = this.probe.fall();
    if (slowdown !== null) this.fell = { by: bench === null ? null : { id: bench.id, name: bench.name }, slowdown };
  }

  /** What a benchmark measured after the fall records (null before it, or when the fall was its own doing). */
  seenBy(id: string): DetachedBuffers | null {
    return this.fell === null || this.fell.by?.id === id ? null : this.fell;
  }
}
