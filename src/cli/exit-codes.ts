/** The exit codes of every ubench command (listed in `ubench --help`). */
export const EXIT_OK = 0;
/** A benchmark or file failed, a gate failed, or (with --strict) a diagnostic warned. */
export const EXIT_FAILURES = 1;
export const EXIT_USAGE = 2;
/** Conventional exit code after SIGINT (128 + 2); the bin turns it into 143 or 129 after SIGTERM or SIGHUP. */
export const EXIT_INTERRUPTED = 130;
