/**
 * Which module system a TypeScript (or JSX) file runs in: the one Node gives the JavaScript file of
 * the same name, so a `.ts` file runs as its compiled `.js` would ship.
 *
 * - `.mts` is an ES module and `.cts` CommonJS, whatever the package says.
 * - `.ts`, `.tsx`, `.jsx` follow the nearest package.json's `"type"`.
 * - With no `"type"`, Node's own syntax detection decides: ES module syntax (`import`/`export`
 *   statements, `import.meta`, top-level `await`) makes an ES module, anything else is CommonJS.
 */
import vm from 'node:vm';
import type { PackageType } from './package-scope.js';

export type ModuleFormat = 'module' | 'commonjs';

/** File names the loader compiles (TypeScript, and JSX, which Node does not read). */
export const COMPILED_EXTENSIONS = /\.(?:ts|mts|cts|tsx|jsx)$/;

/**
 * The messages V8 gives when a CommonJS function body holds ES module syntax (Node's detection
 * reads the same ones): import/export statements, import.meta, and a top-level await.
 */
const MODULE_SYNTAX_ERRORS = [
  'Cannot use import statement outside a module',
  "Unexpected token 'export'",
  "Cannot use 'import.meta' outside a module",
  'await is only valid in async functions and the top level bodies of modules',
];

/** Whether JavaScript source uses ES module syntax (it does not compile as a CommonJS module body). */
export function hasModuleSyntax(javascript: string): boolean {
  try {
    vm.compileFunction(javascript, ['exports', 'require', 'module', '__filename', '__dirname']);
    return false;
  } catch (thrown) {
    const message = thrown instanceof SyntaxError ? thrown.message : '';
    return MODULE_SYNTAX_ERRORS.some((text) => message.includes(text));
  }
}

/** Whether only the file's syntax tells its format: neither its name nor its package's type does. */
export function formatNeedsSyntax(file: string, packageType: PackageType): boolean {
  return !file.endsWith('.mts') && !file.endsWith('.cts') && packageType === null;
}

/** The format of a compiled file, from its name, its package's type and (without one) its syntax. */
export function moduleFormat(file: string, packageType: PackageType, javascript: () => string): ModuleFormat {
  if (file.endsWith('.mts')) return 'module';
  if (file.endsWith('.cts')) return 'commonjs';
  if (packageType !== null) return packageType;
  return hasModuleSyntax(javascript()) ? 'module' : 'commonjs';
}
