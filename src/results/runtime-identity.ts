/**
 * Which JavaScript runtime this process is, told truthfully. Bun and Deno run ubench through their
 * Node compatibility and report Node-looking versions — measured: Bun 1.4.5 says node 26.3.0 and a
 * V8 "14.6.202.34-node.20" it does not have; Deno 2.9.6 says node 26.3.0 — so they are recognized by
 * their own version fields, and the engine is named for what it is.
 */
export type RuntimeName = 'node' | 'bun' | 'deno';

export interface RuntimeIdentity {
  runtime: RuntimeName;
  /** The runtime's own version, without a leading `v`. */
  runtimeVersion: string;
  /** V8's version; on another engine, that engine and its version (`JavaScriptCore <revision>`). */
  v8Version: string;
}

/** `versions`: what `process.versions` holds (replaceable for tests). */
export function runtimeIdentity(versions: Readonly<Record<string, string | undefined>> = process.versions): RuntimeIdentity {
  if (versions['bun'] !== undefined) {
    return { runtime: 'bun', runtimeVersion: versions['bun'], v8Version: `JavaScriptCore ${versions['webkit'] ?? 'unknown'}` };
  }
  if (versions['deno'] !== undefined) return { runtime: 'deno', runtimeVersion: versions['deno'], v8Version: versions['v8'] ?? 'unknown' };
  return { runtime: 'node', runtimeVersion: versions['node'] ?? 'unknown', v8Version: versions['v8'] ?? 'unknown' };
}

/** How reports name the runtime: `Node 20.20.2`, `Bun 1.4.5`, `Deno 2.9.6`. */
export function runtimeLabel(env: { runtime: RuntimeName; runtimeVersion: string }): string {
  const name = { node: 'Node', bun: 'Bun', deno: 'Deno' }[env.runtime];
  return `${name} ${env.runtimeVersion.replace(/^v/, '')}`;
}
