/**
 * The names `describe.each`/`bench.each` give their cases, formatted as vitest 1–4 format them
 * (docs/integrations.md), so a benchmark keeps the name its own runner gives it: `%s %d %i %f %j
 * %o %O %c` take the case's values in turn, `%#` is the case's index and `%$` its number (from 1),
 * `%%` a percent sign, and `$field` (`$a.b`, `$0`) reads a field of an object case (or an element of
 * an array case) and shows it as vitest does (strings quoted, long values shortened). Also the rows
 * of a template table (`describe.each\`a | b ${1} | ${2}\``).
 */
import { inspect } from 'loupe';

/** vitest's placeholders: each takes the next value of the case. */
const PLACEHOLDER = /%[sdjifoOc%]/g;
/** A `$field` reference: letters, digits, `_`, `$` and dots (a path into the case). */
const FIELD = /\$([$\w.]+)/g;
/**
 * vitest shows a `$field` value shortened once it reaches this many characters (its default
 * `chaiConfig.truncateThreshold`), so a name stays one short line: `[ Array(12) ]`, `{ Object (a, b, ...) }`.
 */
export const FIELD_TRUNCATE = 40;

const isObjectCase = (value: unknown): value is object => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `a.b[0].c` read from `source`, or `fallback` where a step is missing. */
function readPath(source: unknown, path: string, fallback: unknown): unknown {
  let value = source;
  for (const step of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    value = (Object(value) as Record<string, unknown>)[step];
    if (value === undefined) return fallback;
  }
  return value;
}

/** A `$field` value as vitest shows it: inspected, and past the threshold summarized by its kind. */
function fieldDisplay(value: unknown, truncate: number): string {
  const text = inspect(value, { truncate });
  if (text.length < truncate) return text;
  if (typeof value === 'function') return value.name === '' ? '[Function]' : `[Function: ${value.name}]`;
  if (Array.isArray(value)) return `[ Array(${value.length}) ]`;
  if (Object.prototype.toString.call(value) === '[object Object]') {
    const keys = Object.keys(value as object);
    return `{ Object (${keys.length > 2 ? `${keys.slice(0, 2).join(', ')}, ...` : keys.join(', ')}) }`;
  }
  return text;
}

/** One value for one placeholder, as Node's `util.format` (which vitest follows) writes it. */
function placeholderValue(placeholder: string, value: unknown): string {
  switch (placeholder) {
    case '%s':
      if (typeof value === 'bigint') return `${value}n`;
      if (Object.is(value, -0)) return '-0';
      if (typeof value === 'object' && value !== null) {
        const own = (value as { toString?: unknown }).toString;
        return typeof own === 'function' && own !== Object.prototype.toString ? String(value) : inspect(value, { depth: 0 });
      }
      return String(value);
    case '%d':
      if (typeof value === 'bigint') return `${value}n`;
      return typeof value === 'symbol' ? 'NaN' : Number(value).toString();
    case '%i':
      if (typeof value === 'bigint') return `${value}n`;
      return Number.parseInt(String(value), 10).toString();
    case '%f': {
      // `-0` and a negative NaN keep their sign, as vitest writes them.
      const text = Number.parseFloat(String(value)).toString();
      return Object.is(value, -0) || (typeof value === 'number' && Number.isNaN(value) && isNegativeNaN(value)) ? `-${text}` : text;
    }
    case '%o':
      return inspect(value, { showHidden: true, showProxy: true });
    case '%O':
      return inspect(value);
    case '%c':
      return '';
    case '%j':
      return jsonText(value);
    default:
      return placeholder;
  }
}

function jsonText(value: unknown): string {
  try {
    return String(JSON.stringify(value));
  } catch (thrown) {
    if (thrown instanceof TypeError && /circular|cyclic/i.test(thrown.message)) return '[Circular]';
    return String(value);
  }
}

function isNegativeNaN(value: number): boolean {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  return view.getUint8(0) >> 7 === 1;
}

/** `$field` references in text outside the placeholders, read from the case's first value (or by index). */
function fields(text: string, items: readonly unknown[], truncate: number): string {
  const objectCase = isObjectCase(items[0]);
  return text.replace(FIELD, (whole, key: string) => {
    const index = /^\d+$/.test(key);
    if (!objectCase && !index) return whole;
    const element = index ? readPath(items, key, undefined) : undefined;
    return fieldDisplay(objectCase ? readPath(items[0], key, element) : element, truncate);
  });
}

/**
 * The name of case `index` (its values `items`: the case itself, or its elements when it is an
 * array). A placeholder past the case's values stays as written (vitest 4 writes `undefined`).
 */
export function formatTitle(template: string, items: readonly unknown[], index: number, truncate = FIELD_TRUNCATE): string {
  let title = template;
  if (title.includes('%#') || title.includes('%$')) {
    // `%%#` is a percent sign and a `#`: the escaped percent signs are set aside first.
    const escaped = '\u0000';
    title = title
      .replaceAll('%%', escaped)
      .replaceAll('%#', String(index))
      .replaceAll('%$', String(index + 1))
      .replaceAll(escaped, '%%');
  }
  let out = '';
  let used = 0;
  let last = 0;
  for (const match of title.matchAll(PLACEHOLDER)) {
    out += fields(title.slice(last, match.index), items, truncate);
    last = match.index + match[0].length;
    if (match[0] === '%%') out += '%';
    else if (used < items.length) out += placeholderValue(match[0], items[used++]);
    else out += match[0];
  }
  return out + fields(title.slice(last), items, truncate);
}

/**
 * The cases of a template table: the tagged template's strings hold the header row (`a | b`) and
 * the separators, its values are the cells, row by row. Returns one object per complete row, and
 * how many values were left over (a row missing cells, which vitest drops).
 */
export function tableCases(strings: readonly string[], values: readonly unknown[]): { cases: Record<string, unknown>[]; leftover: number } {
  const header = strings
    .join('')
    .trim()
    .split('\n')[0]!
    .split('|')
    .map((cell) => cell.replace(/\s/g, ''));
  const cases: Record<string, unknown>[] = [];
  const rows = Math.floor(values.length / header.length);
  for (let row = 0; row < rows; row++) {
    cases.push(Object.fromEntries(header.map((key, column) => [key, values[row * header.length + column]])));
  }
  return { cases, leftover: values.length - rows * header.length };
}
