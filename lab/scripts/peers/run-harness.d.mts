// Types of run-harness.mjs, for its unit test.
import type { Harness } from './harnesses.mjs';
import type { PeerRecord } from './summarise.mjs';
export declare const PROCESS_TIMEOUT_MS: number;
export declare function clean(text: unknown): string;
export declare function runHarness(harness: Harness, run: number, scratch: string, timeoutMs?: number): PeerRecord & { exitStatus?: number };
