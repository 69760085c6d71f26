// Hashing inputs of 64 to 65,536 units (x2), O(n) each: FNV-1a over a string's characters and a
// CRC-32 over bytes (a 1 KiB table beside the data).
import { bench, group } from 'ubench';

const SIZES = '64..65536:x2';

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, i) => {
  let c = i;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

group('hashing', () => {
  bench(
    'FNV-1a of a string',
    {
      setup: (args) => Array.from({ length: args.n as number }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(''),
      run: (text) => {
        let h = 0x811c9dc5;
        for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
        return h >>> 0;
      },
    },
    { args: { n: SIZES }, bytesPerItem: 1 },
  );

  bench(
    'CRC-32 of bytes',
    {
      setup: (args) => Uint8Array.from({ length: args.n as number }, () => Math.floor(Math.random() * 256)),
      run: (bytes) => {
        let c = -1;
        for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
        return ~c;
      },
    },
    { args: { n: SIZES }, bytesPerItem: 1 },
  );
});
