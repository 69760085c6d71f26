/**
 * `node:vm` inside a benchmark page: the global `gc` that `--js-flags=--expose-gc` gives the page, and
 * compiling a loop without a script name (the line-offset form serves the CPU profiler, not run here).
 */
export function runInNewContext(code: string): unknown {
  if (code !== 'gc') throw new Error(`vm.runInNewContext(${JSON.stringify(code)}) is not available in a page`);
  return (globalThis as { gc?: unknown }).gc;
}

export function compileFunction(code: string, params: string[]): (...args: unknown[]) => unknown {
  return new Function(...params, code) as (...args: unknown[]) => unknown;
}

export default { runInNewContext, compileFunction };
