/**
 * The chromium run the browser fault tests (test/system/browser-*.test.ts) disturb: four
 * benchmarks measured one after the other (so the first is in the results file while the second
 * runs), long enough for the harm to land mid-benchmark.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env['UBENCH_CHROMIUM'] ?? '/usr/bin/chromium';
/** Why a browser fault test is skipped: no Chromium here (CI installs it; see test/system/cli-runtimes.test.ts). */
export const NO_CHROMIUM: string | false = existsSync(CHROMIUM) ? false : `no chromium at ${CHROMIUM}`;

export const FIXTURE = 'test/fixtures/bench/browser-faults/four.bench.ts';
/** The string in FIXTURE's code a neighbour must not be able to read. */
export const MARKER = 'ubench-fault-probe-marker-5c1e';

/**
 * 2 s per benchmark: a window of seconds in which the second benchmark's page is up and measuring
 * (a browser start and the quiet wait took 1.5–2.5 s here), short enough to keep a file's runs well under 2 minutes.
 */
export const BROWSER_RUN_ARGS = [FIXTURE, '--runtime', 'chromium', '--sequential', '--time', '2s', '--warmup', '200ms'] as const;

/** How long a browser run may take to write its first benchmark: a cold browser start took over 3 s on this busy host. */
export const FIRST_RESULT_MS = 60_000;
