/** `node:perf_hooks` inside a benchmark page: the page's own `performance` and observer (no 'gc' entries). */
const page = globalThis as unknown as { performance: unknown; PerformanceObserver: unknown };

export const performance = page.performance;
export const PerformanceObserver = page.PerformanceObserver;
/** Node's GC kinds (a page has no 'gc' entries to mark with them). */
export const constants = { NODE_PERFORMANCE_GC_MAJOR: 4, NODE_PERFORMANCE_GC_MINOR: 1, NODE_PERFORMANCE_GC_INCREMENTAL: 8, NODE_PERFORMANCE_GC_WEAKCB: 16 };

export default { performance, PerformanceObserver, constants };
