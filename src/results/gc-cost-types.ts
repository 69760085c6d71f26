/** What the GC-free pass (`--gc-cost`) measured of one benchmark: the engine sends it, the analysis turns it into the GC cost. */
import type { CalibrationInfo, PrecisionInfo, Sample, WarmupInfo } from './types.js';

/** The samples of a process whose young generation holds a whole sample, each started after a forced young GC. */
export interface NoGcRun {
  samples: Sample[];
  warmup: WarmupInfo;
  calibration: CalibrationInfo;
  precision: PrecisionInfo;
  /** GCs that started inside the timed samples. */
  gcCountInSamples: number;
  maxIterationsPerSample: number | null;
  /** Semi-space size this process was started with, MiB. */
  semiSpaceMiB: number;
}
