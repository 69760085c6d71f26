// The same benchmark sources in the forms a user's code can take: as ES module JavaScript (.mjs), as
// TypeScript in a "type": "module" and in a "type": "commonjs" package (loaded by ubench's loader),
// and as the JavaScript tsc emits for ES modules and for CommonJS. Built in a scratch folder with
// `ubench` linked in, so each form runs as a user's project would. Used by `npm run bench:fidelity`
// and the quiet fidelity test.
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Each form: its folder's package.json "type", how a source becomes its file, and the form its
 * figures are held against (the one of the same module system whose code was not loaded by ubench).
 */
export const FORMS = {
  mjs: { type: null, reference: null, system: 'module' },
  'ts-module': { type: 'module', reference: 'mjs', system: 'module' },
  'tsc-esm': { type: 'module', reference: 'mjs', system: 'module' },
  'ts-commonjs': { type: 'commonjs', reference: 'tsc-commonjs', system: 'commonjs' },
  'tsc-commonjs': { type: 'commonjs', reference: null, system: 'commonjs' },
};

/** tsc's output of one file (TypeScript's own transpileModule: what `tsc` emits for it). */
function tscEmit(source, fileName, module) {
  const ts = require('typescript');
  return ts.transpileModule(source, {
    fileName,
    compilerOptions: { module: module === 'commonjs' ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
}

/** Relative `.js` specifiers of ES module output, as `.mjs`. */
const toMjsSpecifiers = (code) => code.replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.js(['"])/g, '$1.mjs$2');

/**
 * Writes every form of `sources` (TypeScript files; relative imports written `./x.js`, as TypeScript's
 * NodeNext convention has them) under `dir/<form>/`. Returns the bench files of each form by source name.
 */
export function buildForms(dir, sources, forms = Object.keys(FORMS)) {
  const files = {};
  for (const form of forms) {
    const folder = path.join(dir, form);
    mkdirSync(path.join(folder, 'node_modules'), { recursive: true });
    const type = FORMS[form].type;
    writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: `fidelity-${form}`, private: true, ...(type === null ? {} : { type }) }));
    symlinkSync(ROOT, path.join(folder, 'node_modules/ubench'), 'dir');
    files[form] = {};
    for (const source of sources) {
      const name = path.basename(source);
      const text = readFileSync(source, 'utf8');
      let target;
      if (form === 'ts-module' || form === 'ts-commonjs') {
        target = path.join(folder, name);
        copyFileSync(source, target);
      } else if (form === 'mjs') {
        target = path.join(folder, name.replace(/\.ts$/, '.mjs'));
        writeFileSync(target, toMjsSpecifiers(tscEmit(text, name, 'module')));
      } else {
        target = path.join(folder, name.replace(/\.ts$/, '.js'));
        writeFileSync(target, tscEmit(text, name, form === 'tsc-commonjs' ? 'commonjs' : 'module'));
      }
      files[form][name] = target;
    }
  }
  return files;
}
