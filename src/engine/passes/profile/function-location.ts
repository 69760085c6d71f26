/** Where a function's code is, from the inspector (`[[FunctionLocation]]`): its script and its offset there, for the profile summary. */
import type { Session } from 'node:inspector';
import { postNow } from '../inspector-post.js';
import type { ScriptFunctions } from '../../../profiling/script-functions.js';

/** The global a function is parked on for the inspector to find it (deleted right after). */
const PARKED = '__ubenchProfiledFunction';

interface Location {
  scriptId: string;
  lineNumber: number;
  columnNumber: number;
}

/** The script and offset of `fn`, or null when the inspector cannot say (a native or bound function, a script not profiled). */
export function functionLocation(session: Session, fn: unknown, scripts: ReadonlyMap<string, ScriptFunctions>): { scriptId: string; offset: number } | null {
  const g = globalThis as Record<string, unknown>;
  g[PARKED] = fn;
  try {
    const { result } = postNow(session, 'Runtime.evaluate', { expression: `globalThis.${PARKED}` }) as { result: { objectId?: string } };
    if (result.objectId === undefined) return null;
    const { internalProperties } = postNow(session, 'Runtime.getProperties', { objectId: result.objectId, ownProperties: true }) as {
      internalProperties?: { name: string; value?: { value?: Location } }[];
    };
    const location = internalProperties?.find((p) => p.name === '[[FunctionLocation]]')?.value?.value;
    const script = location === undefined ? undefined : scripts.get(location.scriptId);
    if (location === undefined || script === undefined) return null;
    return { scriptId: location.scriptId, offset: script.offset(location.lineNumber + 1, location.columnNumber + 1) };
  } catch {
    return null;
  } finally {
    delete g[PARKED];
  }
}
