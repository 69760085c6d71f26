/**
 * `ubench/vitest`: ubench as vitest 5's benchmark provider. In `vitest.config.ts`:
 *
 *     test: { benchmark: { provider: 'ubench/vitest' }, provide: { ubench: { time: '300ms' } } }
 *
 * vitest imports this module once per worker and calls `run(group)` for every test's benchmarks;
 * they are measured in that worker by ubench's engine (measure-group.ts). vitest passes the
 * provider only its path, so options come from vitest's `provide` (read from the worker's provided
 * context, as `inject('ubench')` would) — or from a provider file of your own that default-exports
 * `createVitestProvider({ … })`.
 */
import { resolveProviderOptions, type VitestProviderOptions } from './provider-options.js';
import { measureGroup } from './measure-group.js';
import { createSession, type VitestSession } from './vitest-session.js';
import type { VitestBenchmarkGroup, VitestBenchmarkProvider, VitestBenchResult } from './vitest-types.js';

export type { VitestProviderOptions } from './provider-options.js';
export type { VitestBenchmarkProvider, VitestBenchResult, VitestBenchmarkGroup } from './vitest-types.js';

/** The key of `provide` in vitest's config that holds the provider's options. */
export const PROVIDE_KEY = 'ubench';

/** What vitest's worker state provides (`provide` in the config); vitest keeps it on this global. */
function providedOptions(): unknown {
  const state = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } }).__vitest_worker__;
  return state?.providedContext?.[PROVIDE_KEY];
}

/** A provider with these options (`undefined`: read them from vitest's `provide: { ubench }` when the first test runs). */
export function createVitestProvider(options?: VitestProviderOptions): VitestBenchmarkProvider {
  let session: VitestSession | null = null;
  let problems: string[] = [];
  return {
    async run(group: VitestBenchmarkGroup): Promise<VitestBenchResult[]> {
      if (session === null) {
        const resolved = resolveProviderOptions(options === undefined ? providedOptions() : options);
        problems = resolved.problems;
        session = createSession(resolved.options);
      }
      return measureGroup(session, group, problems);
    },
  };
}

const provider: VitestBenchmarkProvider = createVitestProvider();
export default provider;
