/**
 * Relays a child's output line by line, dropping lines V8 prints for ubench's own use (the
 * `[bailout …]` traces that accompany `--log-deopt`), so users see only their benchmarks' output.
 */
const V8_TRACE_LINE = /^\[bailout \(kind: /;

export function createLineFilter(write: (text: string) => void): { push(text: string): void; flush(): void } {
  let partial = '';
  return {
    push(text) {
      const lines = (partial + text).split('\n');
      partial = lines.pop()!;
      const kept = lines.filter((line) => !V8_TRACE_LINE.test(line));
      if (kept.length > 0) write(`${kept.join('\n')}\n`);
    },
    flush() {
      if (partial !== '' && !V8_TRACE_LINE.test(partial)) write(partial);
      partial = '';
    },
  };
}
