/**
 * Finds the fast-check properties of a test file (`fc.assert(property, options?)` calls) and
 * whether each is seeded: an options object literal with a `seed` property. Parsed with the
 * TypeScript compiler, so a call over several lines, or a seed on its own line, reads right.
 */
import ts from 'typescript';

export interface FcAssertCall {
  /** 1-based line of the call. */
  line: number;
  /** The options argument (second), or null when there is none. */
  options: ts.Expression | null;
  /** The `seed` property's initializer text, or null when the options do not name one. */
  seed: string | null;
}

function isFcAssert(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'fc' && callee.name.text === 'assert';
}

function seedOf(options: ts.Expression | null, source: ts.SourceFile): string | null {
  if (options === null || !ts.isObjectLiteralExpression(options)) return null;
  for (const p of options.properties) {
    if (ts.isPropertyAssignment(p) && p.name.getText(source) === 'seed') return p.initializer.getText(source);
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === 'seed') return 'seed';
  }
  return null;
}

/** Every `fc.assert` call of a file's text. */
export function fcAssertCalls(fileName: string, text: string): { source: ts.SourceFile; calls: (FcAssertCall & { node: ts.CallExpression })[] } {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const calls: (FcAssertCall & { node: ts.CallExpression })[] = [];
  const visit = (node: ts.Node): void => {
    if (isFcAssert(node)) {
      const options = node.arguments[1] ?? null;
      calls.push({ node, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, options, seed: seedOf(options, source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { source, calls };
}
