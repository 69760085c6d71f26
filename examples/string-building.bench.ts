// Building a string of `parts` pieces: += concatenation, Array#join, and a template per piece.
import { bench, group } from 'ubench';

const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];

group('build a string', () => {
  bench('+= concatenation', {
    setup: ({ parts }) => ({ parts: Number(parts), offset: Math.floor(Math.random() * words.length) }),
    run: ({ parts, offset }) => {
      let out = '';
      for (let i = 0; i < parts; i++) out += words[(i + offset) % words.length];
      return out.length;
    },
  }, { args: { parts: [10, 100] } });

  bench('Array#join', {
    setup: ({ parts }) => ({ parts: Number(parts), offset: Math.floor(Math.random() * words.length) }),
    run: ({ parts, offset }) => {
      const pieces: string[] = [];
      for (let i = 0; i < parts; i++) pieces.push(words[(i + offset) % words.length]!);
      return pieces.join('').length;
    },
  }, { args: { parts: [10, 100] } });
});
