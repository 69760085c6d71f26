/**
 * mitata 1.x's benchmark builder `B` under ubench (docs/integrations.md): `bench()` returns it and
 * the file chains `.args()`, `.range()`, `.gc()`, … after it, so the shim declares it once complete
 * (mitata-shim.ts). Declared as ubench benchmarks with the same args (an arg value that is an object
 * or array becomes a label in ubench's name, the body still receiving the value itself); `.gc('inner')`
 * and an explicit `.gc('once')` ask the engine for full collections outside the timing; the body
 * forms are mapped by mitata-bodies.ts. After declaring, the builder knows the ubench benchmark of
 * each of its runs, so `run()` can answer in mitata's shape (mitata-results.ts).
 */
import { DeclarationError } from '../declaration-error.js';
import { getRegistry } from '../registry.js';
import type { ParamValue, Params } from '../declaration-types.js';
import { declareForeign, declareRefused, ForeignFeatureError, refusalMessage } from './foreign-declare.js';
import { type ForeignOutcome, runForeign } from './foreign-run.js';
import { mitataBody, mitataKind } from './mitata-bodies.js';
import { type MitataTrial, runFigures, runName } from './mitata-results.js';

type AnyFn = (...args: never[]) => unknown;

/** mitata's flags (the builder's `flags` field). */
export const flags = { compact: 1 << 0, baseline: 1 << 1 };

/** The highlight colours mitata accepts. */
const COLORS = new Set(['red', 'cyan', 'white', 'green', 'yellow', 'magenta', 'blue', 'black', 'gray']);

/** Longest JSON kept as an object arg's label in ubench's name; longer ones are numbered. */
const LABEL_MAX_CHARS = 40;

/** One run of a declared builder: its ubench benchmark and its args as the file gave them. */
interface DeclaredRun {
  id: string;
  args: Record<string, unknown>;
}

/** Declares every builder whose chained calls are over (the shim's; a builder's own run() calls it first). */
let flushBuilders: () => void = () => undefined;
export function setBuilderFlush(flush: () => void): void {
  flushBuilders = flush;
}

const isPrimitive = (value: unknown): value is ParamValue => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** ubench's parameter values for one arg's list: primitives as given, objects as unique labels. */
function labelled(key: string, values: readonly unknown[]): { values: ParamValue[]; given: Map<ParamValue, unknown> } {
  const given = new Map<ParamValue, unknown>();
  const labels = values.map((value, i) => {
    if (isPrimitive(value)) return value;
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch {
      text = undefined;
    }
    const label = text !== undefined && text.length <= LABEL_MAX_CHARS && !given.has(text) && !values.includes(text) ? text : `${key}#${i}`;
    given.set(label, value);
    return label;
  });
  return { values: labels, given };
}

export class B {
  f: AnyFn;
  _name = '';
  _args: Record<string, unknown[]> = {};
  _gc: boolean | 'once' | 'inner' = 'once';
  /** Whether the file called `.gc()` (mitata's default `'once'` is not repeated unless asked for). */
  _gcAsked = false;
  _group = 0;
  _highlight: string | false = false;
  flags: number;
  /** Where the file declared it: a refusal, made later, points there. */
  readonly declaredAt = new Error('declared here');
  /** Its runs, once declared. */
  declared: DeclaredRun[] | null = null;

  constructor(name: string, fn: AnyFn, initialFlags = 0) {
    if (typeof fn !== 'function') throw new DeclarationError('mitata bench(): expected iterator, generator or one-shot function');
    this.f = fn;
    this._name = name;
    this.flags = initialFlags;
  }
  name(name: string, color: string | false = false): this {
    this._name = name;
    return this.highlight(color);
  }
  gc(gc: boolean | 'once' | 'inner' = 'once'): this {
    if (![true, false, 'once', 'inner'].includes(gc)) throw new DeclarationError('mitata .gc(): invalid gc type');
    this._gc = gc;
    this._gcAsked = true;
    return this;
  }
  /** A colour for mitata's own output: kept in the run()'s `style`; ubench's report does not colour rows. */
  highlight(color: string | false = false): this {
    if (color !== false && !COLORS.has(color)) throw new DeclarationError('mitata .highlight(): invalid highlight color');
    this._highlight = color;
    return this;
  }
  compact(on = true): this {
    this.flags = on ? this.flags | flags.compact : this.flags & ~flags.compact;
    return this;
  }
  baseline(on = true): this {
    this.flags = on ? this.flags | flags.baseline : this.flags & ~flags.baseline;
    return this;
  }
  range(name: string, start: number, end: number, multiplier = 8): this {
    const values: number[] = [];
    for (let v = start; v <= end; v *= multiplier) values.push(Math.min(v, end));
    if (!values.includes(end)) values.push(end);
    return this.args(name, values);
  }
  dense_range(name: string, start: number, end: number, step = 1): this {
    const values: number[] = [];
    for (let v = start; v <= end; v += step) values.push(v);
    if (!values.includes(end)) values.push(end);
    return this.args(name, values);
  }
  /** As mitata: `args([…])` is the parameter `x`, `args(name, […])` one, `args({ … })` several; null removes. */
  args(name: string | unknown[] | Record<string, unknown[] | null> | null, values?: unknown[] | null): this {
    if (name === null) delete this._args['x'];
    else if (Array.isArray(name)) this._args['x'] = name;
    else if (typeof name === 'string' && values === null) delete this._args[name];
    else if (typeof name === 'string' && Array.isArray(values)) this._args[name] = values;
    else if (typeof name === 'object') {
      for (const [key, list] of Object.entries(name)) {
        if (list == null) delete this._args[key];
        else if (Array.isArray(list)) this._args[key] = list;
        else throw new DeclarationError('mitata args(): invalid arguments map value');
      }
    } else throw new DeclarationError('mitata args(): invalid arguments');
    return this;
  }

  /** Declares it as ubench benchmarks (or a refused one) in the group open now, and records its runs. */
  declare(): void {
    const keys = Object.keys(this._args);
    // The name as declared, `$arg` placeholders and all: ubench writes the values after it, `sort $size(size=64)`.
    const name = this._name;
    const refuse = (message: string): void => {
      this.#record(declareRefused(name, null, message, this.declaredAt));
    };
    if (keys.includes('concurrency')) {
      refuse(refusalMessage('mitata', 'the concurrency argument', 'ubench measures one call at a time; start the concurrent work in the body and return a promise of all of it'));
      return;
    }
    const lists = Object.fromEntries(keys.map((key) => [key, labelled(key, this._args[key]!)]));
    const args = keys.length === 0 ? undefined : Object.fromEntries(keys.map((key) => [key, lists[key]!.values]));
    const decode = (params: Params): Record<string, unknown> =>
      Object.fromEntries(Object.entries(params).map(([key, value]) => [key, lists[key]?.given.has(value) === true ? lists[key]!.given.get(value) : value]));
    const firstArgs = Object.fromEntries(keys.map((key) => [key, lists[key]!.values[0]!]));
    let body: ReturnType<typeof mitataBody>;
    try {
      body = mitataBody(this.f, args !== undefined, firstArgs, decode);
    } catch (thrown) {
      const message = thrown instanceof Error ? thrown.message : String(thrown);
      refuse(thrown instanceof DeclarationError || thrown instanceof ForeignFeatureError ? message : `mitata: the generator threw when ubench read what it yields: ${message}`);
      return;
    }
    const gc =
      this._gcAsked && this._gc !== false
        ? { mode: this._gc === 'inner' ? ('every-sample' as const) : ('once' as const), by: `mitata .gc(${JSON.stringify(this._gc)})`.replaceAll('"', "'") }
        : undefined;
    const ids = declareForeign({
      api: 'mitata',
      name,
      group: null,
      body,
      ...(args === undefined ? {} : { args }),
      baseline: (this.flags & flags.baseline) !== 0,
      at: this.declaredAt,
      ...(gc === undefined ? {} : { forcedGc: gc }),
    });
    this.#record(ids, decode);
  }

  /** Each declared benchmark's args as the file gave them, read from the registry it was just declared in. */
  #record(ids: readonly string[], decode: (params: Params) => Record<string, unknown> = (p) => ({ ...p })): void {
    const mine = new Set(ids);
    this.declared = getRegistry()
      .benchmarks.filter((b) => mine.has(b.id))
      .map((b) => ({ id: b.id, args: Object.keys(this._args).length === 0 ? {} : decode(b.params) }));
  }

  /** mitata's `b.run()`: measures this benchmark alone (once per process) and resolves to its trial. */
  async run(thrw = false): Promise<MitataTrial> {
    flushBuilders();
    const trial = this.trial(await runForeign('mitata', this.ids));
    const failed = trial.runs.find((r) => r.error !== undefined);
    if (thrw && failed !== undefined) throw failed.error;
    return trial;
  }

  /** Its ubench benchmarks. */
  get ids(): string[] {
    return (this.declared ?? []).map((r) => r.id);
  }

  /** mitata's trial: its runs with what ubench measured of each. */
  trial(outcomes: ReadonlyMap<string, ForeignOutcome>): MitataTrial {
    const keys = Object.keys(this._args);
    const kind = mitataKind(this.f);
    return {
      kind: keys.length === 0 ? 'static' : keys.length === 1 ? 'args' : 'multi-args',
      args: this._args,
      alias: this._name,
      group: this._group,
      baseline: (this.flags & flags.baseline) !== 0,
      runs: (this.declared ?? []).map((run) => ({ ...runFigures(outcomes.get(run.id), kind), args: run.args, name: runName(this._name, run.args) })),
      style: { highlight: this._highlight, compact: (this.flags & flags.compact) !== 0 },
    };
  }
}
