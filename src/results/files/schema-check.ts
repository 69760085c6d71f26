/**
 * Checks a parsed JSON value against one of ubench's results schemas (schema/results*.schema.json),
 * for reading files from elsewhere: the first violation as one line, `benchmarks/3/samples must be
 * array`, with its JSON path. It implements the keywords those schemas use (type, enum, const,
 * properties, required, additionalProperties, items, minItems, anyOf, allOf, if/then, $ref to
 * #/$defs, numeric and string bounds, pattern) and refuses a schema using any other, so a schema
 * change cannot silently go unchecked. Beyond the schema it refuses what no file ubench writes
 * holds and what could harm the reader: a `__proto__` key, an array longer than
 * {@link MAX_ARRAY_ITEMS}, nesting deeper than {@link MAX_DEPTH}, and non-finite numbers.
 */

/**
 * Longest array accepted. A benchmark keeps at most 5,000 samples per process (MAX_SAMPLES in
 * engine/loop/stopping-rule.ts); 200 times that covers a merge of 200 runs, and keeps the reports'
 * O(n log n) statistics on one array within about a second.
 */
export const MAX_ARRAY_ITEMS = 1_000_000;
/** Deepest nesting accepted: ubench's own files nest under 15 levels; a deeper one is not a results file (and would risk the stack). */
export const MAX_DEPTH = 64;

type Schema = Record<string, unknown>;

const KNOWN_KEYWORDS = new Set([
  '$schema',
  '$id',
  'title',
  'description',
  '$defs',
  '$ref',
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'anyOf',
  'allOf',
  'if',
  'then',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
]);

/** A compiled check: the first problem as `<path> <message>`, or null. */
export type SchemaCheck = (value: unknown) => string | null;

/**
 * `ignoreUnknownProperties`: a property the schema does not name passes even where the schema
 * says `additionalProperties: false` (only ubench's own limits apply to it), as readers of results
 * files are to ignore fields they do not know (docs/results-format.md, Versioning): a file from a
 * newer ubench of the same schema version stays readable.
 */
export function compileSchemaCheck(root: Schema, options: { ignoreUnknownProperties?: boolean } = {}): SchemaCheck {
  checkKeywords(root);
  const patterns = new Map<string, RegExp>();
  const regex = (source: string): RegExp => {
    let compiled = patterns.get(source);
    if (compiled === undefined) {
      compiled = new RegExp(source, 'u');
      patterns.set(source, compiled);
    }
    return compiled;
  };
  const resolve = (ref: string): Schema => {
    const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
    const defs = root['$defs'] as Record<string, Schema> | undefined;
    const target = match === null || defs === undefined || !Object.hasOwn(defs, match[1]!) ? undefined : defs[match[1]!];
    if (target === undefined) throw new Error(`results schema: unresolvable $ref ${ref}`);
    return target;
  };

  const check = (schema: Schema | boolean, value: unknown, path: string[], depth: number, quiet = false): string | null => {
    const at = (p: string[], message: string): string => (quiet ? QUIET_FAILURE : describe(p, message));
    if (schema === true) return null;
    if (schema === false) return at(path, 'is not allowed');
    if (depth > MAX_DEPTH) return at(path, `is nested deeper than ${MAX_DEPTH} levels`);
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const problem = check(resolve(ref), value, path, depth, quiet);
      if (problem !== null) return problem;
    }
    const type = schema['type'];
    if (type !== undefined) {
      const types = Array.isArray(type) ? (type as string[]) : [type as string];
      if (!types.some((t) => hasType(value, t))) return at(path, typeof value === 'number' && !Number.isFinite(value) ? 'must be a finite number' : `must be ${types.join(' or ')}`);
    }
    if (typeof value === 'number' && !Number.isFinite(value)) return at(path, 'must be a finite number');
    if (Object.hasOwn(schema, 'const') && !sameJson(value, schema['const'])) return at(path, `must be ${JSON.stringify(schema['const'])}`);
    const allowed = schema['enum'] as unknown[] | undefined;
    if (allowed !== undefined && !allowed.some((v) => sameJson(v, value))) return at(path, `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`);
    if (typeof value === 'number') {
      const problem = numberProblem(schema, value);
      if (problem !== null) return at(path, problem);
    }
    if (typeof value === 'string') {
      const min = schema['minLength'] as number | undefined;
      const max = schema['maxLength'] as number | undefined;
      // Code points, as JSON Schema counts; the UTF-16 length bounds them from above.
      const length = value.length <= (min ?? 0) || value.length > (max ?? Infinity) ? [...value].length : value.length;
      if (min !== undefined && length < min) return at(path, `must have at least ${min} character${min === 1 ? '' : 's'}`);
      if (max !== undefined && length > max) return at(path, `must have at most ${max} characters`);
      const pattern = schema['pattern'] as string | undefined;
      if (pattern !== undefined && !regex(pattern).test(value)) return at(path, `must match ${pattern}`);
    }
    if (Array.isArray(value)) {
      if (value.length > MAX_ARRAY_ITEMS) return at(path, `has ${value.length} items, more than the ${MAX_ARRAY_ITEMS} accepted`);
      const minItems = schema['minItems'] as number | undefined;
      if (minItems !== undefined && value.length < minItems) return at(path, `must have at least ${minItems} item${minItems === 1 ? '' : 's'}`);
      const items = schema['items'] as Schema | boolean | undefined;
      for (let i = 0; i < value.length; i++) {
        path.push(String(i));
        const problem = check(items ?? {}, value[i], path, depth + 1, quiet);
        path.pop();
        if (problem !== null) return problem;
      }
    } else if (isObject(value)) {
      const problem = objectProblem(schema, value, path, depth, quiet);
      if (problem !== null) return problem;
    }
    const anyOf = schema['anyOf'] as (Schema | boolean)[] | undefined;
    if (anyOf !== undefined) {
      if (!anyOf.some((s) => check(s, value, path, depth, true) === null)) {
        if (quiet) return QUIET_FAILURE;
        return closest(anyOf, value, path, depth) ?? at(path, 'matches none of the allowed forms');
      }
    }
    for (const sub of (schema['allOf'] as (Schema | boolean)[] | undefined) ?? []) {
      const problem = check(sub, value, path, depth, quiet);
      if (problem !== null) return problem;
    }
    const condition = schema['if'] as Schema | boolean | undefined;
    if (condition !== undefined && check(condition, value, path, depth, true) === null && schema['then'] !== undefined) {
      return check(schema['then'] as Schema | boolean, value, path, depth, quiet);
    }
    return null;
  };

  const objectProblem = (schema: Schema, value: Record<string, unknown>, path: string[], depth: number, quiet: boolean): string | null => {
    const at = (p: string[], message: string): string => (quiet ? QUIET_FAILURE : describe(p, message));
    for (const key of (schema['required'] as string[] | undefined) ?? []) {
      if (!Object.hasOwn(value, key)) return at(path, `must have property ${key}`);
    }
    const properties = (schema['properties'] as Record<string, Schema | boolean> | undefined) ?? {};
    const additional = schema['additionalProperties'] as Schema | boolean | undefined;
    for (const key of Object.keys(value)) {
      if (key === '__proto__') return at(path, 'has a "__proto__" key');
      const own = Object.hasOwn(properties, key) ? properties[key]! : additional;
      if (own === false && options.ignoreUnknownProperties !== true) return at(path, `must not have property ${visibleKey(key)}`);
      path.push(key);
      const problem = check(own === undefined || own === false ? {} : own, value[key], path, depth + 1, quiet);
      path.pop();
      if (problem !== null) return problem;
    }
    return null;
  };

  /** Of anyOf's failed branches, the one that explains best: the only one left when the value is not null and the null branch is set aside. */
  const closest = (branches: (Schema | boolean)[], value: unknown, path: string[], depth: number): string | null => {
    const candidates = branches.filter((b) => !(value !== null && isNullSchema(b)));
    return candidates.length === 1 ? check(candidates[0]!, value, path, depth) : null;
  };

  return (value) => check(root, value, [], 0);
}

/** What a check inside anyOf or if returns on failure: only whether it failed counts there, so no message is built. */
const QUIET_FAILURE = 'failed';

function describe(path: readonly string[], message: string): string {
  return `${path.length === 0 ? '(top level)' : path.map(visibleKey).join('/')} ${message}`;
}

function visibleKey(key: string): string {
  const shown = key.length > 40 ? `${key.slice(0, 39)}…` : key;
  return /^[\w$.-]+$/.test(shown) ? shown : JSON.stringify(shown);
}

function isNullSchema(schema: Schema | boolean): boolean {
  return typeof schema === 'object' && schema['type'] === 'null';
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      throw new Error(`results schema: unknown type ${type}`);
  }
}

function numberProblem(schema: Schema, value: number): string | null {
  const minimum = schema['minimum'] as number | undefined;
  const maximum = schema['maximum'] as number | undefined;
  const exclusiveMinimum = schema['exclusiveMinimum'] as number | undefined;
  const exclusiveMaximum = schema['exclusiveMaximum'] as number | undefined;
  if (minimum !== undefined && value < minimum) return `must be >= ${minimum}`;
  if (maximum !== undefined && value > maximum) return `must be <= ${maximum}`;
  if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) return `must be > ${exclusiveMinimum}`;
  if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) return `must be < ${exclusiveMaximum}`;
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Refuses a schema with a keyword this checker does not implement. */
function checkKeywords(schema: unknown, where = '#'): void {
  if (Array.isArray(schema)) {
    for (const [i, s] of schema.entries()) checkKeywords(s, `${where}/${i}`);
    return;
  }
  if (!isObject(schema)) return;
  for (const [key, sub] of Object.entries(schema)) {
    if (!KNOWN_KEYWORDS.has(key)) throw new Error(`results schema: keyword ${key} at ${where} is not implemented by the checker`);
    if (key === 'properties' || key === '$defs') for (const [name, s] of Object.entries(sub as Schema)) checkKeywords(s, `${where}/${key}/${name}`);
    else if (key === 'items' || key === 'additionalProperties' || key === 'if' || key === 'then' || key === 'anyOf' || key === 'allOf') checkKeywords(sub, `${where}/${key}`);
  }
}
