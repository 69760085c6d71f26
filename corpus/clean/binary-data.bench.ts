// Binary data in typed arrays: checksums of a 1 KiB window (Adler-32, table-driven CRC-32) and
// reading 64 little-endian uint32 fields (DataView against byte shifts); the window moves each call.
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

const SIZE = 64 * 1024;
const WINDOW = 1024;
const FIELDS = 64;

function makeBytes(seed: number): Uint8Array {
  const rand = xorshift32(seed);
  const bytes = new Uint8Array(SIZE);
  for (let i = 0; i < SIZE; i++) bytes[i] = (rand() * 256) | 0;
  return bytes;
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let crc = -1;
  for (let i = start; i < end; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

function adler32(bytes: Uint8Array, start: number, end: number): number {
  let a = 1;
  let b = 0;
  for (let i = start; i < end; i++) {
    a = (a + bytes[i]!) % 65_521;
    b = (b + a) % 65_521;
  }
  return ((b << 16) | a) >>> 0;
}

let offset = 0;
const nextWindow = (): number => (offset = (offset + 4_100) % (SIZE - WINDOW)) & ~3;

group('checksum a 1 KiB window', () => {
  bench('Adler-32', {
    setup: () => makeBytes(77),
    run: (bytes) => {
      const start = nextWindow();
      return adler32(bytes, start, start + WINDOW);
    },
  }, { baseline: true });

  bench('CRC-32 (table)', {
    setup: () => makeBytes(77),
    run: (bytes) => {
      const start = nextWindow();
      return crc32(bytes, start, start + WINDOW);
    },
  });
});

group('read 64 little-endian uint32 fields', () => {
  bench('DataView#getUint32', {
    setup: () => {
      const bytes = makeBytes(78);
      return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    run: (view) => {
      const start = nextWindow();
      let sum = 0;
      for (let i = 0; i < FIELDS; i++) sum = (sum + view.getUint32(start + i * 4, true)) | 0;
      return sum;
    },
  }, { baseline: true });

  bench('byte shifts', {
    setup: () => makeBytes(78),
    run: (bytes) => {
      const start = nextWindow();
      let sum = 0;
      for (let i = 0; i < FIELDS; i++) {
        const p = start + i * 4;
        sum = (sum + (bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16) | (bytes[p + 3]! << 24))) | 0;
      }
      return sum;
    },
  });
});
