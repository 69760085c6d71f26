/**
 * A benchmark process's process group: every child starts as the leader of a group of its own
 * (`detached`), so whatever it starts (a shell, `sleep`, a server) is in the same group unless it
 * leaves on purpose (setsid), and the group is ended with one signal.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Sends SIGKILL to every process of the group; false when the group had no process left. */
export function killGroup(pgid: number): boolean {
  try {
    process.kill(-pgid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

/**
 * How many processes are in the group now: read from /proc (field 5 of /proc/<pid>/stat is the
 * group); where there is no /proc, 1 when the group answers a signal 0, else 0.
 */
export function groupSize(pgid: number): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    try {
      process.kill(-pgid, 0);
      return 1;
    } catch {
      return 0;
    }
  }
  let count = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while being read
    }
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // after[0] is the state (field 3), after[2] the process group (field 5); a zombie holds nothing.
    if (Number(after[2]) === pgid && after[0] !== 'Z') count++;
  }
  return count;
}
