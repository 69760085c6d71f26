/**
 * What each runtime cannot measure, and why: reports print it under the runtime's results ("not
 * available on bun (why)") instead of a wrong number, and docs/runtimes.md explains each entry.
 * The figures come from the runtime's declared traits (runtimes/runtime-traits.ts); the passes after
 * timing that cannot run there come from each pass's own `runsOn` (runner/passes/pass-registry.ts
 * `passFlagsNotOn`), so a new pass is listed without being written here.
 */
import type { RuntimeName } from './runtime-identity.js';
import { RUNTIME_TRAITS, type Unavailable } from './runtimes/runtime-traits.js';

export type { Unavailable };

/** `passFlags`: the flags of the passes after timing that do not run on the runtime. */
export function unavailableOn(runtime: RuntimeName, passFlags: readonly string[]): readonly Unavailable[] {
  const traits = RUNTIME_TRAITS[runtime];
  return passFlags.length === 0 ? traits.unavailable : [...traits.unavailable, { figure: passFlags.join(', '), why: traits.passesWhyNot }];
}

/** Why the passes after timing cannot run on a runtime. */
export function passesWhyNot(runtime: RuntimeName): string {
  return RUNTIME_TRAITS[runtime].passesWhyNot;
}
