// Cache line size: strided copy (Lemire, "Measuring your system's performance using software").
//
// One operation = one pass over a SPAN-byte (`mib` parameter) source buffer copying one byte every `stride` bytes to a
// second SPAN-byte buffer (SPAN / stride byte copies). Convert: GB/s of span = SPAN / (ns/op).
// Below the cache-line size every line is still fetched, so the time per pass barely drops as the
// stride grows; above it each doubling skips half the lines and the span bandwidth roughly doubles.
// src/probe/infer-line-size.ts turns the curve into a line size.
//
// Full mode: SPAN = 256 MiB (two buffers: 512 MiB), strides 16…4096 bytes (powers of two).
// Quick mode (UBENCH_PROBE_QUICK=1): SPAN = 64 MiB, strides 16…1024.
import { bench } from 'ubench';
import { MIB, needMemory, processWide, QUICK, sattoloCycle } from './probe-env.js';

export const SPAN_BYTES = QUICK ? 64 * MIB : 256 * MIB;
const STRIDES = QUICK ? [16, 32, 64, 128, 256, 512, 1024] : [16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

/** One pair of buffers for every stride, in the whole process (what dst holds never matters). */
function getBuffers(): { src: Uint8Array; dst: Uint8Array } {
  return processWide('strided copy', () => {
    needMemory(2 * SPAN_BYTES, 'the strided copy (two buffers)');
    const src = new Uint8Array(SPAN_BYTES).fill(1); // fill: fault every page in before timing
    const dst = new Uint8Array(SPAN_BYTES).fill(0);
    return { src, dst };
  });
}

function stridedCopy(src: Uint8Array, dst: Uint8Array, stride: number): number {
  const n = src.length;
  for (let i = 0; i < n; i += stride) dst[i] = src[i]!;
  return dst[n - stride]!;
}

bench(
  'strided copy',
  {
    setup: (args) => ({ ...getBuffers(), stride: args['stride'] as number }),
    run: (s) => stridedCopy(s.src, s.dst, s.stride),
  },
  { args: { stride: STRIDES, mib: [SPAN_BYTES / MIB] } },
);

// ---------------------------------------------------------------------------------------------
// Line pair chase: a cross-check that hardware prefetchers cannot blur as much as the strided copy.
//
// The buffer is cut into 4 KiB slots visited in one random cycle (Sattolo). In each slot the chase
// loads the word at the slot start, which points to the word `offset` bytes further, which points to
// the next slot's start. One operation = one slot = two dependent loads. While `offset` is below the
// line size the second load hits the line the first one brought in; from the line size on it is a
// second miss, so ns/op jumps. src/probe/infer-line-size.ts `inferLineSizeFromPairChase` finds the jump.
// 64 MiB (16 384 slots) in both modes: beyond L2, and the first miss is cheaper than with a bigger
// buffer (fewer TLB misses), so the second miss stands out more (×1.47 here against ×1.22 at 256 MiB).
// Offsets 8…2048 bytes in full mode, 8…256 in quick mode.
const SLOT_BYTES = 4096;
export const PAIR_BYTES = 64 * MIB;
const OFFSETS = QUICK ? [8, 16, 32, 64, 128, 256] : [8, 16, 32, 64, 128, 256, 512, 1024, 2048];

let pairs: { buf: Int32Array; cycle: Uint32Array; offset: number; pos: number } | null = null;
function pairChain(offset: number): { buf: Int32Array; cycle: Uint32Array; offset: number; pos: number } {
  if (pairs === null || pairs.offset !== offset) {
    const slots = PAIR_BYTES / SLOT_BYTES;
    const wordsPerSlot = SLOT_BYTES / 4;
    if (pairs === null) needMemory(PAIR_BYTES, 'the line pair chase');
    const buf = pairs?.buf ?? new Int32Array(PAIR_BYTES / 4);
    const cycle = pairs?.cycle ?? sattoloCycle(slots, 11);
    const d = offset / 4;
    for (let s = 0; s < slots; s++) {
      const a = s * wordsPerSlot;
      buf[a] = a + d;
      buf[a + d] = cycle[s]! * wordsPerSlot;
    }
    pairs = { buf, cycle, offset, pos: 0 };
  }
  return pairs;
}

bench(
  'line pair chase',
  (b) => {
    const offset = b.args['offset'] as number;
    if (pairs === null || pairs.offset !== offset) {
      b.stop();
      pairChain(offset);
      b.start();
    } // build untimed
    const state = pairChain(offset);
    const buf = state.buf;
    let p = state.pos;
    for (let i = 0; i < b.n; i++) p = buf[buf[p]!]!;
    state.pos = p;
    return p;
  },
  { args: { offset: OFFSETS } },
);
