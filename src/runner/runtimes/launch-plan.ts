/**
 * How a benchmark process is started in each runtime: the command, its arguments and where its
 * events arrive. The same engine (`engine/process/child-main.js`) runs in every one of them; what
 * differs is how each is told to load TypeScript, expose its instruments and write events.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildRequest, RuntimeTarget } from '../../engine/process/events.js';
import { LOOP_NAME_PREFIX } from '../../engine/loop/codegen.js';
import { perfCommand, perfRecordArgs } from '../../profiling/perf-samples.js';
import { callgrindArgs, DETERMINISTIC_V8_FLAGS, valgrindCommand } from '../../profiling/callgrind-command.js';
import { REGION_MARKER } from '../../engine/passes/instructions/count-regions.js';

const childMain = fileURLToPath(new URL('../../engine/process/child-main.js', import.meta.url));
/** ubench's own files: a Deno child reads them (and nothing else of ubench). */
const packageRoot = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * ubench's loader: `.ts` bench files and their imports run as the user's build would ship them
 * (engine/loader/). Node cannot `--import` TypeScript, so ubench run from its sources (its own
 * tests) starts children with the built loader, which then loads the engine's sources.
 */
const typescriptLoader = new URL(`${import.meta.url.endsWith('.ts') ? '../../../dist/' : '../../'}engine/loader/register-loader.js`, import.meta.url).href;

export interface LaunchPlan {
  command: string;
  args: string[];
  /** The request as the child reads it from its stdin (JSON): never on the command line, where it is limited in size and shown by `ps`. */
  request: string;
  /** Events arrive in this file (the child appends) rather than on descriptor 3. */
  channelFile: string | null;
}

/** Temporary files of one process: V8's deoptimization log and, where used, the event file. */
export interface ProcessFiles {
  deoptLog: string;
  channel: string;
}

/** V8 flags a pass's process needs (see PassRequest). */
export function passFlags(pass: ChildRequest['pass']): string[] {
  // Every small allocation young, where the memory phase counts it exactly (docs/memory.md).
  if (pass?.kind === 'pretenuring-off') return ['--no-allocation-site-pretenuring'];
  if (pass?.kind === 'no-gc') return [`--min-semi-space-size=${pass.semiSpaceMiB}`, `--max-semi-space-size=${pass.semiSpaceMiB}`, '--no-allocation-site-pretenuring'];
  if (pass?.kind === 'instructions') return DETERMINISTIC_V8_FLAGS;
  if (pass?.kind === 'disasm') {
    return [
      // TurboFan code of the generated loops only, to a file: V8 would otherwise print to stdout (docs/design.md §3).
      '--print-opt-code',
      `--print-opt-code-filter=${LOOP_NAME_PREFIX}*`,
      '--redirect-code-traces',
      `--redirect-code-traces-to=${pass.codeFile}`,
      // perf names JIT code from /tmp/perf-<pid>.map.
      ...(pass.perfData === null ? [] : ['--perf-basic-prof']),
    ];
  }
  return [];
}

/** The command that starts a Node child: node itself, or node under `perf record` for an annotated disassembly. */
export function childCommand(pass: ChildRequest['pass'], nodeArgs: string[], node: string = process.execPath): { command: string; args: string[] } {
  if (pass?.kind === 'disasm' && pass.perfData !== null) return { command: perfCommand(), args: [...perfRecordArgs(pass.perfData), node, ...nodeArgs] };
  if (pass?.kind === 'instructions') return { command: valgrindCommand(), args: [...callgrindArgs(pass.callgrindOut, REGION_MARKER, pass.cacheSim, pass.instrumentation === null), node, ...nodeArgs] };
  return { command: node, args: nodeArgs };
}

/**
 * V8 flags given up front where the engine cannot set them at run time as it does in Node
 * (jit-tier.ts, forced-gc.ts): natives for tiers, `gc()`, and natives that do not abort on a wrong
 * argument. Deno's node:v8 and a Chromium page have no `v8.setFlagsFromString` that takes effect.
 */
export const UP_FRONT_V8_FLAGS = ['--allow-natives-syntax', '--expose-gc', '--fuzzing'];

/** V8's deoptimization log (docs/design.md §3), read by the child between phases (or, in a browser, by the parent). */
export function deoptFlags(file: string): string[] {
  return ['--log-deopt', `--logfile=${file}`, '--no-logfile-per-isolate'];
}

export function launchPlan(request: ChildRequest, runtime: RuntimeTarget | undefined, files: ProcessFiles, extraArgs: readonly string[] = []): LaunchPlan {
  const kind = runtime?.kind ?? 'node';
  const userFlags = request.nodeFlags ?? [];
  if (kind === 'bun') {
    // Bun runs TypeScript itself; JavaScriptCore has no deoptimization log (its tiers are read through bun:jsc).
    return { command: runtime!.executable, args: [...extraArgs, childMain], request: JSON.stringify({ ...request, deoptLogPath: null }), channelFile: null };
  }
  if (kind === 'deno') {
    // The user's flags go to V8 too (Deno has no Node flags), before a pass's, which must win.
    const v8Flags = [...UP_FRONT_V8_FLAGS, ...deoptFlags(files.deoptLog), ...userFlags, ...passFlags(request.pass)];
    const readable = [...new Set([path.resolve(request.file, '..'), process.cwd(), packageRoot, files.deoptLog, '/proc/thread-self/schedstat'])];
    const args = [
      'run',
      // Exactly what the engine needs: read the bench file's project and ubench, append events to one file, read the environment.
      '--no-prompt',
      `--allow-read=${readable.join(',')}`,
      `--allow-write=${files.channel}`,
      '--allow-env',
      // Imports as a TypeScript project writes them for Node (`./lib.js` for lib.ts, no extension), as ubench's Node loader resolves them.
      '--sloppy-imports',
      `--v8-flags=${v8Flags.join(',')}`,
      ...extraArgs,
      childMain,
    ];
    return { command: runtime!.executable, args, request: JSON.stringify({ ...request, deoptLogPath: files.deoptLog, channelFile: files.channel }), channelFile: files.channel };
  }
  // The user's flags after ubench's deoptimization log and before a pass's flags, which must win (a later V8 flag overrides an earlier one).
  const nodeArgs = ['--import', typescriptLoader, ...deoptFlags(files.deoptLog), ...userFlags, ...extraArgs, ...passFlags(request.pass), childMain];
  const node = runtime?.executable ?? process.execPath;
  const { command, args } = childCommand(request.pass, nodeArgs, node);
  return { command, args, request: JSON.stringify({ ...request, deoptLogPath: files.deoptLog }), channelFile: null };
}
