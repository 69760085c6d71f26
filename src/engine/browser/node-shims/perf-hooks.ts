/** `node:perf_hooks` inside a benchmark page: the page's own `performance` and observer (no 'gc' entries). */
const page = globalThis as unknown as { performance: unknown; PerformanceObserver: unknown };

export const performance = page.performance;
export const PerformanceObserver = page.PerformanceObserver;

export default { performance, PerformanceObserver };
