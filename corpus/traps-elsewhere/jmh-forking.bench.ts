// Pitfall (JMH samples, JMHSample_12_Forking): benchmarks run in one VM share the JIT's profile of
// the code they have in common; the first benchmark's types pollute the profile the next one is
// compiled with, and the results depend on the order they ran in (JMH's answer: fork a fresh VM per
// benchmark). ubench gives each benchmark its own instance of the file and the project's modules,
// but a helper installed once on `globalThis` (a polyfill, a registry) is shared by every instance
// of the process. Here the first benchmark feeds the shared helper six classes of shapes, and the
// second, fed one class, is compiled against the megamorphic profile the first one left.
// Expected: 'one class of shape…' `none-yet` (no rule sees a neighbour's type feedback; this
// records the gap); 'six classes…' none (it measures what it means, megamorphic by design).
import { bench } from 'ubench';

interface Sized {
  w: number;
  h: number;
}

type Area = (s: Sized) => number;
const shared = globalThis as unknown as { __ubenchTrapArea?: Area };
// Installed by the first instance of this file only: every later instance reuses the same function.
shared.__ubenchTrapArea ??= (s: Sized) => s.w * s.h;
const area = shared.__ubenchTrapArea;

class Tile { constructor(public w: number, public h: number) {} }
class Card { kind = 1; constructor(public w: number, public h: number) {} }
class Panel { kind = 2; depth = 0; constructor(public w: number, public h: number) {} }
class Icon { constructor(public h: number, public w: number) {} }
class Badge { label = ''; constructor(public w: number, public h: number) {} }
class Frame { border = 1; inset = 0; constructor(public w: number, public h: number) {} }

const mixed: Sized[] = Array.from({ length: 60 }, (_, i) => {
  const w = 1 + (i % 13);
  const h = 1 + (i % 7);
  switch (i % 6) {
    case 0: return new Tile(w, h);
    case 1: return new Card(w, h);
    case 2: return new Panel(w, h);
    case 3: return new Icon(h, w);
    case 4: return new Badge(w, h);
    default: return new Frame(w, h);
  }
});
const tiles: Sized[] = Array.from({ length: 64 }, (_, i) => new Tile(1 + (i % 13), 1 + (i % 7)));
let a = 0;
let b = 0;

bench('six classes of shape through a global helper', () => area(mixed[(a = (a + 1) % 60)]!));

bench('one class of shape through the same global helper', () => area(tiles[(b = (b + 1) & 63)]!));
