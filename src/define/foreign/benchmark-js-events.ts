/**
 * Benchmark.js 2.x's events under ubench: `Benchmark.Event` and the `on`/`off`/`emit`/`listeners`
 * every benchmark and suite has. A listener is called with `this` the emitter and the event as
 * its argument; `on('cycle complete', fn)` listens to both; options named `onStart`, `onCycle`,
 * `onComplete`, `onError`, `onAbort`, `onReset` are listeners of those events.
 */

type Listener = (this: unknown, event: BenchmarkEvent, ...args: unknown[]) => unknown;

/** Benchmark.js's `Benchmark.Event`. */
export class BenchmarkEvent {
  aborted = false;
  cancelled = false;
  currentTarget: unknown = undefined;
  result: unknown = undefined;
  target: unknown = undefined;
  readonly timeStamp = Date.now();
  readonly type: string;

  constructor(type: string | { type: string; [property: string]: unknown }) {
    this.type = typeof type === 'string' ? type : type.type;
    if (typeof type === 'object') Object.assign(this, type);
  }
}

const EVENT_OPTION = /^on([A-Z]\w*)$/;

export class Emitter {
  readonly #listeners = new Map<string, Listener[]>();

  /** Listens to the events an options object names (`onCycle: fn`). */
  protected listenFromOptions(options: Readonly<Record<string, unknown>>): void {
    for (const [key, value] of Object.entries(options)) {
      const match = EVENT_OPTION.exec(key);
      if (match !== null && typeof value === 'function') this.on(match[1]!.toLowerCase(), value as Listener);
    }
  }

  on(types: string, listener: Listener): this {
    for (const type of types.split(' ').filter((t) => t !== '')) {
      const list = this.#listeners.get(type) ?? [];
      list.push(listener);
      this.#listeners.set(type, list);
    }
    return this;
  }

  off(types?: string, listener?: Listener): this {
    if (types === undefined) {
      this.#listeners.clear();
      return this;
    }
    for (const type of types.split(' ').filter((t) => t !== '')) {
      const list = this.#listeners.get(type);
      if (list === undefined) continue;
      if (listener === undefined) this.#listeners.delete(type);
      else
        this.#listeners.set(
          type,
          list.filter((l) => l !== listener),
        );
    }
    return this;
  }

  listeners(type: string): Listener[] {
    const list = this.#listeners.get(type) ?? [];
    this.#listeners.set(type, list);
    return list;
  }

  /** Calls the listeners of the event in order (a listener returning false cancels the rest); returns its result. */
  emit(type: string | BenchmarkEvent, ...args: unknown[]): unknown {
    const event = type instanceof BenchmarkEvent ? type : new BenchmarkEvent(type);
    event.currentTarget = this;
    event.target ??= this;
    for (const listener of [...(this.#listeners.get(event.type) ?? [])]) {
      event.result = listener.call(this, event, ...args);
      if (event.result === false) event.cancelled = true;
      if (event.aborted) break;
    }
    return event.result;
  }
}
