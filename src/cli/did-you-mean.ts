/**
 * "Did you mean …?" for a mistyped flag or command: the known words nearest to it by edit distance
 * (Levenshtein, the `leven` package, with a swapped pair of letters as one edit), or those it is
 * the start of.
 */
import leven from 'leven';

/**
 * Edits a word of this many letters or fewer may be away from a known one: one letter of a short
 * word (`--tme` → `--time`), two of a longer one (a swapped pair is two: `--tiem`). More than that
 * suggests words that only share a length.
 */
const SHORT_WORD = 4;
const SHORT_WORD_EDITS = 1;
const LONG_WORD_EDITS = 2;
/** A typed word at least this long that starts a known one is its abbreviation (`--pre` → `--precision`). */
const MIN_PREFIX = 3;
/** Ties beyond this many are not listed. */
const MAX_SUGGESTIONS = 3;

const bare = (word: string): string => word.replace(/^-+/, '').toLowerCase();

/** Whether `a` is `b` with one adjacent pair of letters swapped (`tiem`, `time`): one edit, as Damerau counts it. */
function swappedPair(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Edits between two words: Levenshtein's, with an adjacent swap counted as one. */
const distance = (a: string, b: string, limit: number): number => (swappedPair(a, b) ? 1 : leven(a, b, { maxDistance: limit + 1 }));

/** The known words nearest to `typed` (dashes aside, case ignored), best first; empty when none is near. */
export function nearest(typed: string, known: readonly string[]): string[] {
  const word = bare(typed);
  if (word === '') return [];
  const limit = word.length <= SHORT_WORD ? SHORT_WORD_EDITS : LONG_WORD_EDITS;
  const scored = known.map((k) => ({ k, d: distance(word, bare(k), limit) })).filter((s) => s.d <= limit);
  if (scored.length > 0) {
    const best = Math.min(...scored.map((s) => s.d));
    return scored
      .filter((s) => s.d === best)
      .map((s) => s.k)
      .slice(0, MAX_SUGGESTIONS);
  }
  if (word.length < MIN_PREFIX) return [];
  return known.filter((k) => bare(k).startsWith(word)).slice(0, MAX_SUGGESTIONS);
}

/** ` did you mean --time?` (or `--a or --b?`), or '' when nothing is near. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const found = nearest(typed, known);
  if (found.length === 0) return '';
  return ` did you mean ${found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} or ${found.at(-1)}`}?`;
}
