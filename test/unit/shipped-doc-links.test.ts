/**
 * The manual ships in the npm package (package.json "files"): a relative link in a shipped page
 * must lead to a file the package ships too, or it is dead for a user reading the installed docs
 * (the lab pages, for one, stay in the repository).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { globSync } from 'tinyglobby';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
/** Files npm packs whatever "files" says. */
const ALWAYS_SHIPPED = ['package.json', 'README.md', 'LICENSE'];

/** Whether the package ships `rel` (relative to the root, `/`-separated), by the "files" entries. */
function shipped(rel: string, files: readonly string[]): boolean {
  if (ALWAYS_SHIPPED.includes(rel)) return true;
  return files.some((entry) => {
    const e = entry.replace(/^\.\//, '').replace(/\/$/, '');
    return rel === e || rel.startsWith(`${e}/`);
  });
}

/** The relative link targets of a markdown text (inline and reference links), outside fenced code. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const targets = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g), ...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'));
}

describe('links in the shipped docs', () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
  const pages = globSync(['README.md', 'docs/**/*.md'], { cwd: ROOT }).filter((p) => shipped(p, pkg.files));

  it('are found inline and by reference, not in code, not to other sites or anchors', () => {
    const text = 'see [a](../lab/a.md#x) and [b](b.md "title")\n\n[c]: ./c.md\n\n```md\n[d](d.md)\n```\n[e](https://x.org/e.md) [f](#f)\n';
    assert.deepEqual(relativeLinks(text), ['../lab/a.md#x', 'b.md', './c.md']);
  });

  it('lead to a file the package ships', () => {
    assert.ok(pages.includes('README.md') && pages.includes('docs/README.md'), `pages: ${pages.join(', ')}`);
    const dead: string[] = [];
    for (const page of pages) {
      for (const link of relativeLinks(readFileSync(path.join(ROOT, page), 'utf8'))) {
        const target = decodeURIComponent(link.replace(/[#?].*$/, ''));
        if (target === '') continue;
        const rel = path
          .relative(ROOT, path.resolve(ROOT, path.dirname(page), target))
          .split(path.sep)
          .join('/');
        if (!existsSync(path.join(ROOT, rel))) dead.push(`${page}: ${link} (no such file)`);
        else if (!shipped(rel, pkg.files)) dead.push(`${page}: ${link} (${rel} is not in the package)`);
      }
    }
    assert.deepEqual(dead, []);
  });
});
