// Pitfall (JMH samples, JMHSample_12_Forking and the type-profile discussion there): the JIT
// compiles a call site for the types it has seen; when new types arrive after compilation, it
// throws the code away and the benchmark times deoptimized and recompiled code. Here a one-class
// call site starts receiving four more classes one second after the benchmark's first call — at
// the default settings usually while sampling. Expected: `deoptimized`.
import { bench } from 'ubench';

interface Sized {
  w: number;
  h: number;
}

class Rect { constructor(public w: number, public h: number) {} }
class Square { side = 0; constructor(public w: number, public h: number) {} }
class Slot { id = 0; constructor(public w: number, public h: number) {} }
class Cell { constructor(public h: number, public w: number) {} }
class Pane { title = ''; constructor(public w: number, public h: number) {} }

function area(s: Sized): number {
  return s.w * s.h;
}

const shapes: Sized[] = Array.from({ length: 64 }, (_, i) => new Rect(1 + (i % 9), 1 + (i % 5)));
let firstCall = 0;
let switched = false;
let turn = 0;

function mixIn(): void {
  switched = true;
  for (let i = 0; i < shapes.length; i++) {
    const w = 1 + (i % 9);
    const h = 1 + (i % 5);
    shapes[i] = [new Rect(w, h), new Square(w, h), new Slot(w, h), new Cell(h, w), new Pane(w, h)][i % 5]!;
  }
}

bench('call site that turns megamorphic after a second of calls', () => {
  if (!switched && (turn & 1_023) === 0) {
    const now = performance.now();
    if (firstCall === 0) firstCall = now;
    else if (now - firstCall > 1_000) mixIn();
  }
  return area(shapes[(turn = (turn + 1) & 0xffff) & 63]!);
});
