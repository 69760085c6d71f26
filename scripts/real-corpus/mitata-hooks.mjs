// Module resolve hook of mitata-register.mjs: a corpus file's 'mitata' (never a package's under
// node_modules) resolves to the recording wrapper; the wrapper's own 'mitata' resolves to the real
// package as the corpus installs it (from the working directory, the corpus folder).
import { pathToFileURL } from 'node:url';

const WRAPPER = new URL('./mitata-wrapper.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier !== 'mitata') return next(specifier, context);
  const parent = context.parentURL ?? '';
  if (parent === WRAPPER) return next(specifier, { ...context, parentURL: pathToFileURL(`${process.cwd()}/`).href });
  if (parent.includes('/node_modules/')) return next(specifier, context);
  return { url: WRAPPER, shortCircuit: true };
}
