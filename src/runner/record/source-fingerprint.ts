/**
 * A benchmark's source fingerprint: one hash of its functions' source (taken in its process,
 * engine/process/body-source.ts) and of the code it runs — the bench file and the project files it
 * imports, followed through relative imports as the loader resolves them (a `.js` name finds its
 * `.ts` twin, a bare folder its index). Two runs with equal fingerprints measured the same code, so
 * their spread is the benchmark's own run-to-run noise (analysis/learned-band.ts). Not followed:
 * packages (node_modules; their versions change with the lockfile), tsconfig path aliases, and
 * imports whose name is computed — docs/comparing.md says what that leaves out.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolveCandidates } from '../../engine/loader/resolve-candidates.js';

/** Hex digits kept of the SHA-256: 16 (64 bits), ample to tell apart the versions of one benchmark a history holds. */
const FINGERPRINT_LENGTH = 16;
/**
 * Files followed from one bench file at most: a bench file importing a whole application should not
 * make every run read it all; a project's benchmark reaches a few dozen modules (this repository's largest reaches 12).
 */
export const MAX_SOURCE_FILES = 200;

/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`, `require('x')` with a literal name. */
const IMPORT_PATTERN = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;

/** The relative specifiers a module's text names. */
export function relativeImports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const specifier = match[2]!;
    if (specifier.startsWith('./') || specifier.startsWith('../')) found.push(specifier);
  }
  return found;
}

const isFile = (file: string): boolean => existsSync(file) && statSync(file).isFile();

/** The file a relative import names, as Node or ubench's loader would find it, or null. */
function resolveImport(from: string, specifier: string): string | null {
  const target = path.resolve(path.dirname(from), specifier.replace(/[?#].*$/, ''));
  if (isFile(target)) return target;
  for (const candidate of resolveCandidates(target)) if (isFile(candidate)) return candidate;
  return null;
}

/** The bench file and the project files it reaches through relative imports (outside node_modules), bench file first. */
export function sourceFiles(benchFile: string): string[] {
  const seen = new Set<string>([benchFile]);
  const queue = [benchFile];
  for (let i = 0; i < queue.length && seen.size < MAX_SOURCE_FILES; i++) {
    const file = queue[i]!;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const specifier of relativeImports(text)) {
      const target = resolveImport(file, specifier);
      if (target === null || seen.has(target) || target.split(path.sep).includes('node_modules') || seen.size >= MAX_SOURCE_FILES) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return [...seen];
}

/** Hash of the files' contents, each under its path relative to the bench file's folder (so a moved checkout keeps its fingerprints). */
export function filesHash(benchFile: string): string {
  const hash = createHash('sha256');
  const root = path.dirname(benchFile);
  for (const file of sourceFiles(benchFile)) {
    let content: Buffer;
    try {
      content = readFileSync(file);
    } catch {
      continue;
    }
    hash.update(path.relative(root, file).split(path.sep).join('/')).update('\u0000').update(createHash('sha256').update(content).digest('hex')).update('\u0000');
  }
  return hash.digest('hex');
}

/** A benchmark's fingerprint from its files' hash and its functions' hash. */
export function sourceFingerprint(files: string, body: string): string {
  return createHash('sha256').update(`${files}\u0000${body}`).digest('hex').slice(0, FINGERPRINT_LENGTH);
}
