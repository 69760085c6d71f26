// The same benchmark sources in the forms a user's code can take: as ES module JavaScript (.mjs), as
// TypeScript in a "type": "module" and in a "type": "commonjs" package (loaded by ubench's loader),
// as the JavaScript tsc emits for ES modules and for CommonJS, and a TypeScript bench file importing
// a library tsc compiled to CommonJS. Built in a scratch folder with `ubench` linked in, so each form
// runs as a user's project would. Used by `npm run lab -- fidelity` and the quiet fidelity test.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Each form: its folder's package.json "type"; how a bench file and a library file (a source without
 * `.bench.` in its name) become files, as [emit, extension]; and the form its figures are held
 * against: the one of the same module system whose code ubench's loader did not touch.
 */
export const FORMS = {
  mjs: { type: null, bench: ['esm', '.mjs'], library: ['esm', '.mjs'], reference: null },
  'ts-module': { type: 'module', bench: ['copy', '.ts'], library: ['copy', '.ts'], reference: 'mjs' },
  'tsc-esm': { type: 'module', bench: ['esm', '.js'], library: ['esm', '.js'], reference: 'mjs' },
  'tsc-commonjs': { type: 'commonjs', bench: ['commonjs', '.js'], library: ['commonjs', '.js'], reference: null },
  'ts-commonjs': { type: 'commonjs', bench: ['copy', '.ts'], library: ['copy', '.ts'], reference: 'tsc-commonjs' },
  // A TypeScript bench file importing a library tsc compiled to CommonJS, against the same library from .mjs.
  'lib-mjs': { type: null, bench: ['esm', '.mjs'], library: ['commonjs', '.cjs'], reference: null },
  'lib-ts-module': { type: 'module', bench: ['copy', '.ts'], library: ['commonjs', '.cjs'], reference: 'lib-mjs' },
  'lib-ts-commonjs': { type: 'commonjs', bench: ['copy', '.ts'], library: ['commonjs', '.js'], reference: 'tsc-commonjs' },
};

/** tsc's output of one file (TypeScript's own transpileModule: what `tsc` emits for it). */
function tscEmit(source, fileName, module) {
  const ts = require('typescript');
  return ts.transpileModule(source, {
    fileName,
    compilerOptions: { module: module === 'commonjs' ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
}

/** Relative `.js` specifiers (TypeScript's convention) pointing at the library's extension instead. */
const withExtension = (code, extension) => (extension === '.js' || extension === '.ts' ? code : code.replace(/((?:from\s+|require\()['"]\.{1,2}\/[^'"]+)\.js(['"])/g, `$1${extension}$2`));

/**
 * Writes every form of `sources` (TypeScript files; relative imports written `./x.js`, as TypeScript's
 * NodeNext convention has them) under `dir/<form>/`. Returns the file of each source in each form.
 */
export function buildForms(dir, sources, forms = Object.keys(FORMS)) {
  const files = {};
  for (const form of forms) {
    const recipe = FORMS[form];
    const folder = path.join(dir, form);
    mkdirSync(path.join(folder, 'node_modules'), { recursive: true });
    writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: `fidelity-${form}`, private: true, ...(recipe.type === null ? {} : { type: recipe.type }) }));
    symlinkSync(ROOT, path.join(folder, 'node_modules/ubench'), 'dir');
    files[form] = {};
    const libraryExtension = recipe.library[1];
    for (const source of sources) {
      const name = path.basename(source);
      const [emit, extension] = name.includes('.bench.') ? recipe.bench : recipe.library;
      const text = readFileSync(source, 'utf8');
      const code = emit === 'copy' ? text : tscEmit(text, name, emit);
      const target = path.join(folder, name.replace(/\.ts$/, extension));
      writeFileSync(target, withExtension(code, libraryExtension));
      files[form][name] = target;
    }
  }
  return files;
}
