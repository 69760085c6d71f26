/**
 * `node:util` inside a benchmark page: the type checks the state fingerprint uses
 * (engine/probes/setup-state/state-fingerprint.ts), from the page's own constructors. A page cannot tell a proxy
 * from its target, so `isProxy` is always false there: a proxy state is read through its traps.
 */
const isMap = (value: unknown): boolean => value instanceof Map;
const isSet = (value: unknown): boolean => value instanceof Set;
const isDate = (value: unknown): boolean => value instanceof Date;
const isProxy = (_value: unknown): boolean => false;
const isAnyArrayBuffer = (value: unknown): boolean => value instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer);

export const types = { isMap, isSet, isDate, isProxy, isAnyArrayBuffer };

export default { types };
