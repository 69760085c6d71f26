/**
 * The passes after timing, per bench file, each in fresh processes configured for it: GC-free
 * samples (`--gc-cost`), allocation sites (`--alloc-sites`), CPU profiles (`--profile`) and the
 * measured loop's machine code (`--disasm`).
 */
import { runDisasmPass } from './disasm-pass.js';
import { planAllocSites, planNoGc, planReplay } from './pass-plans.js';
import { noProfile, noSites, runPassProcess, type PassContext } from './run-pass-process.js';

export interface PassOptions {
  gcCost: boolean;
  allocSites: boolean;
  profile: boolean;
  disasm: boolean;
  profileTop: number;
  timeBudgetNs: number;
}

export async function runPasses(options: PassOptions, context: PassContext): Promise<void> {
  const { collector } = context;
  const aborted = (): boolean => context.childOptions.signal?.aborted === true;
  if (options.gcCost) {
    const plan = planNoGc(collector.current(context.ids));
    for (const [id, reason] of plan.impossible) collector.passOutcome(id, { noGc: { status: 'impossible', reason } });
    if (plan.pass !== null) await runPassProcess(plan.pass, Object.keys(plan.pass.maxIterations), context);
  }
  if (options.allocSites && !aborted()) {
    const plan = planAllocSites(collector.current(context.ids), options.timeBudgetNs);
    for (const [id, reason] of plan.skipped) collector.passOutcome(id, { allocSites: noSites('skipped', reason) });
    if (plan.pass !== null) await runPassProcess(plan.pass, Object.keys(plan.pass.iterations), context);
  }
  if ((options.profile || options.disasm) && !aborted()) {
    const plan = planReplay(collector.current(context.ids), options.timeBudgetNs);
    if (options.profile) {
      for (const [id, reason] of plan.skipped) collector.passOutcome(id, { cpuProfile: noProfile('skipped', reason) });
      if (plan.samples !== null) {
        const outFiles = Object.fromEntries(Object.keys(plan.samples).map((id) => [id, context.files.pathFor(id, '.cpuprofile')]));
        await runPassProcess({ kind: 'cpu-profile', samples: plan.samples, outFiles, top: options.profileTop }, Object.keys(plan.samples), context);
      }
    }
    if (options.disasm && plan.samples !== null && !aborted()) await runDisasmPass(plan.samples, context);
  }
}
