/**
 * The user's tsconfig.json for a file (the nearest above it, `extends` followed), read once per
 * folder: the few compiler options that change the JavaScript a TypeScript file becomes, and the
 * `paths` aliases its imports may use.
 */
import path from 'node:path';
import { createPathsMatcher, getTsconfig, type TsConfigResult } from 'get-tsconfig';

export interface ProjectConfig {
  /** The tsconfig.json that applies, or null without one. */
  file: string | null;
  compilerOptions: Readonly<Record<string, unknown>>;
  /** Candidate paths of a bare specifier under `paths`/`baseUrl` (empty when none applies). */
  paths(specifier: string): string[];
}

const NONE: ProjectConfig = { file: null, compilerOptions: {}, paths: () => [] };
const byFolder = new Map<string, ProjectConfig>();
const parsed = new Map<string, TsConfigResult>();

function configOf(result: TsConfigResult | null): ProjectConfig {
  if (result === null) return NONE;
  const matcher = createPathsMatcher(result);
  return { file: result.path, compilerOptions: (result.config.compilerOptions ?? {}) as Record<string, unknown>, paths: matcher === null ? () => [] : matcher };
}

/** The project configuration of a file; a tsconfig.json that does not parse is a load error naming it. */
export function projectConfig(file: string): ProjectConfig {
  const folder = path.dirname(file);
  let config = byFolder.get(folder);
  if (config === undefined) {
    config = configOf(getTsconfig(folder, 'tsconfig.json', parsed));
    byFolder.set(folder, config);
  }
  return config;
}
