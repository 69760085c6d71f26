/** How the `--profile` pass samples, shared by a Node process and a browser page. */

/**
 * 100 µs between samples: 10 per millisecond of replay. docs/design.md §3 measured ~6% overhead at this
 * interval (1–3% at 1 ms); no timing is taken in this pass, and the finer grain resolves short bodies.
 */
export const CPU_SAMPLING_INTERVAL_US = 100;
/** The profiled loop's own lines start here, far past any line of code inlined into it. */
export const PROFILED_LOOP_LINE_OFFSET = 1_000_000;
