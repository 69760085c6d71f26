/**
 * Every check of `ubench doctor` judged on made-up readings (src/analysis/doctor/checks/): a quiet,
 * well set-up machine reads ok everywhere, and each check's own readings turned bad give its verdict,
 * evidence with the numbers, and advice.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { overallVerdict, type Finding } from '../../src/analysis/doctor/doctor-check.js';
import { DOCTOR_CHECKS, judgeAll, MOMENTARY_CHECKS } from '../../src/analysis/doctor/doctor-checks.js';
import type { CpuWindow, DoctorReadings, SpeedReading } from '../../src/analysis/doctor/readings.js';

const USUAL_LATENCY = 5_500;
const USUAL_THROUGHPUT = 415;

const quietWindow: CpuWindow = {
  ms: 1_500,
  perCpu: [
    { cpu: 0, busy: 1 },
    { cpu: 1, busy: 0.02 },
  ],
  othersCpus: 0.02,
  ownCpus: 1,
  stealShare: 0,
  top: [],
};

const usualSpeed: SpeedReading = {
  latencyNs: USUAL_LATENCY,
  throughputNs: USUAL_THROUGHPUT,
  readings: 10_000,
  waitShare: 0,
  usualLatencyNs: USUAL_LATENCY,
  usualThroughputNs: USUAL_THROUGHPUT,
  calibrationRuns: 30,
};

/** A quiet, well set-up 2-CPU machine. */
function fit(): DoctorReadings {
  return {
    speed: usualSpeed,
    window: quietWindow,
    loadavg: [0.1, 0.1, 0.1],
    cpus: { online: 2, allowed: [0, 1], isolated: [], siblings: [[0], [1]], model: 'Test CPU' },
    frequency: { governors: ['performance'], driver: 'acpi-cpufreq' },
    boost: { on: false, source: 'cpufreq/boost 0' },
    smt: { control: 'off', active: false },
    quota: { cpus: null, periodUs: 100_000, throttledPeriods: 0, source: 'cgroup v2 /sys/fs/cgroup/cpu.max' },
    clock: { costNs: 40, resolutionNs: 30, source: 'tsc' },
    aslr: 2,
    memory: { totalBytes: 16 * 1024 ** 3, availableBytes: 12 * 1024 ** 3, limitBytes: null, swapTotalBytes: 0, swapFreeBytes: 0, swappedPages: 0 },
    nodeEnv: { nodeOptions: null, v8Coverage: null },
    power: { onBattery: false, supplies: [] },
  };
}

function judge(id: string, readings: DoctorReadings): Finding {
  const check = DOCTOR_CHECKS.find((c) => c.id === id);
  assert.ok(check, `a check ${id}`);
  const f = check.judge(readings);
  assert.equal(f.id, id);
  assert.ok(f.evidence.length > 10, `${id} gives evidence`);
  if (f.verdict === 'warn' || f.verdict === 'unfit') assert.ok(f.advice !== null && f.advice.length > 10, `${id} says what to do when ${f.verdict}`);
  return f;
}

const withSpeed = (speed: Partial<SpeedReading>): DoctorReadings => ({ ...fit(), speed: { ...usualSpeed, ...speed } });
const withWindow = (window: Partial<CpuWindow>): DoctorReadings => ({ ...fit(), window: { ...quietWindow, ...window } });

describe('doctor checks', () => {
  it('has unique ids, each judged ok on a quiet, well set-up machine', () => {
    assert.equal(new Set(DOCTOR_CHECKS.map((c) => c.id)).size, DOCTOR_CHECKS.length);
    for (const f of judgeAll(fit())) assert.equal(f.verdict, 'ok', `${f.id}: ${f.evidence}`);
    assert.equal(overallVerdict(judgeAll(fit())), 'ok');
  });

  it('waits (--wait-for-quiet) on the checks of the moment only', () => {
    assert.deepEqual(MOMENTARY_CHECKS.map((c) => c.id).sort(), ['host-speed', 'other-load', 'shared-core']);
  });

  describe('host-speed', () => {
    it('is ok within 3% of the usual latency reading', () => assert.equal(judge('host-speed', withSpeed({ latencyNs: USUAL_LATENCY * 1.02 })).verdict, 'ok'));
    it('warns from 3% slower, unfit from 10% slower, with both figures', () => {
      assert.equal(judge('host-speed', withSpeed({ latencyNs: USUAL_LATENCY * 1.05 })).verdict, 'warn');
      const f = judge('host-speed', withSpeed({ latencyNs: USUAL_LATENCY * 1.25 }));
      assert.equal(f.verdict, 'unfit');
      assert.match(f.evidence, /^25% slower than usual: latency reference 6\.875 µs per 1,000 steps .* against its usual 5\.500 µs over 30 runs/);
      assert.equal(Math.round((f.data['slower'] as number) * 100), 25);
    });
    it('counts the time the thread waited for a CPU: a usual reading with a third of the time waiting reads 50% slow', () => {
      const f = judge('host-speed', withSpeed({ waitShare: 1 / 3 }));
      assert.equal(f.verdict, 'unfit');
      assert.match(f.evidence, /waited 33% of the time for a CPU/);
    });
    it('warns when much faster than usual: the calibration describes another machine', () => {
      const f = judge('host-speed', withSpeed({ latencyNs: USUAL_LATENCY * 0.8 }));
      assert.equal(f.verdict, 'warn');
      assert.match(f.advice!, /calibration --reset/);
    });
    it('cannot tell before the calibration has 3 runs, and says how to get them', () => {
      const f = judge('host-speed', withSpeed({ calibrationRuns: 2 }));
      assert.equal(f.verdict, 'unknown');
      assert.match(f.evidence, /known after 3 runs \(2 so far\)/);
    });
    it('cannot tell without a reading, saying why', () => assert.match(judge('host-speed', { ...fit(), speed: { unread: 'no clock' } }).evidence, /cannot tell: no clock/));
  });

  describe('shared-core', () => {
    it('is ok within 10% of the usual throughput reading', () => assert.equal(judge('shared-core', withSpeed({ throughputNs: USUAL_THROUGHPUT * 1.08 })).verdict, 'ok'));
    it('warns from 10% slower and is unfit from 25% slower', () => {
      assert.equal(judge('shared-core', withSpeed({ throughputNs: USUAL_THROUGHPUT * 1.15 })).verdict, 'warn');
      assert.equal(judge('shared-core', withSpeed({ throughputNs: USUAL_THROUGHPUT * 1.7 })).verdict, 'unfit');
    });
    it('names another tenant when the machine itself was idle, and a busy process of its own when not', () => {
      const slow = { ...usualSpeed, throughputNs: USUAL_THROUGHPUT * 1.7 };
      assert.match(judge('shared-core', { ...fit(), speed: slow }).evidence, /another tenant of the physical host/);
      const busy = {
        ...fit(),
        speed: slow,
        window: {
          ...quietWindow,
          othersCpus: 0.98,
          perCpu: [
            { cpu: 0, busy: 1 },
            { cpu: 1, busy: 0.98 },
          ],
        },
      };
      assert.match(judge('shared-core', busy).evidence, /other processes of this machine used 0\.98 CPUs meanwhile \(busy: cpu0 100%, cpu1 98%/);
    });
  });

  describe('other-load', () => {
    const hog = { pid: 4242, command: 'node -e for(;;){}', cpus: 0.97 };
    it('is unfit on 2 CPUs when another process takes one, naming it', () => {
      const f = judge('other-load', withWindow({ othersCpus: 0.98, top: [hog] }));
      assert.equal(f.verdict, 'unfit');
      assert.match(f.evidence, /node -e for\(;;\)\{\} \(pid 4242\) 0\.97 CPU/);
      assert.deepEqual(f.data['topPids'], [4242]);
    });
    it('only warns for the same process on 8 CPUs: enough are left free', () => {
      const many = { ...withWindow({ othersCpus: 0.98, top: [hog] }), cpus: { ...fit().cpus, online: 8, allowed: [0, 1, 2, 3, 4, 5, 6, 7] } };
      assert.equal(judge('other-load', many).verdict, 'warn');
    });
    it('warns from a quarter of a CPU', () => assert.equal(judge('other-load', withWindow({ othersCpus: 0.3 })).verdict, 'warn'));
    it('warns on steal time', () => assert.match(judge('other-load', withWindow({ stealShare: 0.12 })).evidence, /gave 12% of this machine's CPU time to other guests/));
  });

  it('cpu-quota: none ok, under the CPUs warns, under one CPU unfit', () => {
    const quota = (cpus: number | null) => ({ ...fit(), quota: { cpus, periodUs: 100_000, throttledPeriods: 12, source: 'cgroup v2 cpu.max' } });
    assert.equal(judge('cpu-quota', quota(null)).verdict, 'ok');
    assert.equal(judge('cpu-quota', quota(2)).verdict, 'ok');
    assert.equal(judge('cpu-quota', quota(1.5)).verdict, 'warn');
    const f = judge('cpu-quota', quota(0.5));
    assert.equal(f.verdict, 'unfit');
    assert.match(f.evidence, /0\.5 CPUs per period .* throttled in 12 periods .* 100 ms period/);
  });

  it('cpus: one CPU warns; isolated CPUs not in use are named in the advice', () => {
    assert.equal(judge('cpus', { ...fit(), cpus: { ...fit().cpus, allowed: [1] } }).verdict, 'warn');
    const isolated = judge('cpus', { ...fit(), cpus: { ...fit().cpus, online: 4, allowed: [0, 1], isolated: [2, 3] } });
    assert.equal(isolated.verdict, 'ok');
    assert.match(isolated.advice!, /taskset -c 2-3/);
  });

  it('cpu-frequency: powersave warns; no cpufreq (a VM) cannot tell', () => {
    assert.equal(judge('cpu-frequency', { ...fit(), frequency: { governors: ['powersave'], driver: 'intel_pstate' } }).verdict, 'warn');
    const vm = judge('cpu-frequency', { ...fit(), frequency: { unread: 'no cpufreq in sysfs' } });
    assert.equal(vm.verdict, 'unknown');
    assert.match(vm.evidence, /cannot tell: no cpufreq in sysfs/);
  });

  it('turbo: on warns with the switch of its driver', () => {
    const f = judge('turbo', { ...fit(), boost: { on: true, source: 'intel_pstate/no_turbo 0' } });
    assert.equal(f.verdict, 'warn');
    assert.match(f.advice!, /no_turbo/);
  });

  it('smt: two usable threads of one core warn; one thread per core is ok; not exposed cannot tell', () => {
    const on = { control: 'on', active: true };
    assert.equal(judge('smt', { ...fit(), smt: on, cpus: { ...fit().cpus, siblings: [[0, 1]] } }).verdict, 'warn');
    assert.equal(
      judge('smt', {
        ...fit(),
        smt: on,
        cpus: {
          ...fit().cpus,
          online: 4,
          siblings: [
            [0, 2],
            [1, 3],
          ],
        },
      }).verdict,
      'ok',
    );
    assert.equal(judge('smt', { ...fit(), smt: { control: 'notsupported', active: false } }).verdict, 'unknown');
  });

  it('timer: a slow clock source warns, a clock steps coarser than 10 µs is unfit', () => {
    assert.equal(judge('timer', { ...fit(), clock: { costNs: 1_500, resolutionNs: 70, source: 'hpet' } }).verdict, 'warn');
    assert.equal(judge('timer', { ...fit(), clock: { costNs: 40, resolutionNs: 1e6, source: null } }).verdict, 'unfit');
  });

  it('aslr: off warns, partial and full are ok', () => {
    assert.equal(judge('aslr', { ...fit(), aslr: 0 }).verdict, 'warn');
    assert.equal(judge('aslr', { ...fit(), aslr: 1 }).verdict, 'ok');
  });

  it('swap: in use warns, swapping during the check is unfit', () => {
    const memory = fit().memory as Exclude<DoctorReadings['memory'], { unread: string }>;
    assert.equal(judge('swap', { ...fit(), memory: { ...memory, swapTotalBytes: 1e9, swapFreeBytes: 1e9 } }).verdict, 'ok');
    assert.equal(judge('swap', { ...fit(), memory: { ...memory, swapTotalBytes: 1e9, swapFreeBytes: 5e8 } }).verdict, 'warn');
    assert.equal(judge('swap', { ...fit(), memory: { ...memory, swapTotalBytes: 1e9, swapFreeBytes: 5e8, swappedPages: 300 } }).verdict, 'unfit');
  });

  it('memory: under 1 GiB warns, under 256 MiB is unfit, with a container limit named', () => {
    const memory = fit().memory as Exclude<DoctorReadings['memory'], { unread: string }>;
    assert.equal(judge('memory', { ...fit(), memory: { ...memory, availableBytes: 600 * 1024 ** 2 } }).verdict, 'warn');
    const f = judge('memory', { ...fit(), memory: { ...memory, availableBytes: 100 * 1024 ** 2, limitBytes: 512 * 1024 ** 2 } });
    assert.equal(f.verdict, 'unfit');
    assert.match(f.evidence, /container limit of 512/);
  });

  it('node-env: an inspector or coverage is unfit, other flags warn', () => {
    const env = (nodeOptions: string | null, v8Coverage: string | null = null) => ({ ...fit(), nodeEnv: { nodeOptions, v8Coverage } });
    assert.equal(judge('node-env', env('--inspect=9229')).verdict, 'unfit');
    assert.equal(judge('node-env', env('--max-old-space-size=4096 --jitless')).verdict, 'unfit');
    assert.equal(judge('node-env', env(null, '/tmp/coverage')).verdict, 'unfit');
    assert.equal(judge('node-env', env('--max-old-space-size=4096')).verdict, 'warn');
    assert.equal(judge('node-env', env('   ')).verdict, 'ok');
  });

  it('power: a discharging battery warns', () => {
    assert.equal(judge('power', { ...fit(), power: { onBattery: true, supplies: ['BAT0 (Battery, Discharging)'] } }).verdict, 'warn');
  });

  it('overall: unfit wins, then warn; cannot tell fails nothing', () => {
    assert.equal(overallVerdict([{ verdict: 'ok' }, { verdict: 'unknown' }]), 'ok');
    assert.equal(overallVerdict([{ verdict: 'warn' }, { verdict: 'unknown' }]), 'warn');
    assert.equal(overallVerdict([{ verdict: 'warn' }, { verdict: 'unfit' }, { verdict: 'ok' }]), 'unfit');
  });
});
