/** `node:timers/promises` inside a benchmark page. */
export function setTimeout<T = void>(ms?: number, value?: T): Promise<T> {
  return new Promise((resolve) => globalThis.setTimeout(() => resolve(value as T), ms ?? 0));
}

export default { setTimeout };
