/**
 * Positions in a benchmark page's bundle, mapped back to the files they came from: an error a page
 * reports names `http://127.0.0.1:<port>/bundle.js:<line>:<column>`; the user wants
 * `bench/sort.bench.ts:12:5`; so do the deoptimizations V8 logs there. Uses the bundle's source map
 * (Node's `SourceMap`).
 */
import { SourceMap } from 'node:module';
import path from 'node:path';
import { isHarnessFile, userLocation } from '../../engine/process/error-info.js';
import type { DeoptEvent } from '../../results/profile-types.js';
import type { ErrorInfo } from '../../results/types.js';

/** Where a 1-based position of the bundle came from: the absolute original file and its 1-based position, or null (bundler glue). */
export type BundleOrigin = (line: number, column: number) => { file: string; line: number; column: number } | null;

/** The bundle's source map as a lookup of original positions (sources resolved against `cwd`). */
export function bundleOrigin(map: string, cwd: string): BundleOrigin {
  const sourceMap = new SourceMap(JSON.parse(map) as ConstructorParameters<typeof SourceMap>[0]);
  return (line, column) => {
    const entry = sourceMap.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (entry.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined) return null;
    return { file: path.resolve(cwd, entry.originalSource), line: entry.originalLine + 1, column: entry.originalColumn + 1 };
  };
}

export interface PositionMapper {
  error(info: ErrorInfo): ErrorInfo;
  /** The page's deopts at their original positions (cwd-relative), ubench's own code's left out. */
  deopts(events: DeoptEvent[]): DeoptEvent[];
}

const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Maps every `<bundleUrl>:line:column` in an error's stack and location; the location becomes the first user frame. */
export function pagePositionMapper(bundleUrl: string, map: string, cwd: string, packageRoot: string): PositionMapper {
  const origin = bundleOrigin(map, cwd);
  const position = new RegExp(`${literal(bundleUrl)}:(\\d+):(\\d+)`, 'g');
  const mapText = (text: string): string =>
    text.replace(position, (whole, line: string, column: string) => {
      const at = origin(Number(line), Number(column));
      return at === null ? whole : `${at.file}:${at.line}:${at.column}`;
    });
  const relative = (file: string): string => (file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file);
  return {
    error(info) {
      if (info.stack === null) return info.location === null ? info : { ...info, location: mapText(info.location) };
      const stack = mapText(info.stack);
      return { ...info, message: mapText(info.message), stack, location: userLocation(stack, packageRoot, cwd) };
    },
    deopts(events) {
      const mapped = events.map((event) => ({ ...event, location: event.location === null ? null : mapText(event.location), inlinedAt: event.inlinedAt.map(mapText) }));
      return mapped
        .filter((event) => event.location === null || !isHarnessFile(event.location, packageRoot))
        .map((event) => ({ ...event, location: event.location === null ? null : relative(event.location), inlinedAt: event.inlinedAt.map(relative) }));
    },
  };
}
