/**
 * Reads how a benchmark body declares and uses its first parameter, from its source text
 * (`Function.prototype.toString`). `bench()` uses it to tell a body that receives declared args
 * (`({ size }) => …`) from one that runs its own loop (`(b) => { for (…; i < b.n; …) }`): the
 * parameter count alone cannot, and guessing wrong times the wrong thing.
 *
 * The reader is a small scanner, not a parser: it blanks comments and string literals, then
 * matches brackets. Anything it cannot read is reported as `unreadable`, and `bench()` then asks
 * for an explicit form rather than guessing.
 */

/** The first parameter of a body, as written. */
export type FirstParameter =
  | { form: 'none' }
  /**
   * `b`, `b = …`; `members` are the names read as `b.x` / `b?.x`; `whole` when `b` is also handed
   * on as a whole (`helper(b)`, `const { n } = b`); `bare` when it is used as a value in any other
   * way (`i < b`, `b * 2`, `b[k]`), which no manual context or params object would be.
   */
  | { form: 'identifier'; name: string; members: ReadonlySet<string>; whole: boolean; bare: boolean }
  /** `{ a, b: c, d = 1 }`: the property names it takes; `exact` is false with `...rest` or computed keys. */
  | { form: 'object'; names: readonly string[]; exact: boolean }
  /** An array pattern, or source the scanner cannot read (native or bound functions, classes). */
  | { form: 'unreadable' };

/** The body's parameters: the first one's shape and how many there are. */
export interface BodySignature {
  first: FirstParameter;
  count: number;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Copy of `source` with comments and the contents of quoted strings replaced by spaces (template literals are kept). */
function blankCommentsAndStrings(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out += `${c}${' '.repeat(Math.max(0, Math.min(j, source.length) - i - 1))}${c}`;
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Index just past the bracket that closes the one at `open`, or -1. */
function matchBracket(text: string, open: number): number {
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c in OPENERS) stack.push(OPENERS[c]!);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

/** Splits at commas outside brackets. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c in OPENERS) depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** The parameter list's text and where the rest of the function starts, or null. */
function parameterList(source: string): { params: string; rest: string } | null {
  let text = source.trimStart();
  if (/^async\b/.test(text) && !/^async\s*=>/.test(text)) text = text.slice('async'.length).trimStart();
  const arrow = /^([A-Za-z_$][\w$]*)\s*=>/.exec(text);
  if (arrow !== null) return { params: arrow[1]!, rest: text.slice(arrow[0].length) };
  if (/^class\b/.test(text)) return null;
  const open = text.indexOf('(');
  if (open === -1) return null;
  const close = matchBracket(text, open);
  if (close === -1) return null;
  return { params: text.slice(open + 1, close - 1), rest: text.slice(close) };
}

function objectPattern(text: string): FirstParameter {
  const close = matchBracket(text, 0);
  if (close === -1) return { form: 'unreadable' };
  const names: string[] = [];
  let exact = true;
  for (const entry of splitTopLevel(text.slice(1, close - 1))) {
    const key = /^([A-Za-z_$][\w$]*)\s*(?:$|[:=])/.exec(entry);
    if (key === null) exact = false;
    else names.push(key[1]!);
  }
  return { form: 'object', names, exact };
}

function identifierUse(name: string, body: string): FirstParameter {
  const members = new Set<string>();
  let whole = false;
  let bare = false;
  const use = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])(\\s*\\??\\.\\s*([A-Za-z_$][\\w$]*))?`, 'g');
  for (const match of body.matchAll(use)) {
    if (match[2] !== undefined) {
      members.add(match[2]);
      continue;
    }
    const before = body.slice(0, match.index).trimEnd();
    const after = body.slice(match.index + match[0].length).trimStart();
    const passed = /[(,]$/.test(before) && /^[),]/.test(after);
    const assigned = /(?<![=!<>])=$/.test(before);
    if (passed || assigned) whole = true;
    else bare = true;
  }
  return { form: 'identifier', name, members, whole, bare };
}

/** Reads the first parameter of `fn` and how the body uses it. */
export function readBodySignature(fn: (...args: never[]) => unknown): BodySignature {
  const source = blankCommentsAndStrings(Function.prototype.toString.call(fn));
  const list = parameterList(source);
  if (list === null || /\{\s*\[native code\]\s*\}/.test(source)) return { first: { form: 'unreadable' }, count: fn.length };
  const params = splitTopLevel(list.params);
  const first = params[0];
  if (first === undefined) return { first: { form: 'none' }, count: 0 };
  if (first.startsWith('{')) return { first: objectPattern(first), count: params.length };
  const name = /^([A-Za-z_$][\w$]*)\s*(?:=|$)/.exec(first);
  if (name === null || !IDENTIFIER.test(name[1]!)) return { first: { form: 'unreadable' }, count: params.length };
  return { first: identifierUse(name[1]!, list.rest), count: params.length };
}
