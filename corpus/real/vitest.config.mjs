// vitest's own run of the corpus files (scripts/real-corpus.mjs): every vitest file of the corpus,
// with vitest's defaults otherwise. vitest has no setting for benchmark time in its config (the
// budgets are options of each bench() call), so the files run with their own budgets.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    benchmark: { include: ['vitest/**/*.bench.ts'] },
  },
});
