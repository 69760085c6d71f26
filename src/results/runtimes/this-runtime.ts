/**
 * The runtime this process is, read once: the one place ubench reads `process.versions` (Bun's and
 * Deno's own version fields included). Every check a benchmark process makes of its runtime goes
 * through here, to the facts declared in runtime-traits.ts.
 */
import { type RuntimeIdentity, type RuntimeName, runtimeIdentity } from '../runtime-identity.js';
import { RUNTIME_TRAITS, type RuntimeTraits } from './runtime-traits.js';

/** `process.versions`; empty in a browser page (its `process` stand-in has none) or where there is no `process`. */
const VERSIONS: Readonly<Record<string, string | undefined>> = (globalThis as { process?: { versions?: Record<string, string> } }).process?.versions ?? {};

/** What this process's `process.versions` says it is. */
export const THIS_RUNTIME: RuntimeIdentity = runtimeIdentity(VERSIONS);

/** The facts of this process's runtime. */
export const THIS_RUNTIME_TRAITS: RuntimeTraits = RUNTIME_TRAITS[THIS_RUNTIME.runtime];

/** Whether this process runs on the runtime named. */
export const runningOn = (name: RuntimeName): boolean => THIS_RUNTIME.runtime === name;

/** Whether this is a Node, Bun or Deno process (not a browser page). */
export const HAS_NODE_VERSIONS: boolean = VERSIONS['node'] !== undefined;

/** The Node version this process is or emulates (Bun and Deno report the Node they are compatible with); `unknown` in a page. */
export const NODE_VERSION: string = VERSIONS['node'] ?? 'unknown';
