/**
 * A run's machine fingerprint (`environment.fingerprint`): CPU model, cores, memory, OS, runtime and
 * V8, and the machine's usual host-speed figure where its calibration had one. Runs whose fingerprints
 * match measured on machines alike; `ubench merge` pools a benchmark's processes only across those.
 */
import { createHash } from 'node:crypto';
import type { Environment, MachineFingerprint, RunHost } from '../results/types.js';

/**
 * Usual host-speed figures further apart than this mean different machines even under one model
 * name: the reference moves by a few percent within a run and between runs on one machine (docs/measuring.md,
 * host figures), so 10% is beyond one machine's own movement.
 */
export const FINGERPRINT_HOST_TOLERANCE = 0.1;

/** Hex digits of the fingerprint id: 12 (48 bits) make a collision between two real machines negligible. */
const FINGERPRINT_ID_LENGTH = 12;

export function fingerprintOf(environment: Environment, host: RunHost | null): MachineFingerprint {
  const parts = {
    cpuModel: environment.cpu.model,
    cores: environment.cpu.cores,
    memoryBytes: environment.totalMemoryBytes,
    os: `${environment.os.platform} ${environment.os.release} ${environment.os.arch}`,
    runtime: `${environment.runtime} ${environment.runtimeVersion.replace(/^v/, '')}`,
    v8Version: environment.v8Version,
  };
  const id = createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, FINGERPRINT_ID_LENGTH);
  return { id, ...parts, hostUsualNs: host?.usualNs ?? null };
}

/** The file's recorded fingerprint, or the one its environment implies (older files). */
export function fingerprintOfFile(file: { environment: Environment; host: RunHost | null }): MachineFingerprint {
  return file.environment.fingerprint ?? fingerprintOf(file.environment, file.host);
}

/** Same machine and software, and usual host speeds (where both have one) within the tolerance. */
export function sameMachine(a: MachineFingerprint, b: MachineFingerprint): boolean {
  if (a.id !== b.id) return false;
  if (a.hostUsualNs === null || b.hostUsualNs === null) return true;
  return Math.abs(a.hostUsualNs / b.hostUsualNs - 1) <= FINGERPRINT_HOST_TOLERANCE;
}

/** What differs between two fingerprints, in words (`CPU A → B`, `node 20.20.2 → 22.11.0`); empty when the machines match. */
export function fingerprintDifferences(a: MachineFingerprint, b: MachineFingerprint): string[] {
  const differences: string[] = [];
  const compare = (what: string, x: string | number, y: string | number): void => {
    if (x !== y) differences.push(`${what} ${x} → ${y}`);
  };
  compare('CPU', a.cpuModel, b.cpuModel);
  compare('cores', a.cores, b.cores);
  compare('memory (bytes)', a.memoryBytes, b.memoryBytes);
  compare('OS', a.os, b.os);
  compare('runtime', a.runtime, b.runtime);
  compare('V8', a.v8Version, b.v8Version);
  if (differences.length === 0 && !sameMachine(a, b)) {
    differences.push(`the machine's usual host speed ${a.hostUsualNs!.toFixed(0)} → ${b.hostUsualNs!.toFixed(0)} ns per 1,000 steps`);
  }
  return differences;
}
