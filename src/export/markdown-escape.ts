/**
 * Escaping of user-provided text (benchmark, group and file names, error messages, labels) for
 * GitHub-flavoured Markdown, so that it renders as the literal text it is wherever the exporters
 * put it: table cells, headings and list items.
 */

/** Line breaks would end a table row or a heading: each becomes one space. */
const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * Characters that would be read as HTML and become entities instead: `<` and `>` so that a name
 * like `<img src=x onerror=alert(1)>` is text, not a tag; `&` so that a literal `&lt;` in a name
 * is not turned into `<`.
 */
const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const HTML_SPECIAL = /[&<>]/g;

/**
 * ASCII punctuation that Markdown gives a meaning to here, escaped with a backslash (CommonMark
 * allows a backslash before any ASCII punctuation): `|` splits table cells, `\` escapes, `` ` ``
 * opens code spans, `*` `_` `~` emphasis and strike-through, `[` `]` links, `#` a heading's
 * closing sequence.
 */
const MARKDOWN_SPECIAL = /[\\`*_~[\]|#]/g;

/**
 * `text` as literal Markdown inline content, safe inside a GFM table cell.
 *
 * Backslashes are escaped along with pipes, so GFM's cell splitter (which skips any escaped
 * character) never sees a bare `|`, and `a\|b` renders as exactly `a\|b`.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(LINE_BREAK, ' ')
    .replace(HTML_SPECIAL, (ch) => HTML_ENTITIES[ch] ?? ch)
    .replace(MARKDOWN_SPECIAL, (ch) => `\\${ch}`);
}
