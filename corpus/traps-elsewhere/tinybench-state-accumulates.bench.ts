// Pitfall (vitest issue #7599, on tinybench's beforeEach: "functions with side effects should be
// called with a fresh state every time, otherwise the state accumulates, skewing the results";
// tinybench issue #32 "Per-iteration setup?"): the body changes the state it was given, so only its
// first call does the work meant. Here each call sweeps expired sessions out of the Map setup
// made: the first call deletes 900 of 1,000, the later ones find none to delete.
// Expected: `state-changed`.
import { bench } from 'ubench';

const NOW = 1_700_000_000_000;

function sessions(): Map<string, number> {
  const map = new Map<string, number>();
  for (let i = 0; i < 1_000; i++) map.set(`s${i}`, i % 10 === 0 ? NOW + 60_000 : NOW - 1_000 - i);
  return map;
}

bench('sweep expired sessions from the setup map', {
  setup: sessions,
  run: (map) => {
    for (const [id, expiresAt] of map) if (expiresAt < NOW) map.delete(id);
    return map.size;
  },
});
