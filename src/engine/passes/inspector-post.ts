/** Synchronous calls on a same-thread inspector session (Node 20 and 22 answer them synchronously). */
import type { Session } from 'node:inspector';

/** Posts to a same-thread inspector session, whose callbacks run synchronously. */
export function postNow(session: Session, method: string, params?: object): unknown {
  let done = false;
  let failure: Error | null = null;
  let value: unknown;
  session.post(method, params, (error, result) => {
    done = true;
    failure = error;
    value = result;
  });
  if (!done) throw new Error(`internal: inspector ${method} did not answer synchronously`);
  if (failure !== null) throw failure;
  return value;
}
