/**
 * A run's machine fingerprint (`environment.fingerprint`): CPU model, cores, memory, OS, runtime and
 * V8, and the machine's usual host-speed figure where its calibration had one. Runs whose fingerprints
 * match measured on machines alike; `ubench merge` pools a benchmark's processes only across those.
 */
import { createHash } from 'node:crypto';
import type { Environment, MachineFingerprint, RunHost } from '../results/types.js';

/**
 * Usual host-speed figures further apart than this mean different machines even under one model
 * name: the reference moves by a few percent within a run and between runs on one machine (README,
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
