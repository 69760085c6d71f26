/**
 * Every link in the README, docs/ and lab/ resolves: a relative link names a file of the project, and a
 * `#fragment` names a heading of the page it points to (GitHub's anchors). The README is the front
 * door: at most README_MAX_LINES lines, with the install, run and test commands in its first lines.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The front door's length (issue 30: a newcomer reads it in five minutes). */
const README_MAX_LINES = 300;
/** Where the commands must be found. */
const README_COMMANDS_WITHIN = 15;

/** The manual (docs/) and the lab's figures (lab/), each a folder of Markdown pages. */
const pages = [
  'README.md',
  ...['docs', 'lab'].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `${folder}/${f}`),
  ),
];

/** GitHub's anchor of a heading: lower case, punctuation and symbols dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  const text = heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors of a Markdown page (repeated headings get -1, -2, … as on GitHub), and its explicit `<a id>` anchors. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    // An explicit anchor (`<a id="x"></a>` in a table row) is one too, as on GitHub.
    if (!fenced) for (const explicit of line.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(explicit[1]!);
    const match = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (match === null) continue;
    const base = anchorOf(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Links outside code: `[text](target)`. */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('the docs', () => {
  it('compute anchors as GitHub does', () => {
    assert.equal(anchorOf('Complexity: O(1) to O(n³), and cliffs'), 'complexity-o1-to-on-and-cliffs');
    assert.equal(anchorOf('`state-changed` (warning)'), 'state-changed-warning');
    assert.equal(anchorOf('Suites split across CI machines: `--shard` and `merge`'), 'suites-split-across-ci-machines---shard-and-merge');
  });

  for (const page of pages) {
    it(`${page}: every relative link and anchor resolves`, () => {
      const text = readFileSync(path.join(ROOT, page), 'utf8');
      const broken: string[] = [];
      for (const link of linksOf(text)) {
        if (/^[a-z]+:/i.test(link)) continue;
        const [target, fragment] = link.split('#') as [string, string | undefined];
        const file = target === '' ? page : path.join(path.dirname(page), target);
        if (!existsSync(path.join(ROOT, file))) {
          broken.push(`${link}: no file ${file}`);
          continue;
        }
        if (fragment !== undefined && file.endsWith('.md') && !anchorsOf(readFileSync(path.join(ROOT, file), 'utf8')).has(fragment)) {
          broken.push(`${link}: no heading #${fragment} in ${file}`);
        }
      }
      assert.deepEqual(broken, []);
    });
  }

  it('README.md is a short front door, its commands at the top', () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n');
    assert.ok(lines.length <= README_MAX_LINES, `README.md has ${lines.length} lines`);
    const top = lines.slice(0, README_COMMANDS_WITHIN).join('\n');
    for (const command of ['npm install', 'npx ubench examples/', 'npm test']) assert.ok(top.includes(command), `"${command}" in the first ${README_COMMANDS_WITHIN} lines`);
  });
});
