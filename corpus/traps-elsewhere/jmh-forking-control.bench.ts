// Control for jmh-forking (JMH samples, JMHSample_12_Forking: profile pollution between benchmarks
// of one VM). The same two benchmarks, but the helper is a plain module-level function: ubench
// imports the file once per benchmark, so each benchmark's helper has a profile of its own, as a
// forked JVM would. Expected: none for both.
import { bench } from 'ubench';

interface Sized {
  w: number;
  h: number;
}

function area(s: Sized): number {
  return s.w * s.h;
}

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

bench('six classes of shape through a module helper', () => area(mixed[(a = (a + 1) % 60)]!));

bench('one class of shape through a module helper', () => area(tiles[(b = (b + 1) & 63)]!));
