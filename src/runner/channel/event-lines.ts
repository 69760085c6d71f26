/**
 * Splits the text a benchmark process sends into event lines in linear time: chunks are kept as
 * they arrive and only the new chunk is searched for a newline, so a long line costs its length
 * once, not once per chunk. A line longer than the cap is refused as soon as the cap is passed
 * (its text is dropped, never joined).
 */

/**
 * The longest event line ubench reads, in UTF-16 code units. The largest honest event is a
 * `measured` event: at most 28,840 characters over examples/ and the ok, params and complexity
 * fixtures (2,885 events, `--time 1s`, measured here). A sample takes ~130 characters, so a
 * benchmark at the sample cap (MAX_SAMPLES, 5,000) and as many floor samples stays near 2 Mi even
 * at 200 a sample; 16 Mi leaves 8× over that bound (580× over the largest seen) while a runaway
 * line is stopped long before it strains memory.
 */
export const MAX_EVENT_LINE_CHARS = 16 * 1024 * 1024;

export interface EventLineHandlers {
  line(text: string): void;
  /** The line being received passed the cap; its first characters, to name it. Nothing more is read. */
  overlong(head: string): void;
}

export function createEventLines(handlers: EventLineHandlers, maxChars: number = MAX_EVENT_LINE_CHARS): (chunk: string) => void {
  let parts: string[] = [];
  let pending = 0;
  let refused = false;
  return (chunk) => {
    if (refused) return;
    let from = 0;
    for (;;) {
      const newline = chunk.indexOf('\n', from);
      const piece = newline < 0 ? chunk.slice(from) : chunk.slice(from, newline);
      if (pending + piece.length > maxChars) {
        refused = true;
        handlers.overlong((parts.length > 0 ? parts[0]! : piece).slice(0, 80));
        parts = [];
        return;
      }
      if (newline < 0) {
        if (piece !== '') {
          parts.push(piece);
          pending += piece.length;
        }
        return;
      }
      const line = parts.length === 0 ? piece : parts.join('') + piece;
      parts = [];
      pending = 0;
      from = newline + 1;
      if (line.trim() !== '') handlers.line(line);
    }
  };
}
