/**
 * One TypeScript (or JSX) file as the JavaScript its own build would ship, in the module system
 * Node gives its `.js` twin (module-format.ts):
 * - an ES module: types removed, nothing else changed (strip-types.ts);
 * - CommonJS written as CommonJS: the same;
 * - ES module syntax in a CommonJS scope: CommonJS as `tsc` emits it (commonjs-emit.ts).
 */
import { emitCommonJs } from './commonjs-emit.js';
import { formatNeedsSyntax, hasModuleSyntax, moduleFormat, type ModuleFormat } from './module-format.js';
import { packageTypeOf } from './package-scope.js';
import { projectConfig } from './project-config.js';
import { stripTypes } from './strip-types.js';

export interface CompiledModule {
  format: ModuleFormat;
  code: string;
}

/**
 * `required`: the file is loaded by `require()`, which runs CommonJS only (an ES module file is
 * then emitted as CommonJS too, as tsc would for a CommonJS build).
 */
export async function compileModule(file: string, source: string, required = false): Promise<CompiledModule> {
  const config = projectConfig(file);
  const stripped = await stripTypes(source, file, config);
  const format = required ? 'commonjs' : moduleFormat(file, packageTypeOf(file), () => stripped);
  if (format === 'module' || !hasModuleSyntax(stripped)) return { format, code: stripped };
  return { format, code: await emitCommonJs(source, file, config) };
}

/** The module system a file runs in, compiling only what telling it needs (the syntax, for a package without "type"). */
export async function formatOf(file: string, source: string): Promise<ModuleFormat> {
  const type = packageTypeOf(file);
  const stripped = formatNeedsSyntax(file, type) ? await stripTypes(source, file, projectConfig(file)) : '';
  return moduleFormat(file, type, () => stripped);
}
