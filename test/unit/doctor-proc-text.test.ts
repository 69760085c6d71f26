/** The doctor's parsers of the kernel's files (src/runner/doctor/proc-text.ts) on sample and malformed text. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandLine, parseCpuList, parseKeyValues, parseLoadavg, parseMeminfo, parsePidStat, parseProcStat } from '../../src/runner/doctor/proc-text.js';

describe('doctor proc text', () => {
  it('parses CPU lists, and refuses what is not one', () => {
    assert.deepEqual(parseCpuList('0-3,8,10-11\n'), [0, 1, 2, 3, 8, 10, 11]);
    assert.deepEqual(parseCpuList(''), []);
    assert.equal(parseCpuList('0-x'), null);
    assert.equal(parseCpuList('3-1'), null);
    assert.equal(parseCpuList('0-4294967295'), null);
  });

  it('reads busy, steal and total time per CPU from /proc/stat', () => {
    const stat = 'cpu  10 0 5 100 0 0 0 0 0 0\ncpu0 544390 1485 62135 423071 432 0 234 334 0 0\ncpu1 1 2 3 4\nintr 1 2 3\ncpu2 bad line\n';
    const cpus = parseProcStat(stat);
    assert.deepEqual([...cpus.keys()], [0, 1]);
    assert.deepEqual(cpus.get(0), { busy: 544390 + 1485 + 62135 + 0 + 234, steal: 334, total: 544390 + 1485 + 62135 + 423071 + 432 + 0 + 234 + 334 });
    assert.deepEqual(cpus.get(1), { busy: 6, steal: 0, total: 10 });
  });

  it('reads a process name with spaces and parentheses, its CPU ticks and start time', () => {
    const text = '4242 (my (odd) name) R 1 4242 4242 0 -1 4194304 122 0 0 0 700 42 0 0 20 0 1 0 1209578 3133440 382';
    assert.deepEqual(parsePidStat(text), { name: 'my (odd) name', ticks: 742, startTicks: 1209578 });
    assert.equal(parsePidStat('garbage'), null);
    assert.equal(parsePidStat('1 (x) R 1 2'), null);
  });

  it('reads /proc/meminfo in bytes, vmstat-like files and load averages', () => {
    const meminfo = parseMeminfo('MemTotal:       24684084 kB\nMemAvailable:   23956176 kB\nHugePages_Total:       0\nActive(anon):  10 kB\n');
    assert.equal(meminfo.get('MemTotal'), 24684084 * 1024);
    assert.equal(meminfo.get('HugePages_Total'), 0);
    assert.equal(meminfo.get('Active(anon)'), 10240);
    assert.deepEqual(
      [...parseKeyValues('pswpin 3\npswpout 4\nbad x\n')],
      [
        ['pswpin', 3],
        ['pswpout', 4],
      ],
    );
    assert.deepEqual(parseLoadavg('2.67 2.09 1.88 2/142 28876\n'), [2.67, 2.09, 1.88]);
    assert.equal(parseLoadavg('x'), null);
  });

  it('shortens a command line', () => {
    assert.equal(commandLine('node\0-e\0for(;;){}\0', 60), 'node -e for(;;){}');
    assert.equal(commandLine('a'.repeat(100), 10), `${'a'.repeat(9)}…`);
    assert.equal(commandLine('', 10), '');
  });
});
