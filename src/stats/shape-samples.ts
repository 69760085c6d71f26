/**
 * How many samples the tests of a series' shape need before they can decide: levels (clusters and
 * their arrangement), trends and steps, multimodality. Below a test's count it says nothing, which
 * is not the same as "no such shape": the engine samples at least the largest of them when the
 * budget allows, and the analysis says which tests could not decide.
 */
import { LEVELS_MIN_VALUES } from './level-clusters.js';
import { MVALUE_MIN_SAMPLES } from './mvalue.js';
import { DRIFT_MIN_SAMPLES } from './trend.js';

/** A shape test and the fewest samples it decides on. */
export interface ShapeTest {
  test: 'levels' | 'drift' | 'multimodal';
  need: number;
}

export const SHAPE_TESTS: readonly ShapeTest[] = [
  { test: 'levels', need: LEVELS_MIN_VALUES },
  { test: 'drift', need: DRIFT_MIN_SAMPLES },
  { test: 'multimodal', need: MVALUE_MIN_SAMPLES },
];

/** The fewest samples with which every shape test can decide. */
export const SHAPE_MIN_SAMPLES = Math.max(...SHAPE_TESTS.map((t) => t.need));

/** The shape tests that `samples` are too few for. */
export function undecidedShapeTests(samples: number): ShapeTest[] {
  return SHAPE_TESTS.filter((t) => samples < t.need);
}
