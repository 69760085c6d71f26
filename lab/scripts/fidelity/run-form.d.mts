// Types of run-form.mjs, for the quiet fidelity test.
export declare function runUbench(cwd: string, args: readonly string[], options?: { node?: string; env?: Record<string, string> }): { results: unknown; seconds: number };
