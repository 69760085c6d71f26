// The figure scripts' `--out`: a table written between a doc's two markers, the rest of the doc kept.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Replaces what stands between `begin` and `end` in `file` with `text`. A file without both markers
 * (in that order) is an error; a missing file starts as `initial` when given.
 */
export function writeDocSection(file, begin, end, text, initial = undefined) {
  const doc = initial !== undefined && !existsSync(file) ? initial : readFileSync(file, 'utf8');
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${begin} … ${end} section`);
  writeFileSync(file, `${doc.slice(0, from + begin.length)}\n${text}\n${doc.slice(to)}`);
}

/**
 * As writeDocSection, but a doc without both markers (or no file at all) gets the section, markers
 * included, appended at its end.
 */
export function writeOrAppendDocSection(file, begin, end, text) {
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const from = doc.indexOf(begin);
  if (from >= 0 && doc.indexOf(end) > from) return writeDocSection(file, begin, end, text);
  writeFileSync(file, `${doc}${doc.endsWith('\n') || doc === '' ? '' : '\n'}\n${begin}\n${text}\n${end}\n`);
}
