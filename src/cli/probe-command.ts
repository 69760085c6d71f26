/**
 * `ubench probe`: runs the machine experiments (probe/*.bench.ts) with the normal engine, each file
 * in a fresh process, then reports every point with its CI and the inferred values beside what the
 * OS reports. An experiment this machine cannot run is reported as skipped and the rest go on.
 */
import { readOsCacheFacts, DEFAULT_SYSFS_CACHE_ROOT } from '../probe/os-cache-facts.js';
import { buildProbeDocument } from '../probe/analyze-probe.js';
import { PROBE_EXPERIMENTS, probeFilePath } from '../probe/probe-experiments.js';
import { renderProbeReport } from '../report/probe-report.js';
import { writeTextAtomic } from '../results/files/write-results.js';
import { displayPath } from '../runner/display-path.js';
import { runBenchmarks } from '../runner/run.js';
import type { CliIo, OsFactsSource } from './cli-io.js';
import { EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK } from './exit-codes.js';
import { measuringDeps } from './measuring-deps.js';
import { useColor } from './option-values.js';
import type { ProbeCommand } from './probe-args.js';

function realOsFacts(): OsFactsSource {
  return { facts: readOsCacheFacts(), source: DEFAULT_SYSFS_CACHE_ROOT };
}

export async function runProbeCommand(command: ProbeCommand, io: CliIo, os: () => OsFactsSource = realOsFacts): Promise<number> {
  const color = useColor(command.color, io.stdout);
  const experiments = PROBE_EXPERIMENTS.filter((e) => command.only.includes(e.id));
  const { facts, source } = os();
  const { deps, progress } = measuringDeps(command.quiet, io, command.waitForQuietNs);
  const outcome = await runBenchmarks({ ...command.run, targets: experiments.map((e) => probeFilePath(e.id)), childEnv: { UBENCH_PROBE_QUICK: command.quick ? '1' : '0' } }, deps);
  progress.clear();
  const doc = buildProbeDocument({ results: outcome.results, experiments, os: facts, osSource: source, quick: command.quick, complete: !outcome.interrupted });
  io.stdout.write(renderProbeReport(doc, { color, width: io.stdout.columns }));
  if (command.jsonPath !== null) {
    writeTextAtomic(command.jsonPath, `${JSON.stringify(doc, null, 2)}\n`);
    io.stderr.write(`probe results written to ${displayPath(command.jsonPath, io.cwd)}\n`);
  }
  if (outcome.interrupted) return EXIT_INTERRUPTED;
  return doc.experiments.some((e) => e.status === 'failed') ? EXIT_FAILURES : EXIT_OK;
}
