/**
 * V8's deoptimization log inside a benchmark page. The renderer writes the log to a file the page
 * cannot open; the page server (the parent's side) reads it, and the page asks for what was
 * appended with a synchronous request between phases, never inside a timed region.
 */
import type { DeoptLogSource } from '../loop/deopt-log.js';

/** The log's address, relative to the page's (under the page server's secret prefix): `POST` marks, `GET` returns what was appended since. */
export const PAGE_DEOPT_LOG_PATH = 'deopt-log';

interface SyncRequest {
  open(method: string, url: string, async: false): void;
  send(): void;
  readonly status: number;
  readonly responseText: string;
}

function request(method: 'GET' | 'POST'): string {
  const XHR = (globalThis as unknown as { XMLHttpRequest: new () => SyncRequest }).XMLHttpRequest;
  const xhr = new XHR();
  xhr.open(method, PAGE_DEOPT_LOG_PATH, false);
  xhr.send();
  if (xhr.status !== 200) throw new Error(`the page server answered ${xhr.status} for the deoptimization log`);
  return xhr.responseText;
}

export const pageDeoptLog: DeoptLogSource = {
  mark: () => void request('POST'),
  readNew: () => request('GET'),
};
