/**
 * The clock's resolution and cost (engine/loop/clock.ts `measureClock`) and the kernel's clock
 * source. ubench reads the clock once per sample and makes a sample at least 1,000 reads and 1,000
 * steps long (engine/process/child-config.ts), so a slow or coarse clock lengthens every sample.
 */
import { formatDuration } from '../../../results/text/format-units.js';
import { type DoctorCheck, finding } from '../doctor-check.js';

/** A read or step above this warns: a sample must then last over a millisecond (1,000×). */
export const TIMER_WARN_NS = 1_000;
/** Above this even ubench's longest samples (10 ms) are under 1,000 reads or steps: a reading's error passes 0.1%. */
export const TIMER_UNFIT_NS = 10_000;
/** Clock sources read through a slow device rather than the CPU's counter (reads of a microsecond or more). */
export const SLOW_CLOCK_SOURCES: readonly string[] = ['hpet', 'acpi_pm', 'jiffies', 'pit'];

export const timer: DoctorCheck = {
  id: 'timer',
  title: 'timer resolution and cost',
  momentary: false,
  judge(r) {
    const c = r.clock;
    const worst = Math.max(c.costNs, c.resolutionNs);
    const source = c.source === null ? '' : `, clock source ${c.source}`;
    const evidence = `a read costs ${formatDuration(c.costNs)}, steps of ${formatDuration(c.resolutionNs)}${source}`;
    const data = { costNs: c.costNs, resolutionNs: c.resolutionNs, source: c.source };
    const slowSource = c.source !== null && SLOW_CLOCK_SOURCES.includes(c.source);
    const advice = slowSource
      ? `the kernel reads time through ${c.source}: a tsc clock source (if the CPU's is stable) reads in tens of ns (/sys/devices/system/clocksource/clocksource0/available_clocksource)`
      : "a machine whose kernel uses the CPU's time-stamp counter (tsc) reads the clock in tens of ns";
    if (worst > TIMER_UNFIT_NS) return finding(this, 'unfit', `${evidence}: even 10 ms samples hold fewer than 1,000 of them.`, advice, data);
    if (worst > TIMER_WARN_NS || slowSource) return finding(this, 'warn', `${evidence}: every sample must last at least ${formatDuration(worst * 1_000)}.`, advice, data);
    return finding(this, 'ok', `${evidence}.`, null, data);
  },
};
