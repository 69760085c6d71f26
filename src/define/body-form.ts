/**
 * Decides what a function body passed to `bench()` means — `plain` (`() => work()`), `params`
 * (`({ size }) => work(size)`, receiving the declared args) or `manual` (`(b) => { for (…; i < b.n;
 * …) work(); }`) — from how it declares and uses its first parameter. Whatever the source does not
 * settle is refused at declaration with the forms that would be right: a body read the wrong way
 * would be timed as something else (a declared `n` taken for the iteration count reads as a
 * sub-nanosecond, "optimized-away" result).
 */
import { readBodySignature, type BodySignature } from './body-signature.js';
import { DeclarationError } from './declaration-error.js';
import type { BodyKind } from './declaration-types.js';

/** Members of the manual form's `b`: a parameter using them is the manual context. */
export const MANUAL_MEMBERS: ReadonlySet<string> = new Set(['n', 'args', 'start', 'stop']);

const FORMS_HINT = 'write ({ size }) => work(size) to receive the declared args (ubench runs the loop), or (b) => { for (let i = 0; i < b.n; i++) work(b.args.size); } to run b.n iterations yourself';

function refuse(name: string, why: string): never {
  throw new DeclarationError(`bench "${name}": ${why}; ${FORMS_HINT}`);
}

const list = (names: Iterable<string>): string => [...names].map((n) => `"${n}"`).join(', ');

/**
 * The kind of a function body. `argKeys` is null when no args are declared.
 *
 * With args declared, a destructured name that is an args key means that value (so
 * `({ n }) => …` with `args: { n: […] }` receives n); names that are all manual members and no
 * args keys mean the manual context. An identifier parameter is the context when only manual
 * members are read from it (`b.n`, `b.args`, …) and the params object when only args keys are
 * (`p.size`). Mixtures, unknown names, a parameter named like a manual member, an args key
 * that is also a manual member read as `b.<key>`, and unreadable sources are refused.
 */
export function bodyKind(name: string, body: (...args: never[]) => unknown, argKeys: readonly string[] | null, signature: BodySignature = readBodySignature(body)): Exclude<BodyKind, 'setup'> {
  const { first, count } = signature;
  const args = argKeys === null ? null : new Set(argKeys);
  switch (first.form) {
    case 'none':
      if (args !== null) refuse(name, 'a body without parameters cannot receive args');
      return 'plain';
    case 'unreadable':
      if (count === 0 && args === null) return 'plain';
      return refuse(name, "the body's parameter list cannot be read (a bound or native function, or an array pattern), so ubench cannot tell what it receives");
    case 'object': {
      if (!first.exact) refuse(name, 'the body destructures its parameter with ...rest or computed keys, so ubench cannot tell what it receives');
      const names = first.names;
      if (args !== null && names.length > 0 && names.every((n) => args.has(n))) {
        if (count > 1) refuse(name, 'a body receiving args takes a single { … } parameter');
        return 'params';
      }
      if (names.every((n) => MANUAL_MEMBERS.has(n) && (args === null || !args.has(n)))) return 'manual';
      const unknown = names.filter((n) => (args === null || !args.has(n)) && !MANUAL_MEMBERS.has(n));
      if (unknown.length > 0) {
        refuse(
          name,
          args === null
            ? `the body destructures ${list(unknown)} but no args are declared`
            : `the body destructures ${list(unknown)}, which are neither declared args (${list(args)}) nor members of the manual context`,
        );
      }
      return refuse(name, `the body destructures both declared args and members of the manual context (${list(names)})`);
    }
    case 'identifier': {
      if (MANUAL_MEMBERS.has(first.name)) {
        refuse(name, `the body's parameter is named "${first.name}", like a member of the manual context b (b.n, b.args, b.start, b.stop), so its meaning is ambiguous`);
      }
      const members = [...first.members];
      const asContext = members.filter((m) => MANUAL_MEMBERS.has(m));
      if (first.bare) {
        refuse(name, `the body uses its parameter "${first.name}" as a value (e.g. i < ${first.name}), but it receives an object: the manual context b or the declared args`);
      }
      if (args === null) {
        if (asContext.length === 0 && !first.whole) refuse(name, `the body takes a parameter "${first.name}" but never reads ${first.name}.n, and no args are declared`);
        return 'manual';
      }
      const clash = asContext.filter((m) => args.has(m));
      if (clash.length > 0) refuse(name, `${list(clash.map((m) => `${first.name}.${m}`))} could be the manual context's member or the declared arg of that name; rename the arg`);
      const asArgs = members.filter((m) => args.has(m));
      const other = members.filter((m) => !args.has(m) && !MANUAL_MEMBERS.has(m));
      if (asContext.length > 0 && asArgs.length === 0 && other.length === 0) return 'manual';
      if (asArgs.length > 0 && asContext.length === 0 && other.length === 0 && !first.whole && count === 1) return 'params';
      return refuse(name, `cannot tell from its uses whether "${first.name}" is the manual context or the declared args (${list(args)})`);
    }
  }
}
