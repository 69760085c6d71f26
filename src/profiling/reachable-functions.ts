/**
 * The functions a benchmark's body can reach by name, read from the source: the body, the
 * functions it calls (`name(`), theirs, and so on, in any of the profiled scripts. A CPU profile's
 * per-line ticks of inlined code carry line numbers but not their script, so a line is placed in
 * the function spanning it that the body can reach — not in an unrelated function of another file
 * on the same line number.
 */
import type { ScriptFunction, ScriptFunctions } from './script-functions.js';

/** How many functions the walk visits at most: a body reaches a few dozen; a bundle of thousands is cut here. */
const MAX_REACHABLE = 500;
const CALLED_NAME = /([A-Za-z_$][\w$]*)\s*\(/g;
const NOT_A_CALL = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'typeof', 'new', 'await', 'yield', 'super']);

/** A function as the profile summary keys it. */
export const functionKey = (script: ScriptFunctions, fn: ScriptFunction): string => `${script.scriptId}@${fn.startOffset}`;

/** Keys of the functions reachable from `roots` (each a script and an offset inside the root function). */
export function reachableFunctions(roots: readonly { scriptId: string; offset: number }[], scripts: ReadonlyMap<string, ScriptFunctions>): Set<string> {
  const byName = new Map<string, { script: ScriptFunctions; fn: ScriptFunction }[]>();
  for (const script of scripts.values()) {
    if (script.packed) continue;
    for (const fn of script.functions) {
      if (fn.name === '') continue;
      const list = byName.get(fn.name) ?? [];
      list.push({ script, fn });
      byName.set(fn.name, list);
    }
  }
  const reached = new Set<string>();
  const queue: { script: ScriptFunctions; fn: ScriptFunction }[] = [];
  for (const root of roots) {
    const script = scripts.get(root.scriptId);
    const fn = script?.functionAtOffset(root.offset) ?? null;
    if (script !== undefined && fn !== null) queue.push({ script, fn });
  }
  while (queue.length > 0 && reached.size < MAX_REACHABLE) {
    const { script, fn } = queue.pop()!;
    const key = functionKey(script, fn);
    if (reached.has(key)) continue;
    reached.add(key);
    for (const match of script.textOf(fn).matchAll(CALLED_NAME)) {
      const name = match[1]!;
      if (NOT_A_CALL.has(name)) continue;
      for (const callee of byName.get(name) ?? []) if (!reached.has(functionKey(callee.script, callee.fn))) queue.push(callee);
    }
  }
  return reached;
}
