/**
 * Which JavaScript runtime a process is, told truthfully. Bun and Deno run ubench through their
 * Node compatibility and report Node-looking versions — measured: Bun 1.4.5 says node 26.3.0 and a
 * V8 "14.6.202.34-node.20" it does not have; Deno 2.9.6 says node 26.3.0 — so they are recognized by
 * their own version fields, and the engine is named for what it is.
 */
import { type EngineName, RUNTIME_TRAITS, type RuntimeName } from './runtimes/runtime-traits.js';

export type { EngineName, RuntimeName };

export interface RuntimeIdentity {
  runtime: RuntimeName;
  /** The runtime's own version, without a leading `v`. */
  runtimeVersion: string;
  /** V8's version; on another engine, that engine and its version (`JavaScriptCore <revision>`). */
  v8Version: string;
}

/** `versions`: what a process's `process.versions` holds (runtimes/this-runtime.ts reads this process's). */
export function runtimeIdentity(versions: Readonly<Record<string, string | undefined>>): RuntimeIdentity {
  if (versions['bun'] !== undefined) {
    return { runtime: 'bun', runtimeVersion: versions['bun'], v8Version: `JavaScriptCore ${versions['webkit'] ?? 'unknown'}` };
  }
  if (versions['deno'] !== undefined) return { runtime: 'deno', runtimeVersion: versions['deno'], v8Version: versions['v8'] ?? 'unknown' };
  return { runtime: 'node', runtimeVersion: versions['node'] ?? 'unknown', v8Version: versions['v8'] ?? 'unknown' };
}

/** How reports name the runtime: `Node 20.20.2`, `Bun 1.4.5`, `Deno 2.9.6`, `Chromium 131.0.6778.85`. */
export function runtimeLabel(env: { runtime: RuntimeName; runtimeVersion: string }): string {
  return `${RUNTIME_TRAITS[env.runtime].display} ${env.runtimeVersion.replace(/^v/, '')}`;
}

/** The same for a runtime recorded in a results file (`{ name, version }`). */
export function runtimeDisplay(runtime: { name: RuntimeName; version: string }): string {
  return runtimeLabel({ runtime: runtime.name, runtimeVersion: runtime.version });
}

/** The engine a runtime identity names: Bun's `JavaScriptCore <revision>`, else V8. */
export function engineOf(identity: RuntimeIdentity): { engine: EngineName; engineVersion: string } {
  const jsc = /^JavaScriptCore (.*)$/.exec(identity.v8Version);
  return jsc === null ? { engine: 'V8', engineVersion: identity.v8Version } : { engine: 'JavaScriptCore', engineVersion: jsc[1]! };
}
