/**
 * Text from outside ubench (benchmark, group and file names, error messages, labels read from a
 * results file) made safe to print: every C0 control character (U+0000–U+001F), DEL (U+007F), C1
 * control (U+0080–U+009F) and bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069) is
 * written as a visible escape (`\x1b`, `\u202e`), so an escape sequence or a reordering mark in a
 * name cannot move the cursor, clear the screen, recolour or reorder what a table shows.
 * A run of tabs, line feeds, vertical tabs, form feeds and carriage returns becomes one space instead, as
 * everywhere ubench puts text on one line: a name is one cell on one line, and a carriage return
 * can no longer return over what was printed before it.
 */

/** The characters replaced: C0, DEL, C1, and the bidi embeddings, overrides and isolates. */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Runs of the line-structure controls: \t \n \v \f \r (a CRLF is one line break, one space). */
const LINE_CONTROLS = /[\u0009-\u000d]+/g;

/** A space for the line-structure controls; `\x1b` for the other one-byte controls, `\u202e` for the bidi marks: the way JavaScript writes them. */
function escapeOf(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every control character and bidi mark written as a visible escape. */
export function visibleText(text: string): string {
  return text.replace(LINE_CONTROLS, ' ').replace(INVISIBLE, escapeOf);
}

/** Whether `text` holds a character {@link visibleText} would replace. */
export function hasInvisible(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  const found = INVISIBLE.test(text);
  INVISIBLE.lastIndex = 0;
  return found;
}

/**
 * A copy of `value` (plain objects and arrays, as reports take them) with {@link visibleText} applied
 * to every string in it, keys excepted. Numbers, booleans and other objects (Maps, class
 * instances) are kept as they are. Keys are copied as own data properties, so a `__proto__` key
 * stays a key and never becomes a prototype. A value with nothing to replace is returned as is.
 */
export function visibleStrings<T>(value: T): T {
  return copyVisible(value) as T;
}

function copyVisible(value: unknown): unknown {
  if (typeof value === 'string') return hasInvisible(value) ? visibleText(value) : value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = copyVisible(item);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const next = copyVisible(item);
    if (next !== item) changed = true;
    return [key, next] as const;
  });
  // Object.fromEntries defines own data properties: a "__proto__" key stays an ordinary key.
  return changed ? Object.fromEntries(entries) : value;
}
