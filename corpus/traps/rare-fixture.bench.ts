// Trap: setup cycles through eight fixtures of which seven are one-line log messages and one is a
// multi-line stack trace about seven times longer. The sample that gets the stack trace takes several
// times as long as the rest: one sample in eight is a severe outlier. Expected: `outliers`.
import { bench } from 'ubench';

const LINES = [
  '2024-05-01T10:00:01Z INFO  request GET /api/users took 12ms',
  '2024-05-01T10:00:02Z WARN  cache miss for key user:1842',
  '2024-05-01T10:00:03Z INFO  request POST /api/orders took 48ms',
  '2024-05-01T10:00:04Z DEBUG pool size 12, idle 4, waiting 0',
  '2024-05-01T10:00:05Z INFO  request GET /api/items took 7ms',
  '2024-05-01T10:00:06Z INFO  job cleanup finished in 120ms',
  '2024-05-01T10:00:07Z WARN  slow query on orders (230ms)',
];
const STACK_TRACE = [
  '2024-05-01T10:00:08Z ERROR unhandled rejection: TypeError: Cannot read properties of undefined',
  '    at OrderService.total (/srv/app/src/orders/service.ts:118:23)',
  '    at OrderController.show (/srv/app/src/orders/controller.ts:42:31)',
  '    at Layer.handle (/srv/app/node_modules/router/lib/layer.js:95:5)',
  '    at next (/srv/app/node_modules/router/lib/route.js:149:13)',
  '    at authenticate (/srv/app/src/middleware/auth.ts:27:12)',
].join('\n');
const FIXTURES = [...LINES, STACK_TRACE];

/** Counts the characters of each kind: the work grows with the length of the text. */
function classify(text: string): number {
  let letters = 0;
  let digits = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) letters++;
    else if (c >= 48 && c <= 57) digits++;
    else other++;
  }
  return letters * 65_536 + digits * 256 + other;
}

let samplesPrepared = 0;

bench('one fixture in eight is a stack trace', {
  setup: () => FIXTURES[samplesPrepared++ & 7]!,
  run: (text) => classify(text),
});
