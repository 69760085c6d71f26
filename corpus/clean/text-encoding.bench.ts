// UTF-8 encoding and decoding of chat messages (ASCII, accented Latin, CJK and emoji, 20–200 chars):
// TextEncoder#encode, #encodeInto a reused buffer and Buffer.from; TextDecoder#decode and Buffer#toString.
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

const PIECES = ['hello', 'see you at 5', 'ça va ?', 'très bien', 'Grüße', '東京に着いた', 'ありがとう', '👍', '🎉🎉', 'ok', 'on my way', 'señor', 'München'];

function makeMessages(seed: number): string[] {
  const rand = xorshift32(seed);
  return Array.from({ length: 64 }, () => {
    const target = 20 + Math.floor(rand() * 180);
    let text = '';
    while (text.length < target) text += (text.length > 0 ? ' ' : '') + PIECES[Math.floor(rand() * PIECES.length)];
    return text;
  });
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
let next = 0;

group('encode a message as UTF-8', () => {
  bench('TextEncoder#encode', {
    setup: () => makeMessages(61),
    run: (messages) => encoder.encode(messages[(next = (next + 1) & 63)]).length,
  }, { baseline: true });

  bench('TextEncoder#encodeInto (reused buffer)', {
    setup: () => ({ messages: makeMessages(61), buffer: new Uint8Array(1_024) }),
    run: ({ messages, buffer }) => encoder.encodeInto(messages[(next = (next + 1) & 63)]!, buffer).written,
  });

  bench('Buffer.from(s, "utf8")', {
    setup: () => makeMessages(61),
    run: (messages) => Buffer.from(messages[(next = (next + 1) & 63)]!, 'utf8').length,
  });
});

group('decode a message from UTF-8', () => {
  bench('TextDecoder#decode', {
    setup: () => makeMessages(62).map((m) => encoder.encode(m)),
    run: (encoded) => decoder.decode(encoded[(next = (next + 1) & 63)]),
  }, { baseline: true });

  bench('Buffer#toString("utf8")', {
    setup: () => makeMessages(62).map((m) => Buffer.from(m, 'utf8')),
    run: (encoded) => encoded[(next = (next + 1) & 63)]!.toString('utf8'),
  });
});
