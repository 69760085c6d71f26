// Trap: a body that stores a fresh session object per call in a module-level Map keyed by a slot
// (id mod 65 536). Each session survives 65 536 calls before it is replaced, so every scavenge copies
// a large set of live objects and many reach the old generation: garbage collection takes a large
// share of the time. Expected: `gc-heavy`.
import { bench } from 'ubench';

interface Session {
  id: number;
  user: string;
  roles: string[];
  expiresAt: number;
}

const SLOTS = 65_536;
const sessions = new Map<number, Session>();
let next = 0;

bench('session map keeps recent objects alive', () => {
  const id = next++;
  const session: Session = {
    id,
    user: `user-${id & 4_095}`,
    roles: ['reader', id & 1 ? 'writer' : 'guest'],
    expiresAt: 1_700_000_000_000 + id * 1_000,
  };
  sessions.set(id & (SLOTS - 1), session);
  return sessions.size;
});
