/** Longest message detail kept; parser messages can quote large chunks of the input. */
const MAX_DETAIL_CHARS = 200;

/**
 * The message of an unknown thrown value as a single short line, for embedding in user-facing
 * errors: whitespace runs (including newlines) collapse to one space, and long text is cut.
 */
export function oneLineMessage(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  const flat = raw.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL_CHARS ? `${flat.slice(0, MAX_DETAIL_CHARS - 1)}…` : flat;
}
