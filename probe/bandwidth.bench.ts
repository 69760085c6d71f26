// Memory bandwidth: sequential read touching one byte per 64 bytes (one per cache line).
//
// One operation = one pass over a BYTES-byte buffer reading every 64th byte (BYTES / 64 loads).
// Convert: GB/s = BYTES / (ns/op). The buffer should be much larger than the last-level cache so
// the pass streams from DRAM.
//
// Full mode: 512 MiB (the probe's cap; note on machines whose L3 is hundreds of MiB this is not
// ≫ LLC). Quick mode (UBENCH_PROBE_QUICK=1): 128 MiB.
import { bench } from 'ubench';
import { MIB, needMemory, QUICK } from './probe-env.js';

export const BYTES = QUICK ? 128 * MIB : 512 * MIB;
/** One load per 64 bytes: enough to pull in every line on machines with lines ≥ 64 bytes. */
const STEP = 64;

let buffer: Uint8Array | null = null;

function getBuffer(): Uint8Array {
  if (buffer === null) {
    needMemory(BYTES, 'the bandwidth pass');
    buffer = new Uint8Array(BYTES).fill(1); // fill: fault every page in before timing
  }
  return buffer;
}

bench(
  'sequential read, 1 byte per 64',
  {
    setup: getBuffer,
    run: (buf) => {
      let sum = 0;
      for (let i = 0; i < buf.length; i += STEP) sum += buf[i]!;
      return sum;
    },
  },
  { args: { mib: [BYTES / MIB] } },
);
