// Pitfall (BenchmarkDotNet, MultimodalDistributionAnalyzer: a distribution with several modes, where
// the mean describes none of them; https://benchmarkdotnet.org/api/BenchmarkDotNet.Analysers.html):
// an input chosen at random from two very different kinds splits the measurements in two. Here
// setup picks, with a coin flip per sample, either an ASCII text or a text of CJK characters, and
// the body encodes it to UTF-8 (three bytes a character, off the one-byte fast path).
// Expected: `multimodal`.
import { bench } from 'ubench';

const ASCII = 'the quick brown fox jumps over the lazy dog, again and again. '.repeat(8);
const CJK = '速い茶色の狐が怠け者の犬を飛び越える、何度も何度も。'.repeat(8);
const encoder = new TextEncoder();
const out = new Uint8Array(4_096);

bench('UTF-8 encode of ASCII or CJK text, picked by a coin flip', {
  setup: () => (Math.random() < 0.5 ? ASCII : CJK),
  run: (text) => encoder.encodeInto(text, out).written,
});
