// Trap: a token whose signature check is cached with a time-to-live that is checked but never
// refreshed: for 1.2 s after the first call every call only reads the cached verdict and checks the
// scopes; after that every call verifies the signature again (a hash over the whole token). The time
// per call steps up once, mid-run, and stays there. Run with `--warmup 300ms --time 2s --precision 0.01%`.
// Expected: `levels`.
import { bench } from 'ubench';

const TTL_MS = 1_200;
const token = 'eyJhbGciOiJIUzI1NiJ9.e30';
const scopes = ['read', 'write', 'admin', 'billing', 'audit', 'export', 'import', 'support'];

let verifiedAt = -1;
let verdict = 0;
let calls = 0;
let expired = false;

function signature(raw: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < raw.length; i++) h = Math.imul(h ^ raw.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function allowed(wanted: string): boolean {
  for (let i = 0; i < scopes.length; i++) if (scopes[i] === wanted) return true;
  return false;
}

bench('signature check cached with a TTL that is never refreshed', () => {
  if ((calls++ & 127) === 0) {
    const now = performance.now();
    if (verifiedAt < 0) {
      verifiedAt = now;
      verdict = signature(token);
    }
    expired = now - verifiedAt > TTL_MS;
  }
  const sig = expired ? signature(token) : verdict;
  return allowed(calls & 1 ? 'audit' : 'support') ? sig : 0;
});
