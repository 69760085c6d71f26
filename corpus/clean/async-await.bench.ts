// Promises and async functions on already-available values (a warm in-memory cache behind an async
// API): four lookups awaited one by one, with Promise.all, or with .then; and a validator sync vs async.
import { bench, group } from 'ubench';

function xorshift32(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

interface User {
  id: number;
  name: string;
  score: number;
  active: boolean;
}

const rand = xorshift32(99);
const USERS: User[] = Array.from({ length: 64 }, (_, i) => ({
  id: i,
  name: i % 16 === 5 ? `User ${i}` : `user-${(i * 2_654_435_761 >>> 0).toString(36)}`, // some invalid
  score: Math.floor(rand() * 1_000),
  active: rand() < 0.8,
}));

/** The async API a service would expose over its cache. */
async function getUser(id: number): Promise<User> {
  return USERS[id & 63]!;
}

let next = 0;

group('four cached lookups', () => {
  bench('sequential await', async () => {
    const id = (next = (next + 4) & 63);
    const a = await getUser(id);
    const b = await getUser(id + 1);
    const c = await getUser(id + 2);
    const d = await getUser(id + 3);
    return a.score + b.score + c.score + d.score;
  }, { baseline: true });

  bench('await Promise.all', async () => {
    const id = (next = (next + 4) & 63);
    const [a, b, c, d] = await Promise.all([getUser(id), getUser(id + 1), getUser(id + 2), getUser(id + 3)]);
    return a.score + b.score + c.score + d.score;
  });

  bench('Promise.all(...).then', () => {
    const id = (next = (next + 4) & 63);
    return Promise.all([getUser(id), getUser(id + 1), getUser(id + 2), getUser(id + 3)])
      .then((users) => users.reduce((sum, u) => sum + u.score, 0));
  });
});

const NAME = /^[a-z][a-z0-9_-]{2,31}$/;

function validate(user: User): string | null {
  if (!NAME.test(user.name)) return 'invalid name';
  if (user.score < 0 || user.score > 1_000) return 'score out of range';
  if (!user.active && user.score > 900) return 'inactive users cannot rank';
  return null;
}

async function validateAsync(user: User): Promise<string | null> {
  return validate(user);
}

group('validate a user', () => {
  bench('sync function', () => validate(USERS[(next = (next + 1) & 63)]!), { baseline: true });
  bench('async function (awaited)', () => validateAsync(USERS[(next = (next + 1) & 63)]!));
});
