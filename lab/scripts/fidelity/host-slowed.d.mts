// Types of host-slowed.mjs, for the quiet fidelity test.
export declare const HOST_SLOWED: number;
export declare const MAX_RETAKES: number;
export declare function throughputOf(results: unknown): number | null;
export declare function unslowed(runs: ReadonlyArray<() => unknown>): { results: unknown[]; retakes: number };
