import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { inferLineSizeFromPairChase, inferLineSizeFromStridedCopy, spanBandwidth, type StridePoint } from '../../src/probe/infer-line-size.js';

const SPAN = 64 * 1024 * 1024;
const STRIDES = [16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

/** A strided-copy curve for a machine with `line`-byte lines: flat time per pass up to the line, halving after. */
function stridedCurve(line: number, jitter: (i: number) => number = () => 1): StridePoint[] {
  const linePassNs = 10e6;
  return STRIDES.map((s, i) => ({
    strideBytes: s,
    // Below the line: all lines fetched, plus a small instruction cost that shrinks with the stride.
    nsPerPass: (s <= line ? linePassNs * (1 + (0.1 * (line / s - 1)) / 4) : linePassNs * (line / s)) * jitter(i),
  }));
}

describe('inferLineSizeFromStridedCopy', () => {
  it('finds 64 on a 64-byte-line curve', () => {
    assert.equal(inferLineSizeFromStridedCopy(stridedCurve(64), SPAN), 64);
  });
  it('finds 128 on a 128-byte-line curve, in any input order', () => {
    assert.equal(inferLineSizeFromStridedCopy(stridedCurve(128).reverse(), SPAN), 128);
  });
  it('tolerates ±5% noise', () => {
    const noise = [1.05, 0.95, 1.04, 0.96, 1.05, 0.95, 1.03, 0.97, 1.0];
    assert.equal(
      inferLineSizeFromStridedCopy(
        stridedCurve(64, (i) => noise[i]!),
        SPAN,
      ),
      64,
    );
  });
  it('returns null on a flat curve', () => {
    assert.equal(
      inferLineSizeFromStridedCopy(
        STRIDES.map((s) => ({ strideBytes: s, nsPerPass: 1e6 })),
        SPAN,
      ),
      null,
    );
  });
  it('converts to GB/s of span', () => {
    assert.deepEqual(spanBandwidth([{ strideBytes: 64, nsPerPass: SPAN / 8 }], SPAN), [{ strideBytes: 64, gbPerS: 8 }]);
  });
});

describe('inferLineSizeFromPairChase', () => {
  const offsets = [8, 16, 32, 64, 128, 256];
  it('finds the first offset that costs a second miss', () => {
    const pts = offsets.map((o) => ({ offsetBytes: o, nsPerOp: o < 64 ? 54 + (o % 3) : 80 }));
    assert.equal(inferLineSizeFromPairChase(pts), 64);
  });
  it('finds 128 when the jump is at 128', () => {
    const pts = offsets.map((o) => ({ offsetBytes: o, nsPerOp: o < 128 ? 54 : 80 }));
    assert.equal(inferLineSizeFromPairChase(pts), 128);
  });
  it('ignores noise below the jump factor and returns null without a jump', () => {
    assert.equal(inferLineSizeFromPairChase(offsets.map((o, i) => ({ offsetBytes: o, nsPerOp: 54 * (1 + 0.03 * (i % 2)) }))), null);
  });
});
