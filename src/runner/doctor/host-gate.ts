/**
 * The host check at the start of a measuring command: a short reading of the doctor's checks, and one
 * line when the host is unfit (the host line at the end says it again, with the run's own figures).
 * With `--wait-for-quiet <duration>` it first waits, re-reading every few seconds, until the checks
 * of the moment (host speed, another thread on the cores, other programs' load) all read ok, or the
 * duration is over; then it says what it waited and whether it gave up.
 */
import { MOMENTARY_CHECKS } from '../../analysis/doctor/doctor-checks.js';
import type { Finding } from '../../analysis/doctor/doctor-check.js';
import { quickFindings } from './run-doctor.js';

/**
 * The start check times the references this long: ~1,300 readings, whose median moves by well under
 * the 3% band between quiet repeats, for a fifth of a second added to a run.
 */
export const START_WINDOW_MS = 200;
/** Pause between readings while waiting: the check itself must not keep a CPU busy the whole wait. */
export const WAIT_POLL_MS = 1_000;

export interface GateOptions {
  /** Wait up to this long for a quiet host (ns), or null: only say when it is unfit. */
  waitNs: number | null;
  calibrationFile: string;
  env: NodeJS.ProcessEnv;
  /** Writes one line of what the wait did (without the `ubench: ` prefix). */
  say(line: string): void;
  /** Writes the line saying the host is unfit (a warning). */
  warn(line: string): void;
  signal?: AbortSignal;
  /** Replaceable for tests. */
  read?: () => Finding[];
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** What the gate did: how long it waited, and whether the host was quiet when it stopped. */
export interface GateOutcome {
  waitedMs: number;
  quiet: boolean;
  /** The unfit findings when measuring began. */
  unfit: Finding[];
}

/** The finding's evidence up to its first colon: `15% slower than usual`. */
export const headline = (f: Finding): string => f.evidence.split(': ')[0]!.replace(/\.$/, '');

const listed = (findings: readonly Finding[]): string => findings.map((f) => `${f.id}: ${headline(f)}`).join('; ');

/** Whether the host is quiet: every check of the moment ok (or not readable here). */
export function isQuiet(findings: readonly Finding[]): boolean {
  const momentary = new Set(MOMENTARY_CHECKS.map((c) => c.id));
  return findings.every((f) => !momentary.has(f.id) || f.verdict === 'ok' || f.verdict === 'unknown');
}

/** Sleeps `ms`, or less when `signal` aborts; leaves no listener behind either way. */
const sleepMs = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

export async function hostGate(options: GateOptions): Promise<GateOutcome> {
  const read = options.read ?? (() => quickFindings({ windowMs: START_WINDOW_MS, calibrationFile: options.calibrationFile, env: options.env }));
  const sleep = options.sleep ?? ((ms: number) => sleepMs(ms, options.signal));
  const now = options.now ?? (() => performance.now());
  const start = now();
  let findings = read();
  const first = findings;
  if (options.waitNs !== null) {
    const limitMs = options.waitNs / 1e6;
    while (!isQuiet(findings) && now() - start < limitMs && options.signal?.aborted !== true) {
      await sleep(Math.min(WAIT_POLL_MS, Math.max(0, limitMs - (now() - start))));
      findings = read();
    }
  }
  const waitedMs = now() - start;
  const quiet = isQuiet(findings);
  const unfit = findings.filter((f) => f.verdict === 'unfit');
  if (options.waitNs !== null) {
    const busy = first.filter((f) => !isQuiet([f]));
    const seconds = `${(waitedMs / 1e3).toFixed(1)} s`;
    if (quiet && busy.length === 0) options.say('--wait-for-quiet: the host was quiet at once');
    else if (quiet) options.say(`--wait-for-quiet: the host was quiet after ${seconds} (it had ${listed(busy)})`);
    else if (options.signal?.aborted !== true) {
      options.say(`--wait-for-quiet: gave up after ${seconds}, the host still not quiet (${listed(findings.filter((f) => !isQuiet([f])))}); measuring anyway`);
    }
  }
  if (unfit.length > 0 && options.signal?.aborted !== true) {
    options.warn(`this host is unfit to measure now: ${listed(unfit)} (ubench doctor says more${options.waitNs === null ? '; --wait-for-quiet <duration> waits for a quiet host' : ''})`);
  }
  return { waitedMs, quiet, unfit };
}
