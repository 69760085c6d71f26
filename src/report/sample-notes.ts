/**
 * Information about the samples' statistics that is not the benchmark's own — a spread, clusters,
 * outliers or level steps that setup's values do not explain (a step the host's movement does not
 * explain is the code's, and keeps its line), the host's movement, a warm-up kept from settling by
 * it — is condensed in the terminal into one line per group: worth knowing, not
 * worth a screen. The results file (and the HTML report) keep every finding in full.
 */
import type { BenchmarkResult, Diagnostic } from '../results/types.js';
import { isOwnStep } from '../analysis/diagnostics/drift.js';

/** Codes whose information-level findings are condensed, with the word that stands for each. */
const NOTE_WORDS: Readonly<Record<string, (d: Diagnostic) => string | null>> = {
  noisy: (d) => (d.message.startsWith('samples spread') ? 'spread' : null),
  multimodal: () => 'clusters',
  outliers: () => 'outliers',
  'shape-undecided': (d) => `too few samples to judge its shape (${(d.evidence as { samples?: number } | undefined)?.samples ?? '?'})`,
  drift: () => 'level steps',
  'not-steady': () => 'warm-up capped',
  throttled: () => 'host slower',
  // What the host explains, not how far its speed moved: the finding is credited for the first.
  'host-moved': (d) => {
    const share = (d.evidence as { hostShare?: number } | undefined)?.hostShare;
    return typeof share === 'number' && Number.isFinite(share) ? `host moved: ${Math.round(share * 100)}% of the variation` : 'host moved';
  },
};

/** Whether the terminal condenses this finding into the group's note line. */
export function isSampleNote(d: Diagnostic): boolean {
  return d.severity === 'info' && d.code in NOTE_WORDS && !isOwnStep(d);
}

/** "Map#get (outliers, host moved: 80% of the variation), sort(size=100) (spread, level steps)", or null when there is nothing to note. */
export function sampleNotesText(benchmarks: readonly BenchmarkResult[]): string | null {
  const parts: string[] = [];
  for (const b of benchmarks) {
    const words = [
      ...new Set(
        b.diagnostics
          .filter(isSampleNote)
          .map((d) => NOTE_WORDS[d.code]!(d))
          .filter((w): w is string => w !== null),
      ),
    ];
    if (words.length > 0) parts.push(`${b.name} (${words.join(', ')})`);
  }
  return parts.length === 0 ? null : parts.join('; ');
}
