/**
 * Progress of a run: on an interactive terminal a single self-rewriting status line ("running
 * sort(size=100) …"); anywhere else (pipes, CI logs, files) a plain line per finished benchmark, so a
 * long suite does not look hung, and no status line.
 *
 * On a TTY each redraw returns the cursor to column 0, writes the text cut to the terminal width and
 * erases the rest of the line; redraws are throttled, and a text that arrives during the quiet period
 * is drawn when the period ends, so the line never stays stale. Finished lines are for logs only: a
 * terminal shows the table at the end. Off a TTY each line is one write, so it reaches the log whole
 * and at once.
 */

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface ProgressOptions {
  /** Current time in milliseconds (injectable for tests). */
  now?: () => number;
  /** Runs `callback` after `delayMs`; returns a function that cancels it (injectable for tests). */
  schedule?: (callback: () => void, delayMs: number) => () => void;
}

export interface Progress {
  /** Shows `text` as the status line (latest call wins when throttled). */
  update(text: string): void;
  /** Erases the status line and drops any pending text. */
  clear(): void;
  /** A line that stays (a finished benchmark): written off a TTY only. */
  line(text: string): void;
}

// At most ~20 redraws a second: smooth to the eye, negligible CPU next to running benchmarks.
export const PROGRESS_REDRAW_INTERVAL_MS = 50;
// Assumed width when the stream does not report one.
const FALLBACK_COLUMNS = 80;

const CARRIAGE_RETURN = '\r';
const CLEAR_TO_END_OF_LINE = '\x1b[K';

/** Off a TTY: no status line, and each finished line written whole, with its newline, in one write. */
function plainLines(stream: ProgressStream): Progress {
  return {
    update() {},
    clear() {},
    line(text: string): void {
      stream.write(`${text.replace(/[\r\n]+/g, ' ')}\n`);
    },
  };
}

function defaultSchedule(callback: () => void, delayMs: number): () => void {
  const timer = setTimeout(callback, delayMs);
  // A pending redraw must not keep the process alive after the run is over.
  timer.unref();
  return () => clearTimeout(timer);
}

/** One line, at most `columns − 1` code points (writing the last column makes some terminals wrap). */
function fitLine(text: string, columns: number): string {
  const singleLine = text.replace(/[\r\n]+/g, ' ');
  return [...singleLine].slice(0, Math.max(0, columns - 1)).join('');
}

export function createProgress(stream: ProgressStream, options: ProgressOptions = {}): Progress {
  if (stream.isTTY !== true) return plainLines(stream);
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? defaultSchedule;

  let lastDrawAt = Number.NEGATIVE_INFINITY;
  let shown: string | null = null;
  let pending: string | null = null;
  let cancelPending: (() => void) | null = null;

  const draw = (text: string): void => {
    const line = fitLine(text, stream.columns ?? FALLBACK_COLUMNS);
    lastDrawAt = now();
    if (line === shown) return;
    stream.write(CARRIAGE_RETURN + line + CLEAR_TO_END_OF_LINE);
    shown = line;
  };

  const drawPending = (): void => {
    cancelPending = null;
    if (pending === null) return;
    const text = pending;
    pending = null;
    draw(text);
  };

  return {
    update(text: string): void {
      const waited = now() - lastDrawAt;
      if (waited >= PROGRESS_REDRAW_INTERVAL_MS) {
        pending = null;
        cancelPending?.();
        cancelPending = null;
        draw(text);
        return;
      }
      pending = text;
      cancelPending ??= schedule(drawPending, PROGRESS_REDRAW_INTERVAL_MS - waited);
    },
    clear(): void {
      cancelPending?.();
      cancelPending = null;
      pending = null;
      if (shown !== null) stream.write(CARRIAGE_RETURN + CLEAR_TO_END_OF_LINE);
      shown = null;
      // Whatever comes next starts a fresh line and may be drawn at once.
      lastDrawAt = Number.NEGATIVE_INFINITY;
    },
    line(): void {},
  };
}
