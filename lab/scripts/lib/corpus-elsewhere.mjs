// The --elsewhere mode of corpus-figures.mjs: the traps of corpus/traps-elsewhere/, written
// from descriptions of pitfalls in other harnesses' docs and issues, each file run at ubench's
// default settings (nobody tuned for these cases). Per half of the manifest (fixed by the hash of
// the benchmark id when the corpus was written): traps caught in every run, in some, missed; false
// warnings on the clean controls; and what the gaps (pitfalls no rule covers) got. Reported, never
// asserted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const FOLDER = 'corpus/traps-elsewhere';

/**
 * @param {object} io
 * @param {string} io.root the repository
 * @param {number} io.runs how many times every file runs
 * @param {(args: string[]) => any} io.ubench runs ubench, returns the results file
 * @param {(id: string) => string} io.half the tuning or held-out half of an id
 * @param {(d: any) => boolean} io.isAlarm a warning or error
 * @param {Set<string>} io.infoOnly codes whose findings are always information (a trap is caught by the finding)
 * @param {Set<string>} io.hostCodes findings about the machine, not the benchmark
 * @param {(line?: string) => void} io.say one line of the report
 */
export function elsewhereRates({ root, runs, ubench, half, isAlarm, infoOnly, hostCodes, say }) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'corpus/traps-elsewhere.json'), 'utf8'));
  const idOf = (t) => `${FOLDER}/${t.file}.bench.ts#${t.name}`;
  const files = readdirSync(path.join(root, FOLDER))
    .filter((f) => f.endsWith('.bench.ts'))
    .sort();
  const listed = new Set(manifest.traps.map((t) => `${t.file}.bench.ts`));
  const unlisted = files.filter((f) => !listed.has(f));
  // What each benchmark got in each run: its codes (info marked), whether the expected code came, its warnings.
  const seen = new Map(manifest.traps.map((t) => [idOf(t), []]));
  const strays = [];
  for (let r = 0; r < runs; r++) {
    for (const file of files) {
      process.stderr.write(`elsewhere ${file}, run ${r + 1}/${runs}…\n`);
      let results;
      try {
        results = ubench([`${FOLDER}/${file}`]);
      } catch (error) {
        // A file whose run fails (a crash, a timeout) leaves its benchmarks missing in this run; the rest go on.
        strays.push(`${file} run ${r + 1} failed: ${String(error.message).split('\n')[0]}`);
        continue;
      }
      for (const b of results.benchmarks) {
        const entry = seen.get(b.id);
        if (entry === undefined) {
          strays.push(`${b.id} (run ${r + 1})`);
          continue;
        }
        const diagnostics = b.status === 'ok' ? b.diagnostics : [];
        entry.push({
          status: b.status,
          codes: b.status !== 'ok' ? [b.status] : diagnostics.map((d) => (isAlarm(d) ? d.code : `${d.code} (info)`)),
          hitOf: (code) => diagnostics.some((d) => d.code === code && (isAlarm(d) || infoOnly.has(d.code))),
          warnings: diagnostics.filter((d) => isAlarm(d) && !hostCodes.has(d.code)).map((d) => d.code),
          host: diagnostics.filter((d) => isAlarm(d) && hostCodes.has(d.code)).map((d) => d.code),
        });
      }
    }
  }
  for (const t of manifest.traps) {
    const found = seen.get(idOf(t));
    while (found.length < runs) found.push({ status: 'missing', codes: ['missing'], hitOf: () => false, warnings: [], host: [] });
  }

  const kind = (t) => (t.expected === 'none' ? 'control' : t.expected === 'none-yet' ? 'gap' : 'trap');
  const hits = (t) => seen.get(idOf(t)).filter((x) => x.hitOf(t.expected)).length;
  const pct = (x) => `${(100 * x).toFixed(1)}%`;
  const count = (k) => manifest.traps.filter((t) => kind(t) === k).length;
  say();
  say(`## Traps written from other harnesses' descriptions: ${manifest.traps.length} benchmarks in ${files.length} files, ${runs} run${runs === 1 ? '' : 's'} at default settings`);
  say();
  say(
    `${count('trap')} traps with a code ubench should report, ${count('control')} clean controls that should get no warning, ${count('gap')} gaps (pitfalls no rule covers, \`none-yet\`). Caught: the expected code, as a warning (for \`outliers\` and \`gc-heavy\`, which only inform, the finding itself). A control's false warning: any warning about the benchmark; warnings about the machine (${[...hostCodes].join(', ')}) are counted apart.`,
  );
  say();
  say(
    '| half | traps | caught in every run | caught in some runs | missed | catch rate over trap-runs | controls | controls warned | false warnings per 100 control-runs | host warnings on controls | gaps | failed benchmark-runs |',
  );
  say('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const which of ['tune', 'held-out']) {
    const mine = manifest.traps.filter((t) => half(idOf(t)) === which);
    const traps = mine.filter((t) => kind(t) === 'trap');
    const every = traps.filter((t) => hits(t) === runs).length;
    const some = traps.filter((t) => hits(t) > 0 && hits(t) < runs).length;
    const trapRuns = traps.length * runs;
    const controls = mine.filter((t) => kind(t) === 'control');
    const controlRuns = controls.flatMap((t) => seen.get(idOf(t)));
    const falseWarnings = controlRuns.reduce((s, x) => s + x.warnings.length, 0);
    const warned = controls.filter((t) => seen.get(idOf(t)).some((x) => x.warnings.length > 0)).length;
    say(
      `| ${which} | ${traps.length} | ${every} of ${traps.length} | ${some} | ${traps.length - every - some} | ${pct(traps.reduce((s, t) => s + hits(t), 0) / Math.max(trapRuns, 1))} | ${controls.length} | ${warned} of ${controls.length} | ${((100 * falseWarnings) / Math.max(controlRuns.length, 1)).toFixed(1)} | ${controlRuns.reduce((s, x) => s + x.host.length, 0)} | ${mine.filter((t) => kind(t) === 'gap').length} | ${mine.flatMap((t) => seen.get(idOf(t))).filter((x) => x.status !== 'ok').length} |`,
    );
  }
  say();
  say('| benchmark | half | expected | result | codes reported per run | source |');
  say('|---|---|---|---|---|---|');
  for (const t of manifest.traps) {
    const found = seen.get(idOf(t));
    const failed = found.filter((x) => x.status !== 'ok').length;
    const verdict =
      kind(t) === 'trap'
        ? `${hits(t) === runs ? 'caught' : hits(t) > 0 ? 'some runs' : 'missed'} ${hits(t)}/${runs}`
        : kind(t) === 'control'
          ? found.some((x) => x.warnings.length > 0)
            ? `false warning ${found.filter((x) => x.warnings.length > 0).length}/${runs}`
            : 'clean'
          : 'gap';
    const result = failed > 0 ? `${verdict}; failed ${failed}/${runs}` : verdict;
    const codes = found.map((x) => x.codes.join(', ') || '—').join(' · ');
    say(`| ${t.file}: ${t.name} | ${half(idOf(t))} | ${t.expected} | ${result} | ${codes} | ${t.source.replace(/\|/g, '/')} |`);
  }
  const gaps = manifest.traps.filter((t) => kind(t) === 'gap');
  if (gaps.length > 0) {
    say();
    say('Gaps (no rule covers the pitfall yet):');
    for (const t of gaps) say(`- ${t.file}: ${t.name} — ${t.note ?? ''}`);
  }
  if (unlisted.length > 0 || strays.length > 0) {
    say();
    say(`Not in the manifest, or failed: ${[...unlisted, ...strays].join('; ')}`);
  }
}
