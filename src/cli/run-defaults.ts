/** Defaults of a run's options that more than one command fills in. */

/** Hot functions and lines shown per benchmark with --profile (seed 000 lists the top few; ten keep the report short). */
export const DEFAULT_PROFILE_TOP = 10;
/** Beside the saved baselines, so one folder holds everything ubench keeps. */
export const DEFAULT_PROFILE_DIR = '.ubench/profiles';
