// Trap: the input is generated with Math.random() in setup, so every sample gets a paragraph of a
// different length (50 to 200 words): the per-sample times spread over a 1×–4× range.
// Expected: `noisy`.
import { bench } from 'ubench';

const WORDS = ['the', 'quick', 'benchmark', 'measures', 'nothing', 'but', 'its', 'own', 'input', 'today', 'again', 'slowly'];

function paragraph(): string {
  const count = 50 + Math.floor(Math.random() * 151);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(WORDS[Math.floor(Math.random() * WORDS.length)]! + (i % 9 === 8 ? '.' : ''));
  return words.join(' ');
}

function wordStats(text: string): number {
  let words = 0;
  let sentences = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) inWord = false;
    else if (!inWord) {
      inWord = true;
      words++;
    }
    if (c === 46) sentences++;
  }
  return words * 1_000 + sentences;
}

bench('paragraph length picked with Math.random()', {
  setup: paragraph,
  run: (text) => wordStats(text),
});
