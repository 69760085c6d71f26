/**
 * `node:v8` inside a benchmark page. Flags come from the browser's `--js-flags` (set by the runner),
 * so setting them is a no-op; heap figures come from `performance.memory`; there is no GCProfiler,
 * so allocation is not measured in a page.
 */
interface PageMemory {
  usedJSHeapSize: number;
  totalJSHeapSize: number;
  jsHeapSizeLimit: number;
}

const memory = (): PageMemory | undefined => (performance as unknown as { memory?: PageMemory }).memory;

export function setFlagsFromString(_flags: string): void {}

export function getHeapStatistics(): { used_heap_size: number; total_heap_size: number; heap_size_limit: number; external_memory: number } {
  const m = memory();
  return { used_heap_size: m?.usedJSHeapSize ?? 0, total_heap_size: m?.totalJSHeapSize ?? 0, heap_size_limit: m?.jsHeapSizeLimit ?? 0, external_memory: 0 };
}

export function getHeapSpaceStatistics(): { space_name: string; space_size: number; space_used_size: number }[] {
  return [];
}

export default { setFlagsFromString, getHeapStatistics, getHeapSpaceStatistics };
