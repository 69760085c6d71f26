/**
 * Run options for commands that run bench files on behalf of the user (`ab`, `probe`): only the
 * measurement flags apply; no extra passes, results file, baseline or history.
 */
import path from 'node:path';
import { NO_PASSES } from '../runner/passes/pass-registry.js';
import type { RunOptions } from '../runner/run-options.js';
import { DEFAULT_PROFILE_DIR, DEFAULT_PROFILE_TOP } from './run-defaults.js';
import type { MeasurementOptions } from './measurement-options.js';

export function plainRunOptions(cwd: string, measurement: MeasurementOptions): RunOptions {
  return {
    targets: [],
    cwd,
    ...measurement,
    jsonPath: null,
    isolate: 'file',
    forks: 1,
    shard: null,
    passes: NO_PASSES,
    profileTop: DEFAULT_PROFILE_TOP,
    profileDir: path.resolve(cwd, DEFAULT_PROFILE_DIR),
    baselinePath: null,
    historyDir: null,
    calibrationPath: null,
  };
}
