/**
 * Splits the text a benchmark process sends into event lines in linear time: chunks are kept as
 * they arrive and only the new chunk is searched for a newline, so a long line costs its length
 * once, not once per chunk. A line longer than the cap is refused as soon as the cap is passed
 * (its text is dropped, never joined).
 */

/**
 * The longest event line ubench reads, in UTF-16 code units. The largest honest event is a
 * `measured` event: 15.5 KiB over examples/ and the test fixtures (measured, `--time 1s`), and a
 * benchmark at the sample cap (MAX_SAMPLES) with every field filled stays below 1 MiB; 16 MiB
 * leaves more than 16× of margin while a runaway line is stopped long before it strains memory.
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
