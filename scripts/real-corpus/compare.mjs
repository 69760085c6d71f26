// Pure functions of the real-file corpus run (scripts/real-corpus.mjs): the names a file's own
// harness ran, the names ubench measured, and the row that compares them. A name is
// `group/name`, built the way docs/integrations.md says each API maps onto ubench's groups and
// names, so that the same benchmark has the same key on both sides.

/** Longest reason shown in a row; the full message is in the JSON report. */
const REASON_CHARS = 140;

/** ubench's name of a benchmark with parameters (src/define/params.ts): `base(k=v, k2=v2)`. */
function withArgs(base, args) {
  const entries = Object.entries(args ?? {});
  return entries.length === 0 ? base : `${base}(${entries.map(([k, v]) => `${k}=${String(v)}`).join(', ')})`;
}

const key = (group, name) => (group ? `${group}/${name}` : name);

/**
 * The benchmarks a harness's own run recorded (JSON lines written by the preloads in this folder),
 * as `{ key, error }`; `error` is null for a benchmark that completed.
 * @param {string} text the record file's content
 */
export function ownFromRecord(text) {
  const out = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const entry = JSON.parse(line);
    for (const b of entry.benchmarks) {
      const name = entry.harness === 'mitata' ? withArgs(b.alias, b.args) : b.name;
      out.push({ key: key(b.group, name), error: b.error });
    }
  }
  return out;
}

/**
 * The benchmarks of vitest's `--outputJson` report, as `{ key, error: null }` (vitest reports only
 * benchmarks that ran). A group's `fullName` is `file > describe > …`; ubench joins the describe
 * names with `/`.
 */
export function ownFromVitest(report) {
  const out = [];
  for (const file of report.files ?? []) {
    for (const group of file.groups ?? []) {
      const path = group.fullName.split(' > ').slice(1).join('/');
      for (const b of group.benchmarks ?? []) out.push({ key: key(path, b.name), error: null });
    }
  }
  return out;
}

/** ubench's results file as `{ key, status, reason }`, and the file's load error if any. */
export function fromUbench(results) {
  const fileError = results.fileErrors?.[0]?.error?.message ?? null;
  const benchmarks = (results.benchmarks ?? []).map((b) => ({ key: key(b.group, b.name), status: b.status, reason: b.error?.message ?? null }));
  return { fileError, benchmarks };
}

const short = (text) => {
  const line = String(text ?? '').split('\n')[0];
  return line.length > REASON_CHARS ? `${line.slice(0, REASON_CHARS - 1)}…` : line;
};

/**
 * One file's row: of the benchmarks its own harness completed, which ubench measured under the same
 * key, which it declared but refused or failed (with its reason), which it never reported (missing:
 * silently dropped or renamed); and what ubench reported that the own run did not (extra).
 * @param {{ key: string, error: string | null }[]} own
 * @param {{ fileError: string | null, benchmarks: { key: string, status: string, reason: string | null }[] } | null} ubench null: ubench's run gave no results file
 * @param {string | null} ubenchRunError why ubench's run gave no results (exit, timeout)
 */
export function compareFile(own, ubench, ubenchRunError = null) {
  const completed = own.filter((b) => b.error === null);
  const ownFailed = own.filter((b) => b.error !== null).map((b) => ({ key: b.key, reason: short(b.error) }));
  const row = { own: completed.length, ownFailed, measured: [], refused: [], missing: [], extra: [], fileError: null };
  if (ubench === null) {
    row.fileError = short(ubenchRunError ?? 'no results file');
    row.refused = completed.map((b) => ({ key: b.key, reason: `file: ${row.fileError}` }));
    return row;
  }
  row.fileError = ubench.fileError === null ? null : short(ubench.fileError);
  // Multisets: a key may occur more than once (two benchmarks of the same name in one group).
  const pool = new Map();
  for (const b of ubench.benchmarks) pool.set(b.key, [...(pool.get(b.key) ?? []), b]);
  for (const b of completed) {
    const match = pool.get(b.key)?.shift();
    if (match === undefined) {
      if (row.fileError !== null) row.refused.push({ key: b.key, reason: `file: ${row.fileError}` });
      else row.missing.push(b.key);
    } else if (match.status === 'ok') row.measured.push(b.key);
    else row.refused.push({ key: b.key, reason: short(match.reason ?? match.status) });
  }
  const ownFailedKeys = new Set(ownFailed.map((b) => b.key));
  for (const rest of pool.values()) for (const b of rest) if (!ownFailedKeys.has(b.key)) row.extra.push({ key: b.key, status: b.status });
  return row;
}

/** True when nothing was silently dropped: every completed benchmark is measured or has a reason. */
export const nothingDropped = (row) => row.missing.length === 0 && row.refused.every((r) => r.reason.length > 0);
