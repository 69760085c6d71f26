// A local neighbour without ubench's secrets (test/system/browser-neighbour.test.ts runs it as
// another uid where it can): it lists every TCP port listening on this machine's loopback or on
// all addresses (/proc/net/tcp and tcp6, state 0A) and asks each what a neighbour would ask a
// browser or a page server. Plain JavaScript read from stdin, so another uid needs no access to
// the project's files. Prints one JSON line: { ports: [{ port, answers: [{ what, status, body }] }] }.
// argv: the ports to leave alone (those listening before the run: other programs of this machine).
import { readFileSync } from 'node:fs';
import http from 'node:http';

/** Per request: a loopback answer takes well under a millisecond; a silent port must not hold the probe up. */
const REQUEST_TIMEOUT_MS = 1_500;
/** Bytes of each answer kept: enough to hold a DevTools JSON answer or the marker of the bench code. */
const BODY_BYTES = 64 * 1024;

const LOOPBACK_OR_ANY = new Set(['0100007F', '00000000', '00000000000000000000000001000000', '00000000000000000000000000000000']);

function listening() {
  const ports = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 4 || fields[3] !== '0A') continue;
      const [address, port] = fields[1].split(':');
      if (LOOPBACK_OR_ANY.has(address)) ports.add(Number.parseInt(port, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

function ask(port, method, path, headers = {}) {
  return new Promise((resolve) => {
    const what = `${method} ${path}${headers.upgrade ? ' (WebSocket upgrade)' : ''}`;
    const request = http.request({ host: '127.0.0.1', port, method, path, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      let body = '';
      response.setEncoding('latin1');
      response.on('data', (chunk) => {
        if (body.length < BODY_BYTES) body += chunk;
      });
      response.on('end', () => resolve({ what, status: response.statusCode, body: body.slice(0, BODY_BYTES) }));
      response.on('error', () => resolve({ what, status: response.statusCode, body }));
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ what, status: response.statusCode, body: '' });
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ what, status: null, body: '', error: error.message }));
    request.end();
  });
}

const UPGRADE = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
const leaveAlone = new Set(process.argv.slice(2).map(Number));
const ports = [];
for (const port of listening().filter((p) => !leaveAlone.has(p))) {
  const answers = [];
  for (const path of ['/json', '/json/version', '/json/list', '/', '/index.html', '/bundle.js', '/deopt-log']) answers.push(await ask(port, 'GET', path));
  answers.push(await ask(port, 'POST', '/deopt-log'));
  for (const path of ['/', '/devtools/browser']) answers.push(await ask(port, 'GET', path, UPGRADE));
  ports.push({ port, answers });
}
process.stdout.write(`${JSON.stringify({ uid: process.getuid?.() ?? null, ports })}\n`);
