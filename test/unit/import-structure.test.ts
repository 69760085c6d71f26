/**
 * The folder layout is the pipeline (docs/design.md §1): a file under src/ imports only from its own
 * top folder or a lower floor, and no files import each other in a circle.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
/** A file may import from its own folder, or from a folder on a lower floor. */
const FLOORS: Record<string, number> = { cli: 7, html: 6, export: 6, report: 5, runner: 5, analysis: 4, engine: 3, probe: 2, profiling: 2, define: 2, results: 1, stats: 1 };

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : /\.m?ts$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Relative imports of a file, resolved to the source files they name. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
  return specs.map((spec) => path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts')).filter((target) => existsSync(target));
}

const floorOf = (file: string): number | undefined => FLOORS[path.relative(SRC, file).split(path.sep)[0]!];
const folderOf = (file: string): string => path.relative(SRC, file).split(path.sep)[0]!;

describe('import structure of src/', () => {
  const files = sources(SRC);
  const graph = new Map(files.map((f) => [f, importsOf(f)]));

  it('has no import that runs up the pipeline', () => {
    const upward = [...graph].flatMap(([from, targets]) =>
      targets
        .filter((to) => {
          const a = floorOf(from);
          const b = floorOf(to);
          return a !== undefined && b !== undefined && folderOf(from) !== folderOf(to) && b > a;
        })
        .map((to) => `${path.relative(SRC, from)} → ${path.relative(SRC, to)}`),
    );
    assert.deepEqual(upward, []);
  });

  it('has no import circle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, trail: string[]): void => {
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') circles.push([...trail.slice(trail.indexOf(next)), next].map((f) => path.relative(SRC, f)).join(' → '));
        else if (!state.has(next)) visit(next, [...trail, next]);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, [file]);
    assert.deepEqual(circles, []);
  });
});
