/** A mistake in how ubench was invoked: printed as one line, exit code 2, no stack trace. */
export class UsageError extends Error {
  override name = 'UsageError';
}
