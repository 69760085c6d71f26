/** A mistake in how benchmarks are declared; reported as a load error of the bench file. */
export class DeclarationError extends Error {
  override name = 'DeclarationError';
}
