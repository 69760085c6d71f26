// Types of forms.mjs, for the quiet fidelity test.
export declare const ROOT: string;
export type FormName = 'mjs' | 'ts-module' | 'tsc-esm' | 'ts-commonjs' | 'tsc-commonjs' | 'lib-mjs' | 'lib-ts-module' | 'lib-ts-commonjs';
type Emit = [emit: 'copy' | 'esm' | 'commonjs', extension: string];
export declare const FORMS: Record<FormName, { type: 'module' | 'commonjs' | null; bench: Emit; library: Emit; reference: FormName | null }>;
export declare function buildForms(dir: string, sources: readonly string[], forms?: readonly FormName[]): Record<string, Record<string, string>>;
