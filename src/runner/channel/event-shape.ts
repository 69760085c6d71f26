/**
 * Whether a value a benchmark process sent is a ChildEvent (engine/process/events.ts): a type guard
 * per event kind, checking every field the parent reads before it trusts it. A `measured` event's
 * result is checked field by field at its top level (arrays are arrays, objects objects, numbers
 * numbers) and in its samples; the result built from it is checked against the results schema
 * (collector.ts), and a throw while building it is treated as a bad event too (run-child.ts). Returns null when the value is an event, else why not (one short phrase).
 */
import type { ChildEvent } from '../../engine/process/events.js';
import { PASS_RESULT_KINDS } from '../../engine/passes/run-pass.js';
import { PROBE_FIELDS } from '../../engine/probes/index.js';

type Check = (value: Record<string, unknown>) => string | null;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStringArray = (v: unknown): boolean => Array.isArray(v) && v.every(isString);
const orNull =
  (test: (v: unknown) => boolean) =>
  (v: unknown): boolean =>
    v === null || test(v);

/** The first field of `value` that fails its test, as a phrase. */
function fields(value: Record<string, unknown>, tests: Record<string, (v: unknown) => boolean>, optional: readonly string[] = []): string | null {
  for (const [key, test] of Object.entries(tests)) {
    if (!Object.hasOwn(value, key)) {
      if (optional.includes(key)) continue;
      return `no ${key}`;
    }
    if (!test(value[key])) return `a wrong ${key}`;
  }
  return null;
}

const isErrorInfo = (v: unknown): boolean => isObject(v) && fields(v, { message: isString, location: orNull(isString), stack: orNull(isString) }) === null;

const isDeclared = (v: unknown): boolean =>
  isObject(v) &&
  fields(
    v,
    {
      id: isString,
      name: isString,
      baseName: isString,
      group: orNull(isString),
      params: isObject,
      baseline: (b) => typeof b === 'boolean',
      bytesPerItem: orNull(isNumber),
      modules: isObject,
      bodyHash: isString,
    },
    ['bytesPerItem', 'modules', 'bodyHash'],
  ) === null;

/** Each in-loop probe's field: an object, or null where it had nothing to measure. */
const PROBE_CHECKS = Object.fromEntries(PROBE_FIELDS.map((field) => [field, orNull(isObject)]));
/** Fields a measured result may lack: the probes' where the loop did not probe (`--quick`, time only), and two that only some bodies have. */
const MEASURED_OPTIONAL = [...PROBE_FIELDS, 'perCallChunk', 'detachedBuffers'];

const isMeasured = (v: unknown): boolean =>
  isObject(v) &&
  fields(
    v,
    {
      // What every estimate is computed from: each sample's two numbers (the rest is checked against the results schema once built, collector.ts).
      samples: (s) => Array.isArray(s) && s.every((x) => isObject(x) && isNumber(x['iterations']) && isNumber(x['elapsedNs'])),
      warmup: isObject,
      calibration: isObject,
      precision: isObject,
      mode: isString,
      floor: isObject,
      jit: orNull(isObject),
      deopts: (d) => Array.isArray(d) && d.every(isObject),
      ...PROBE_CHECKS,
      perCallChunk: orNull(isNumber),
      throttle: orNull(isObject),
      timerReadsPerSample: isNumber,
      memory: orNull(isObject),
      detachedBuffers: orNull(isObject),
    },
    MEASURED_OPTIONAL,
  ) === null;

const PHASES = new Set(['floor', 'warmup', 'sample']);
const PASS_KINDS: ReadonlySet<string> = new Set(PASS_RESULT_KINDS);

const CHECKS: Record<ChildEvent['type'], Check> = {
  hello: (e) =>
    fields(
      e,
      {
        pid: isNumber,
        clock: (c) => isObject(c) && isNumber(c['costNs']) && isNumber(c['resolutionNs']),
        execArgv: isStringArray,
        throttleBaselineNs: isNumber,
        runtime: (r) => isObject(r) && isString(r['runtime']) && isString(r['runtimeVersion']),
      },
      ['runtime'],
    ),
  'load-error': (e) => fields(e, { error: isErrorInfo }),
  declared: (e) => fields(e, { benchmarks: (b) => Array.isArray(b) && b.every(isDeclared) }),
  note: (e) => fields(e, { text: isString }),
  start: (e) => fields(e, { id: isString }),
  phase: (e) => fields(e, { id: isString, phase: (p) => PHASES.has(p as string) }),
  round: (e) => fields(e, { round: (r) => Number.isSafeInteger(r) && (r as number) >= 0, active: isStringArray }),
  current: (e) => fields(e, { id: isString }),
  measured: (e) => fields(e, { id: isString, result: isMeasured }),
  'pass-result': (e) => fields(e, { id: isString, result: (r) => isObject(r) && PASS_KINDS.has(r['kind'] as string) }),
  'bench-error': (e) => fields(e, { id: isString, error: isErrorInfo }),
  crash: (e) => fields(e, { error: isErrorInfo }),
  exit: (e) => fields(e, { code: Number.isSafeInteger }),
  done: () => null,
};

export function eventShapeError(value: unknown): string | null {
  if (!isObject(value)) return 'not an object';
  const type = value['type'];
  if (!isString(type) || !Object.hasOwn(CHECKS, type)) return 'no known type';
  const problem = CHECKS[type as ChildEvent['type']](value);
  return problem === null ? null : `a ${type} event with ${problem}`;
}

export function isChildEvent(value: unknown): value is ChildEvent {
  return eventShapeError(value) === null;
}
