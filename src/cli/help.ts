/** The text of `ubench --help`. */
import { PASS_SWITCHES } from '../runner/passes/pass-registry.js';

/** Width of the flag column: the option's lines start here. */
const FLAG_COLUMN = 24;

/** Each pass switch's flag and help lines, from the registry (runner/passes/pass-registry.ts). */
function passHelp(): string {
  return PASS_SWITCHES.map((s) => s.help.map((line, i) => `  ${(i === 0 ? s.flag : '').padEnd(FLAG_COLUMN)}${line}`).join('\n')).join('\n');
}

export const HELP = `Usage: ubench [options] [paths or globs…]
       ubench compare <base> <new> [--metric time|instructions] [--noise <pct>] [--fail-on-regression <pct>]
                      [--explain] [--json <file>] [--markdown <file>] [--csv <file>] [--html <file>] [--seed <n>]
       ubench history [filter] [--last <n>] [--metric time|instructions] [--noise <pct>] [--json <file>] [--dir <dir>]
       ubench ab <fileA> <fileB> [--pairs <n>] [--metric time|instructions] [--noise <pct>] [--fail-on-regression <pct>]
                 [--explain] [--json <file>] [--markdown <file>] [--html <file>] [measurement options]
       ubench ab <rev> [<rev>] [paths…] [same options as above]
       ubench export <results> [--markdown <file>] [--csv <file>] [--benchfmt <file>]
                     [--bmf <file>]    (- for stdout)
       ubench probe [--quick] [--only <ids>] [--json <file>] [measurement options]
       ubench report <results|baseline|probe.json> [--html <file> [--compare <base> [--explain]]] [--as-recorded]
       ubench merge <results…> --json <file> [--quiet] [--markdown <file>] …
       ubench calibration [--reset]

Runs *.bench.{ts,mts,js,mjs} files (default: all under the current directory, skipping
node_modules, dist and dot-folders), each in a fresh Node process, and reports ns/op with
95% confidence intervals and relative speed.

Options:
  --filter <regex>        only benchmarks whose id (file#group/name) matches
  --json <file>           write the results file (schema: docs/results-format.md),
                          updated after every benchmark; - writes it to stdout at the end
                          (the tables then go to stderr)
  --time <duration>       measurement budget per benchmark (default 1s), e.g. 300ms, 2s
  --warmup <duration>     warm-up cap per benchmark (default 2s)
  --precision <percent>   target 95% CI half-width (default 1%)
  --isolate <mode>        file: one process per file (default); benchmark: one per benchmark
  --forks <n>             repeat each benchmark in n fresh processes and pool them (default 1)
  --shard <i/n>           measure only the i-th of n disjoint shares of the suite (files sorted
                          by path and dealt out in turn; benchmarks with --isolate benchmark),
                          for a CI matrix; combine the shares with ubench merge
  --timeout <duration>    stop a benchmark that takes longer (default 10 × (time + warmup), ≥ 60s)
  --seed <n>              seed for sample-size jitter and bootstrap (default 1)
  --sequential            sample each benchmark to the end before the next (default: the
                          file's benchmarks interleaved in randomized rounds)
  --runtime <list>        run every bench file under each runtime listed, e.g. node,bun,deno,
                          node@22,chromium, and show them side by side with the ratio to the
                          first (default: the Node running ubench); found in node_modules (npm
                          packages bun, deno, node-<os>-<arch>) or on PATH, never downloaded
  --node-flags "<flags>"  flags for every benchmark process, e.g. "--max-old-space-size=4096":
                          on node's command line, in deno's --v8-flags, in chromium's
                          --js-flags; refused with bun (JavaScriptCore); recorded in the results
  --args <key=values>     give every benchmark declaring the parameter key these values instead:
                          a list n=10,100,1000 or a range n=1000..1e6:x4 (×4 each step; :+S adds
                          S); repeatable. A benchmark swept over ≥ 4 sizes of one numeric
                          parameter gets its complexity fitted (O(1) … O(n³)) and cliffs marked
  --probe <file>          name the cache level a cliff crossed from this ubench probe --json
                          document (benchmarks declaring bytesPerItem; default: the OS's sizes)
  --strict                exit 1 when any diagnostic warns (for CI)
${passHelp()}
  --profile-top <n>       hot functions and lines listed per benchmark (default 10)
  --profile-dir <dir>     where .cpuprofile and machine-code files go (default .ubench/profiles)
  --save-baseline <name>  also save the results as .ubench/baselines/<name>.json (to commit)
  --compare <name|file>   after the run, compare it with a saved results file or baseline
  --explain               with --compare: why each change called happened, from the evidence
                          both runs carry (see Compare below)
  --noise <pct>           noise band of the comparison (default 1%; 0.2% with --metric instructions)
  --metric <m>            what the comparison calls changes on: time (default) or instructions
                          (both runs made with --instructions)
  --fail-on-regression <pct>
                          exit 1 when a benchmark is significantly slower than the compared run
                          by more than pct, its whole CI beyond it (for CI)
  --markdown <file>       also write the results as a Markdown table (for pull requests)
  --csv <file>            also write one CSV row per benchmark
  --benchfmt <file>       also write Go benchmark format, one line per sample (benchstat reads it)
  --bmf <file>            also write Bencher Metric Format JSON (latency, throughput, bytes/op)
  --html <file>           also write the HTML report: one self-contained page with plots of
                          every benchmark (and of the --compare comparison, with --explain's causes)
  --no-history            do not keep this run under .ubench/runs/ (kept by default, the newest
                          100, for ubench history)
  --baseline <name|file>  warn when bytes/op or retained memory grew beyond an earlier results
                          file (a name means .ubench/baselines/<name>.json)
  --quiet                 no progress (the status line, or off a terminal the line per finished
                          benchmark), no output from the benchmarks themselves
  --no-color              plain text (also NO_COLOR=1)
  -h, --help              this help
  -v, --version           ubench's version

Compare: <base> and <new> are results files or baseline names. One row per benchmark in both,
with the change of the median and its 95% CI, a Mann–Whitney U p-value (on per-process
estimates when both runs used --forks), and a verdict: faster/slower only when p < 0.05 and
the CI lies beyond the band (--noise, default 1%, wider between single processes); same when the
whole CI lies inside it; can't tell when it crosses the band's edge, with what would decide it.
--metric instructions calls changes on instructions per operation instead (default band 0.2%).
Between single-process runs, the band widens by how much the host's own speed differed (its
speed reference beside the samples), so the machine's change is not called the code's.
--json writes the rows for CI tools. --explain says why each change called happened, from the
evidence both files carry (runs made with --profile, --instructions, --alloc-sites, --disasm):
instructions per op, each function's part of the change, new deopts and allocation sites.
--html writes the comparison as one self-contained page (with --explain, the causes with their
shares of the change as bars and the per-function terms adding up to it); - for stdout.

Host: the file's benchmarks are warmed up in turn, then sampled in randomized interleaved
rounds with the loop floor and a host-speed reference, so a step in the machine's speed lands
on all of them and cancels in relative results (--sequential: one benchmark after another).
A statistical finding the host's movement explains is reported as host-moved, not blamed on
the benchmark. ubench calibration shows this machine's usual host speed (kept in the user's
cache folder, or $UBENCH_CACHE_DIR), which each run is compared with; --reset deletes it.

History: every run is kept under .ubench/runs/; ubench history shows each benchmark (ids
matching the filter) over the runs, with the changes between consecutive runs that pass the
same test as compare.

A/B: ubench ab measures two files declaring the same benchmarks in alternating fresh
processes (ABBA order, --pairs pairs, default 10) and reports B against A from the paired
ratios (Wilcoxon signed-rank, Hodges–Lehmann 95% CI): the way to see a small change on a
noisy machine. Measurement options: --filter, --time, --warmup, --precision, --timeout, --seed,
--runtime, --node-flags. --explain runs both sides once more with the evidence passes, only the
benchmarks whose change was called, and says why; --markdown and --html write the table (and the
explanations) as a document.
ubench ab <rev> measures the bench files at a git revision (A, checked out into a temporary
worktree, removed afterwards, also on Ctrl-C) against the working tree with its uncommitted
changes (B), or against a second revision; benchmarks pair by file path and name. A first
argument that is not an existing path is a revision; the arguments after the revisions are paths
(default: the bench files a run here finds). The checkout uses the working tree's node_modules
when the lockfiles are byte-equal, else installs its own (npm ci, …; the time is said). Bench
files on one side only are listed, not measured.

Probe: ubench probe measures the machine with the experiments in the package's probe/ folder
(cache-line, cache-size, bandwidth, memory-parallelism, branch-prediction, data-dependency;
pick with --only a,b) and prints each curve with its CIs, an ASCII chart and the inferred
values beside what sysfs and getconf report. --quick uses smaller sizes (under a minute);
the full probe takes a few minutes and up to 512 MiB per buffer.

Report: ubench report prints the report of a saved results file, analysed by this version's
rules (every command re-analyses what it reads; --as-recorded shows the file's own analysis);
with --html it writes the HTML report instead (with --compare, its comparison with a base run,
and with --explain why each change called happened, from the evidence both files carry), also
of a probe document (ubench probe --json); - for stdout.

Merge: ubench merge combines results files — shards of one suite, separate runs of it — into
one (--json), pooling the processes of a benchmark measured more than once (like --forks) when
their machines' fingerprints match, keeping each machine's row apart otherwise. A malformed or
incompatible file is a one-line error (exit 2) and nothing is written.

With $GITHUB_STEP_SUMMARY set (GitHub Actions), a run, compare and ab append their Markdown
to the job summary.

Exit codes: 0 all benchmarks ran, 1 a benchmark or file failed (or, with --strict, a
diagnostic warned, or --fail-on-regression found a regression), 2 usage error,
130 interrupted.
`;
