/** The commands besides a run, each the first argument (`ubench compare …`); command-table.ts has an entry for each. */
export const COMMAND_NAMES = ['compare', 'history', 'ab', 'bisect', 'export', 'probe', 'report', 'merge', 'calibration', 'doctor', 'help'] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];
