/** How the spread rules (noisy, multimodal, outliers) word the state probe's evidence. */
import type { SetupDependence } from '../setup-dependence.js';
import { pct } from './format.js';

/** "8 values from setup, each timed 4 times in random order, differ by ±35% (0.52×–1.71× of the typical one; p = 5e-4)". */
export function setupDependenceText(d: SetupDependence): string {
  const measured = `${d.treatments} values from setup, each timed ${d.blocks} times in random order,`;
  if (!d.material) return `${measured} cost the same within ±${pct(Math.max(d.spread, d.noise / Math.sqrt(d.blocks)))}`;
  const low = Math.min(...d.relative);
  const high = Math.max(...d.relative);
  const p = d.pValue < 0.001 ? d.pValue.toExponential(0) : d.pValue.toFixed(3);
  return `${measured} differ by ±${pct(d.spread)} (${low.toFixed(2)}×–${high.toFixed(2)}× of the typical one; randomization test p = ${p})`;
}

/** The hint of a spread that comes from setup's values. */
export const SETUP_SPREAD_HINT =
  'Every sample runs on a new value from setup, and these values differ in cost, so the figure is an average over whatever setup happened to return. Make setup return inputs of the same size and shape (a fixed seed, one fixture per benchmark), or declare the variants as parameters (args) so each gets its own row.';
