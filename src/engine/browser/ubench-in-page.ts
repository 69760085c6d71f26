/**
 * What `import … from 'ubench'` means inside a benchmark page: the declaration API only. Running,
 * comparing and reading results happen in Node, outside the page.
 */
export { bench, group } from '../../define/bench.js';
export { DeclarationError } from '../../define/declaration-error.js';

function notInPage(name: string): never {
  throw new Error(`ubench's ${name}() runs in Node, not inside a benchmark page`);
}

export const run = (): never => notInPage('run');
export const analyse = (): never => notInPage('analyse');
export const compare = (): never => notInPage('compare');
export const slowerThan = (): never => notInPage('slowerThan');
export const merge = (): never => notInPage('merge');
export const readResults = (): never => notInPage('readResults');
