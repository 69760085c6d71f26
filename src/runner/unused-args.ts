/** `--args` keys that no measured benchmark declares changed nothing: said, since a typo would otherwise pass unseen. */
import type { ParamValue } from '../results/types.js';

/** The warning for the keys of `args` no declared benchmark has, or null. */
export function unusedArgsWarning(args: Readonly<Record<string, ParamValue[]>> | undefined, declared: readonly Readonly<Record<string, unknown>>[]): string | null {
  if (args === undefined || declared.length === 0) return null;
  const unused = Object.keys(args).filter((key) => !declared.some((params) => Object.hasOwn(params, key)));
  if (unused.length === 0) return null;
  return `--args ${unused.join(', ')}: no benchmark declares ${unused.length === 1 ? 'this parameter' : 'these parameters'}, so ${unused.length === 1 ? 'it' : 'they'} changed nothing`;
}
