/**
 * Escaping for the HTML report. Every user-provided string (benchmark, group and file names,
 * params, error messages, hints) goes through `html` or `attr`; data for the browser script goes
 * through `jsonForScript`, so nothing a user wrote can end a tag or a script.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for element content or a quoted attribute value. */
export function html(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * A number for markup: only digits, sign, point and exponent can come out (`—` for a value that
 * is not a finite number, which a damaged results file could hold), so a number never needs escaping.
 */
export function num(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '—';
}

/** A non-negative integer in hexadecimal for markup (`—` for anything else). */
export function hexNum(value: unknown): string {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value.toString(16) : '—';
}

/**
 * JSON for a `<script type="application/json">` element: `<` is written as `\u003c`, so no
 * `</script>` or `<!--` inside a string can close or confuse the element; U+2028/U+2029 are escaped
 * for old parsers. `JSON.parse` of the element's text gives the value back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A bundled script for inline use: a literal `</script` inside it would end the element early. */
export function inlineScript(code: string): string {
  return code.replace(/<\/script/gi, '<\\/script');
}
