/** `--wait-for-quiet <duration>`, of every command that measures: wait for the host to be quiet first, up to the duration. */
import { parseDuration } from './duration.js';
import type { FlagSpec } from './flag-spec.js';

export const WAIT_FOR_QUIET_FLAG = {
  type: 'string',
  value: '<duration>',
  help: ['before measuring, wait until the host is back at its usual speed and', 'other programs leave its CPUs free (ubench doctor), at most this long'],
} as const satisfies FlagSpec;

/** The longest wait in ns, or null without the flag. */
export function waitForQuietNs(value: string | undefined): number | null {
  return value === undefined ? null : parseDuration(value, '--wait-for-quiet');
}
