// Finding a word in log lines: String#includes, String#indexOf and a precompiled RegExp#test.
// The lines cycle so every call searches a different string; nothing is allocated per call.
import { bench, group } from 'ubench';

const LEVELS = ['INFO', 'WARN', 'DEBUG', 'ERROR'];
const LINES = Array.from({ length: 64 }, (_, i) => `2026-11-22T10:${String(i % 60).padStart(2, '0')}:00Z ${LEVELS[i & 3]} request ${i * 7919} served in ${i % 17} ms from cache-${i % 5}`);
const ERROR = /\bERROR\b/;
let next = 0;

group('find "ERROR" in a log line', () => {
  bench('String#includes', () => LINES[next++ & 63]!.includes('ERROR'), { baseline: true });
  bench('String#indexOf', () => LINES[next++ & 63]!.indexOf('ERROR') !== -1);
  bench('RegExp#test', () => ERROR.test(LINES[next++ & 63]!));
});
