/**
 * Helpers of the doctor's end-to-end tests: a host calibration whose "usual" speed the test chooses
 * (absurdly fast or slow, so the verdict does not depend on how fast this host happens to be), and
 * the `ubench doctor --json -` document read back.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from '../../src/analysis/doctor/doctor-check.js';
import { machineKey } from '../../src/analysis/run-host-speed.js';
import { machineIdentity } from '../../src/results/environment.js';
import { type CliRun, describeRun } from './e2e-cli.js';

/** Writes a calibration of `runs` runs, all at these figures, for this machine and Node, into `dir`. */
export function writeCalibration(dir: string, latencyNs: number, throughputNs: number, runs = 5): void {
  mkdirSync(dir, { recursive: true });
  const entry = { referenceNs: latencyNs, throughputNs, at: new Date(0).toISOString() };
  const file = { format: 'ubench-host-calibration', version: 1, machines: { [machineKey(machineIdentity())]: { runs: Array.from({ length: runs }, () => entry) } } };
  writeFileSync(path.join(dir, 'host-calibration.json'), JSON.stringify(file));
}

export interface DoctorDocument {
  format: string;
  version: number;
  verdict: 'ok' | 'warn' | 'unfit';
  windowMs: number;
  tookMs: number;
  checks: Finding[];
  tools: { name: string; found: boolean; version: string | null; path: string | null; enables: string; missing: string | null }[];
}

/** The JSON document of a `ubench doctor --json -` run, checked for shape; its exit code agrees with its verdict. */
export function doctorDocument(run: CliRun): DoctorDocument {
  let doc: DoctorDocument;
  try {
    doc = JSON.parse(run.stdout) as DoctorDocument;
  } catch {
    assert.fail(`stdout is not the JSON document\n${describeRun(run)}`);
  }
  assert.equal(doc.format, 'ubench-doctor');
  assert.equal(doc.version, 1);
  assert.equal(run.code, doc.verdict === 'unfit' ? 1 : 0, `exit code follows the verdict\n${describeRun(run)}`);
  for (const c of doc.checks) {
    assert.ok(['ok', 'warn', 'unfit', 'unknown'].includes(c.verdict), `${c.id}: ${c.verdict}`);
    assert.ok(c.evidence.length > 10, `${c.id} has evidence`);
    if (c.verdict === 'warn' || c.verdict === 'unfit') assert.ok((c.advice ?? '').length > 10, `${c.id} says what to do`);
  }
  assert.equal(
    doc.verdict === 'unfit',
    doc.checks.some((c) => c.verdict === 'unfit'),
    'unfit overall exactly when a check is',
  );
  assert.match(run.stderr, new RegExp(`verdict: ${doc.verdict}`), 'the text report goes to stderr');
  return doc;
}

export function check(doc: DoctorDocument, id: string): Finding {
  const found = doc.checks.find((c) => c.id === id);
  assert.ok(found, `doctor reports ${id}`);
  return found;
}
