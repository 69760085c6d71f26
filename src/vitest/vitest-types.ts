/**
 * The few shapes of vitest 5.1's experimental benchmark-provider API this folder uses, declared
 * structurally (vitest is not a dependency of ubench). A provider's default export is an object
 * with `run(group)`; vitest matches the results it returns to its registrations by `name`.
 */

import type { TinybenchStatistics } from '../define/foreign/tinybench-statistics.js';

/** tinybench's per-phase and per-iteration hooks, as vitest forwards them (`this` is tinybench's task). */
export type VitestHook = (this: unknown, mode?: 'warmup' | 'run') => unknown;

export interface VitestFnOptions {
  beforeAll?: VitestHook;
  beforeEach?: VitestHook;
  afterEach?: VitestHook;
  afterAll?: VitestHook;
  async?: boolean;
}

export interface VitestRegistration {
  name: string;
  fn: () => unknown;
  fnOpts?: VitestFnOptions;
}

/** The test that registered a group (only what is read here). */
export interface VitestTest {
  name?: string;
  fullTestName?: string;
  file?: { filepath?: string; name?: string };
}

export interface VitestBenchmarkGroup {
  test: VitestTest;
  config?: { retainSamples?: boolean; projectName?: string };
  registrations: VitestRegistration[];
  /** The trailing options of `bench.compare()` / `.run()` (tinybench's bench options: `time` in ms, …). */
  options?: Record<string, unknown>;
}

/** tinybench's `Statistics`, in milliseconds (latency) or operations per second (throughput). */
export type VitestStatistics = TinybenchStatistics;

/** One result per registration: tinybench's completed task result plus its name. */
export interface VitestBenchResult {
  name: string;
  state: 'completed';
  latency: VitestStatistics;
  throughput: VitestStatistics;
  period: number;
  totalTime: number;
  runtime: string;
  runtimeVersion: string;
  timestampProviderName: string;
}

export interface VitestBenchmarkProvider {
  run(group: VitestBenchmarkGroup): Promise<VitestBenchResult[]>;
}
