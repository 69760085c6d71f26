/**
 * How a benchmark process runs under valgrind's callgrind for `--instructions`, and the V8
 * configuration it runs with (docs/instructions.md says what each flag changes).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** valgrind's command: `UBENCH_VALGRIND` or `valgrind` on PATH. */
export function valgrindCommand(): string {
  return process.env['UBENCH_VALGRIND'] || 'valgrind';
}

let probed: { version: string } | { missing: string } | undefined;

/** valgrind's version (`valgrind-3.19.0`), or why it cannot be used: one line naming the package. */
export function valgrindVersion(): { version: string } | { missing: string } {
  if (probed !== undefined) return probed;
  const run = spawnSync(valgrindCommand(), ['--version'], { encoding: 'utf8' });
  const error = run.error as NodeJS.ErrnoException | undefined;
  if (error?.code === 'ENOENT') probed = { missing: `${valgrindCommand()} is not installed (Debian/Ubuntu: apt-get install valgrind; or set UBENCH_VALGRIND to its path)` };
  else if (error !== undefined || run.status !== 0) probed = { missing: `valgrind could not start: ${error?.message ?? (run.stderr.trim().split('\n')[0] || `exit code ${run.status}`)}` };
  else probed = { version: run.stdout.trim() };
  return probed;
}

let control: string | null | undefined;

/**
 * callgrind_control's command, beside valgrind's (the same package), or null where it cannot run.
 * A counting process starts uninstrumented and switches instrumentation on with it before its first
 * region: Node's start, ubench's loader and the bench file's loading then run at valgrind's bare
 * speed (`node -e 0` under callgrind: 6.3 s instrumented, 2.1 s not; a counting process of one
 * benchmark reached its bench file after 23 s instrumented, measured here).
 */
export function callgrindControl(): string | null {
  if (control !== undefined) return control;
  const valgrind = valgrindCommand();
  const command = valgrind.includes('/') ? path.join(path.dirname(valgrind), 'callgrind_control') : 'callgrind_control';
  const run = spawnSync(command, ['--version'], { encoding: 'utf8' });
  control = run.error === undefined && run.status === 0 ? command : null;
  return control;
}

/** callgrind_control ran but could not switch a process (vgdb cannot reach it): the rest of the run counts instrumented from the start. */
export function callgrindControlFailed(): void {
  control = null;
}

/**
 * The young generation's semi-space under callgrind, in MB: fixed, and large enough that regions of
 * an allocating body fit between collections (a 16-number sort, 1,033 bytes/op, runs its 4-unit
 * region of 16,384 iterations in 17 MB, measured), at a memory cost valgrind bears easily (2 × 64 MB).
 */
export const YOUNG_SEMI_SPACE_MB = 64;

/** What a region may allocate: half the young generation, so a region planned from bytes/op does not reach a collection. */
export const REGION_ALLOCATION_BYTES = (YOUNG_SEMI_SPACE_MB * 2 ** 20) / 2;

/**
 * V8 in a deterministic configuration, so two processes execute the same instructions:
 * - `--single-threaded`: no background compilation or GC threads; TurboFan compiles on the main
 *   thread when asked, so when code is optimized no longer depends on scheduling;
 * - `--predictable`: V8's predictable mode (implies single-threaded work and turns off the memory
 *   reducer, whose timers would start GCs at wall-clock moments);
 * - `--min-semi-space-size` = `--max-semi-space-size` = YOUNG_SEMI_SPACE_MB: a young generation of
 *   one size, not grown or shrunk after what earlier collections saw;
 * - `--heap-growing-percent=30`: the old generation's limit grows by a fixed factor, not one tuned by
 *   measured GC speed (the value `--predictable-gc-schedule` sets; that flag itself is not given,
 *   because it pins the young generation at 4 MB, which an allocating body fills several times a region);
 * - `--random-seed=1`, `--hash-seed=1`: fixed seeds for `Math.random` and string hashing.
 */
export const DETERMINISTIC_V8_FLAGS = [
  '--single-threaded',
  '--predictable',
  `--min-semi-space-size=${YOUNG_SEMI_SPACE_MB}`,
  `--max-semi-space-size=${YOUNG_SEMI_SPACE_MB}`,
  '--heap-growing-percent=30',
  '--random-seed=1',
  '--hash-seed=1',
];

/**
 * callgrind's arguments: counts dumped at each call of `marker`, written to `outFile.<n>`; code
 * V8 generates at run time re-translated when it changes (`--smc-check=all-non-file`, as JIT
 * compilers need under valgrind); only the process itself, not what it starts. Without
 * `instrumentAtStart`, uninstrumented until callgrind_control switches it on (see callgrindControl).
 */
export function callgrindArgs(outFile: string, marker: string, cacheSim: boolean, instrumentAtStart: boolean): string[] {
  return [
    '--tool=callgrind',
    ...(instrumentAtStart ? [] : ['--instr-atstart=no']),
    `--callgrind-out-file=${outFile}`,
    `--dump-before=${marker}`,
    '--smc-check=all-non-file',
    '--trace-children=no',
    '--collect-systime=no',
    // The main thread's counts apart: a worker thread the bench file starts (at load, for another
    // benchmark) ran its start-up inside whichever region was running and made an async body's count ±546% (measured).
    '--separate-threads=yes',
    `--cache-sim=${cacheSim ? 'yes' : 'no'}`,
    '--quiet',
    '--',
  ];
}
