/** The environment table: runtime, CPU, OS, flags, commit, clock and the settings of the run. */
import { runtimeLabel } from '../results/runtime-identity.js';
import type { Environment, RunSettings } from '../results/types.js';
import { formatBytes, formatDuration, formatPercent } from '../results/text/format-units.js';
import { html } from './escape-html.js';

function row(label: string, value: string): string {
  return `<tr><th>${html(label)}</th><td>${html(value)}</td></tr>`;
}

export function environmentRows(env: Environment): string[] {
  return [
    row('runtime', `${runtimeLabel(env)} (${env.runtime === 'bun' ? env.v8Version : `V8 ${env.v8Version}`})`),
    row('CPU', `${env.cpu.model} · ${env.cpu.cores} cores${env.cpu.speedMHz === null ? '' : ` · ${env.cpu.speedMHz} MHz`}`),
    row('OS', `${env.os.platform} ${env.os.release} ${env.os.arch} · ${formatBytes(env.totalMemoryBytes)} memory`),
    row(env.harnessV8Flags === undefined ? 'flags' : 'flags (--node-flags)', env.v8Flags.length === 0 ? '(none)' : env.v8Flags.join(' ')),
    ...(env.harnessV8Flags === undefined ? [] : [row("ubench's own flags", env.harnessV8Flags.length === 0 ? '(none)' : env.harnessV8Flags.join(' '))]),
    row('commit', env.git === null ? '(not a git checkout)' : `${env.git.commit}${env.git.dirty ? ' (uncommitted changes)' : ''}`),
    row('clock', env.clock === null ? '—' : `read costs ${formatDuration(env.clock.costNs)}, smallest step ${formatDuration(env.clock.resolutionNs)}`),
    row('ubench', `${env.ubenchVersion}, started ${env.startedAt}`),
  ];
}

export function settingsRows(s: RunSettings): string[] {
  return [
    row('budget per benchmark', `${formatDuration(s.timeBudgetNs)} sampling, warm-up up to ${formatDuration(s.warmupMaxNs)}, precision target ±${formatPercent(s.precisionTarget)}`),
    row('processes', `${s.forks} per benchmark file, isolation by ${s.isolate}${s.filter === null ? '' : `, filter ${s.filter}`}`),
  ];
}

export function environmentSection(env: Environment, settings: RunSettings | null): string {
  return `<section id="environment"><h2>Environment</h2><table class="environment">${[...environmentRows(env), ...(settings === null ? [] : settingsRows(settings))].join('')}</table></section>`;
}
