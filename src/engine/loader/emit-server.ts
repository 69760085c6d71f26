/**
 * The process that runs TypeScript's emitter for ubench's loader (commonjs-emit.ts), started by the
 * loader thread the first time a file needs it, and ended when that process's stdin closes (the
 * benchmark process exited). One JSON request per line on stdin, one answer per line on stdout.
 * Not inside the benchmark's process: with TypeScript merely loaded on its loader thread, a loop that
 * deoptimizes after 3 million calls was never optimized before them (6 runs of 6; 2 deopts in each
 * run with the same code emitted elsewhere), and no quiet period after loading changed that.
 */
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

export interface EmitRequest {
  id: number;
  source: string;
  file: string;
  /** The project's compiler options as tsconfig.json writes them. */
  compilerOptions: Record<string, unknown>;
  /** The tsconfig.json they come from, for relative paths (null: none). */
  configFile: string | null;
}

export type EmitAnswer = { id: number; code: string } | { id: number; error: string };

const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

/** Options the emit needs whatever the project says: CommonJS, the source's own syntax level, an inline map. */
function emitOptions(request: EmitRequest): TypeScript.CompilerOptions {
  const { options } = ts.convertCompilerOptionsFromJson(request.compilerOptions, request.configFile ?? process.cwd());
  const userTarget = options.target;
  return {
    ...options,
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ESNext,
    // As tsc would for the project's target (class fields defined from ES2022 on); as JavaScript does without a tsconfig.
    useDefineForClassFields: options.useDefineForClassFields ?? (userTarget === undefined || userTarget >= ts.ScriptTarget.ES2022),
    esModuleInterop: options.esModuleInterop ?? true,
    verbatimModuleSyntax: false,
    isolatedModules: true,
    importHelpers: false,
    noEmitHelpers: false,
    declaration: false,
    sourceMap: false,
    inlineSourceMap: true,
    inlineSources: false,
  };
}

export function emit(request: EmitRequest): EmitAnswer {
  const output = ts.transpileModule(request.source, { fileName: request.file, compilerOptions: emitOptions(request), reportDiagnostics: true });
  const error = output.diagnostics?.find((d) => d.category === ts.DiagnosticCategory.Error);
  if (error === undefined) return { id: request.id, code: output.outputText };
  const at = error.file !== undefined && error.start !== undefined ? error.file.getLineAndCharacterOfPosition(error.start) : null;
  const where = at === null ? request.file : `${request.file}:${at.line + 1}:${at.character + 1}`;
  return { id: request.id, error: `${where}: ${ts.flattenDiagnosticMessageText(error.messageText, ' ')}` };
}

if (process.argv[2] === 'serve') {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const request = JSON.parse(line) as EmitRequest;
    let answer: EmitAnswer;
    try {
      answer = emit(request);
    } catch (thrown) {
      answer = { id: request.id, error: thrown instanceof Error ? thrown.message : String(thrown) };
    }
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  });
  lines.on('close', () => process.exit(0));
}
