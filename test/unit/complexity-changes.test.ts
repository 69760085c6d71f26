/**
 * Growth-law changes between two runs: called only when both fits are clear and differ, shown by
 * the compare report, its Markdown and the HTML page; never for an unchanged law or a fit that cannot tell.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareRuns } from '../../src/analysis/compare-runs.js';
import { complexityChanges } from '../../src/analysis/complexity-changes.js';
import { withComplexity } from '../../src/analysis/complexity.js';
import { comparisonMarkdown } from '../../src/export/markdown-export.js';
import { ChartRegistry } from '../../src/html/chart-registry.js';
import { compareSection } from '../../src/html/compare-section.js';
import { renderCompareReport } from '../../src/report/compare-report.js';
import { sweep, swept } from '../fixtures/report/complexity-fixture.js';
import { resultsFile } from '../fixtures/report/results-fixture.js';

const run = (sortCost: (n: number) => number) => withComplexity(resultsFile([...sweep('sort', sortCost), ...sweep('scan', (n) => 0.6 * n + 20)]));

describe('complexityChanges', () => {
  it('calls a sweep whose clear law changed, and not one whose law held', () => {
    const base = run((n) => 12 * n * Math.log2(n));
    const next = run((n) => 0.02 * n * n + 12 * n);
    const changes = complexityChanges(base, next);
    assert.deepEqual(
      changes.map((c) => [c.baseName, c.param, c.base.model, c.new.model]),
      [['sort', 'n', 'O(n log n)', 'O(n^2)']],
    );
    assert.deepEqual(
      complexityChanges(
        base,
        run((n) => 13 * n * Math.log2(n)),
      ),
      [],
    );
  });

  it('does not call a change when either fit cannot tell its models apart', () => {
    // Sizes 1000–1250: n and n log n are within the points' noise of each other.
    const narrow = (cost: (n: number) => number) => withComplexity(resultsFile([1000, 1050, 1100, 1150, 1200, 1250].map((n) => swept('s', { n }, cost(n)))));
    const base = narrow((n) => n * Math.log2(n));
    assert.equal(base.complexity?.groups[0]?.status, 'cannot-tell');
    assert.deepEqual(
      complexityChanges(
        base,
        narrow((n) => n),
      ),
      [],
    );
  });

  it('is shown under the compare table, in the terminal and in Markdown', () => {
    const comparison = compareRuns(
      run((n) => 12 * n * Math.log2(n)),
      run((n) => 0.02 * n * n + 12 * n),
      { noise: 0.01, seed: 1 },
    );
    const text = renderCompareReport(comparison, { color: false, baseLabel: 'base.json', newLabel: 'new.json' });
    assert.match(text, /growth law changed\n\s+sort over n: O\(n log n\) → O\(n²\) \(rms [\d.]+% → [\d.]+%; each clear in its run\)/);
    assert.match(comparisonMarkdown(comparison, { base: 'base', new: 'new' }), /Growth law changed[\s\S]*sort over n: O\(n log n\) → O\(n²\)/);
    const page = compareSection(comparison, 'base.json', new ChartRegistry(), () => undefined);
    assert.match(page, /Growth law changed<\/strong><\/p><ul><li class="verdict-slower">sort over n: O\(n log n\) → O\(n²\)/);
  });
});
