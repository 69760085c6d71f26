/**
 * Hot functions and hot lines from a V8 CPU profile (inspector `Profiler.stop`), counting only the
 * samples taken inside the timed regions.
 *
 * V8 attributes a sample in inlined code to the function it was inlined into, but its per-line
 * counts (`positionTicks`) carry the inlined code's own line numbers. So a host function's lines
 * that fall outside its own body are handed to the function that spans them — in the host's script
 * first, then in the candidate scripts (the bench file first). Lines are all V8 reports, so two
 * functions on one line are not told apart (the innermost is taken).
 */
import type { HotFunction, HotFunctionKind, HotLine } from '../results/types.js';
import type { ScriptFunction, ScriptFunctions } from './script-functions.js';
import { windowCursor, type TimeWindows } from './time-windows.js';
import { reachableFunctions } from './reachable-functions.js';

export interface CallFrame {
  functionName: string;
  scriptId: string;
  url: string;
  /** 0-based. */
  lineNumber: number;
  /** 0-based. */
  columnNumber: number;
}

export interface CpuProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
  positionTicks?: { line: number; ticks: number }[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  /** µs, on the same clock as `process.hrtime` (measured on Node 20 and 22). */
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface SummaryContext {
  /**
   * Timed regions, [start, end] in µs, in order; or null where the profile's clock is not the
   * process's (a browser page): then the samples with the measured loop on their stack, which is
   * what a timed region runs (setup and teardown run outside the loop function).
   */
  windows: TimeWindows | null;
  /** The scripts whose functions are known, by script id. */
  scripts: ReadonlyMap<string, ScriptFunctions>;
  /** Scripts to look for inlined code in, most likely first (the bench file first); packed ones are skipped. */
  inlineCandidates: readonly string[];
  /** Where the benchmark's body is (its script and an offset inside it): inlined lines go to functions it can reach (reachable-functions.ts). Absent: not known. */
  bodies?: readonly { scriptId: string; offset: number }[];
  /** Whether a frame is the generated measured loop. */
  isLoop(frame: CallFrame): boolean;
  /** How the measured loop is named, e.g. `measured loop for sum`. */
  loopLabel: string;
  /** Lines of the measured loop's own source start here; lower lines in its ticks are inlined code. */
  loopLineOffset: number;
  /** Where code comes from (for frames with a url), by its position (1-based): a bundle holds both. */
  classify(url: string, line: number, column: number): Extract<HotFunctionKind, 'user' | 'harness' | 'node'>;
  /** `file:line:column` as the user knows it (source-mapped, relative). */
  locate(url: string, line: number, column: number): string;
  /** The original file and line of a line of a loaded script, or null. */
  originalLine(url: string, line: number): { file: string; line: number } | null;
  /** The text of a line of an original file, or null. */
  lineText(file: string, line: number): string | null;
  top: number;
}

export interface CpuProfileSummary {
  /** Samples inside the timed regions. */
  sampleCount: number;
  /** Scripts with samples whose lines could not be told apart (packed), by url. */
  packedScripts: string[];
  hot: HotFunction[];
  lines: HotLine[];
}

/** How many of each node's samples fall inside the windows. */
export function samplesInWindows(profile: CpuProfile, windows: TimeWindows): Map<number, number> {
  const counts = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const inWindow = windowCursor(windows);
  let time = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    time += deltas[i] ?? 0;
    if (inWindow(time)) counts.set(samples[i]!, (counts.get(samples[i]!) ?? 0) + 1);
  }
  return counts;
}

/**
 * How many of each node's samples have the measured loop on their stack (the loop's node or below
 * it); a run of garbage-collector samples between two such samples counts too (V8 shows GC as a root, not
 * under the code that allocated).
 */
export function samplesUnderLoop(profile: CpuProfile, isLoop: (frame: CallFrame) => boolean): Map<number, number> {
  const children = new Map(profile.nodes.map((node) => [node.id, node.children ?? []]));
  const gc = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(garbage collector)').map((node) => node.id));
  const under = new Set<number>();
  const mark = (id: number): void => {
    const stack = [id];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (under.has(next)) continue;
      under.add(next);
      stack.push(...(children.get(next) ?? []));
    }
  };
  for (const node of profile.nodes) if (isLoop(node.callFrame)) mark(node.id);
  const samples = profile.samples ?? [];
  const counts = new Map<number, number>();
  const count = (id: number, n: number): void => void counts.set(id, (counts.get(id) ?? 0) + n);
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i]!;
    if (under.has(id)) count(id, 1);
    if (!gc.has(id)) continue;
    let end = i;
    while (end + 1 < samples.length && samples[end + 1] === id) end++;
    if (under.has(samples[i - 1] ?? -1) && under.has(samples[end + 1] ?? -1)) count(id, end - i + 1);
    i = end;
  }
  return counts;
}

const VM_FRAMES = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);

interface Owner {
  key: string;
  name: string;
  location: string | null;
  kind: HotFunctionKind;
}

function ownerOfFunction(script: ScriptFunctions, fn: ScriptFunction, context: SummaryContext): Owner {
  return {
    key: `${script.scriptId}@${fn.startOffset}`,
    name: fn.name === '' ? '(anonymous)' : fn.name,
    location: context.locate(script.url, fn.startLine, fn.startColumn),
    kind: context.classify(script.url, fn.startLine, fn.startColumn),
  };
}

function ownerOfNode(node: CpuProfileNode, context: SummaryContext): Owner {
  const frame = node.callFrame;
  if (context.isLoop(frame)) return { key: 'loop', name: context.loopLabel, location: null, kind: 'measured-loop' };
  if (VM_FRAMES.has(frame.functionName)) return { key: frame.functionName, name: frame.functionName, location: null, kind: 'vm' };
  const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
  if (frame.url === '') return { key: `builtin:${name}`, name: `${name} (built-in)`, location: null, kind: 'builtin' };
  const script = context.scripts.get(frame.scriptId);
  const fn = script?.functionAtOffset(script.offset(frame.lineNumber + 1, frame.columnNumber + 1)) ?? null;
  if (script !== undefined && fn !== null) return ownerOfFunction(script, fn, context);
  return {
    key: `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`,
    name,
    location: context.locate(frame.url, frame.lineNumber + 1, frame.columnNumber + 1),
    kind: context.classify(frame.url, frame.lineNumber + 1, frame.columnNumber + 1),
  };
}

/**
 * The functions each function was seen calling, directly or further down (by owner key): code
 * inlined into a function was called by it before it was inlined (the profile starts before the
 * warm-up), so a ticked line outside the host's body belongs to one of these, whatever its script.
 */
function calleesByHost(profile: CpuProfile, context: SummaryContext): Map<string, Set<string>> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const keyOf = new Map(profile.nodes.map((n) => [n.id, ownerOfNode(n, context).key]));
  const below = new Map<number, Set<string>>();
  const collect = (id: number, seen: Set<number>): Set<string> => {
    const known = below.get(id);
    if (known !== undefined) return known;
    const keys = new Set<string>();
    below.set(id, keys);
    for (const child of byId.get(id)?.children ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      keys.add(keyOf.get(child)!);
      for (const k of collect(child, seen)) keys.add(k);
    }
    return keys;
  };
  const callees = new Map<string, Set<string>>();
  for (const node of profile.nodes) {
    const host = keyOf.get(node.id)!;
    const set = callees.get(host) ?? new Set<string>();
    for (const k of collect(node.id, new Set([node.id]))) set.add(k);
    callees.set(host, set);
  }
  return callees;
}

/** The function a ticked line belongs to when it is not the host's own code; null keeps it with the host. */
function inlinedOwner(
  node: CpuProfileNode,
  host: Owner,
  line: number,
  context: SummaryContext,
  callees: ReadonlyMap<string, ReadonlySet<string>>,
  reachable: ReadonlySet<string>,
): { owner: Owner; script: ScriptFunctions } | null {
  const own = context.scripts.get(node.callFrame.scriptId);
  if (context.isLoop(node.callFrame)) {
    if (line >= context.loopLineOffset) return null;
  } else if (own !== undefined) {
    if (own.packed) return null;
    const frame = node.callFrame;
    const hostFn = own.functionAtOffset(own.offset(frame.lineNumber + 1, frame.columnNumber + 1));
    if (hostFn !== null && hostFn.startLine <= line && line <= hostFn.endLine) {
      // A line of the running function: it stays there unless it lies wholly inside an inner
      // function (not on its first or last line, which it shares with the code around it).
      const inner = own.functionAtLine(line);
      const nested = inner !== null && inner !== hostFn && inner.startOffset >= hostFn.startOffset && inner.endOffset <= hostFn.endOffset;
      return nested && inner.startLine < line && line < inner.endLine ? { owner: ownerOfFunction(own, inner, context), script: own } : null;
    }
    const fn = own.ownerOfLine(line);
    if (fn === hostFn) return null;
  }
  // Every function spanning the line, the host's script first, then the candidates (the bench file first):
  // the one the host was seen calling wins; without one, the first.
  const spanning: { owner: Owner; script: ScriptFunctions }[] = [];
  const candidates = context.inlineCandidates.map((id) => context.scripts.get(id));
  // The measured loop's own script is generated: lines below its offset are inlined code from elsewhere.
  for (const script of context.isLoop(node.callFrame) ? candidates : [own, ...candidates]) {
    if (script === undefined || script.packed || spanning.some((s) => s.script === script)) continue;
    const fn = script.ownerOfLine(line);
    if (fn !== null) spanning.push({ owner: ownerOfFunction(script, fn, context), script });
  }
  const called = callees.get(host.key);
  return spanning.find((s) => reachable.has(s.owner.key)) ?? spanning.find((s) => called?.has(s.owner.key) === true) ?? spanning[0] ?? null;
}

export function summarizeCpuProfile(profile: CpuProfile, context: SummaryContext): CpuProfileSummary {
  const counts = context.windows === null ? samplesUnderLoop(profile, context.isLoop) : samplesInWindows(profile, context.windows);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, { owner: Owner; weight: number; hosts: Map<string, number> }>();
  const lines = new Map<string, { url: string; line: number; weight: number }>();
  const packed = new Set<string>();
  // Inlined code most likely comes from the first candidate (the bench file): if it is packed, its lines cannot be placed.
  const first = context.scripts.get(context.inlineCandidates[0] ?? '');
  if (first?.packed) packed.add(first.url);
  const add = (owner: Owner, weight: number, host: Owner | null): void => {
    const entry = functions.get(owner.key) ?? { owner, weight: 0, hosts: new Map<string, number>() };
    entry.weight += weight;
    if (host !== null) entry.hosts.set(host.name, (entry.hosts.get(host.name) ?? 0) + weight);
    functions.set(owner.key, entry);
  };
  const addLine = (url: string, line: number, weight: number): void => {
    const key = `${url}\0${line}`;
    const entry = lines.get(key) ?? { url, line, weight: 0 };
    entry.weight += weight;
    lines.set(key, entry);
  };
  const callees = calleesByHost(profile, context);
  const reachable = reachableFunctions(context.bodies ?? [], context.scripts);
  for (const node of profile.nodes) {
    const count = counts.get(node.id) ?? 0;
    if (count === 0) continue;
    const host = ownerOfNode(node, context);
    const ticks = node.positionTicks ?? [];
    const tickTotal = ticks.reduce((a, t) => a + t.ticks, 0);
    if (tickTotal === 0 || (host.kind !== 'user' && host.kind !== 'measured-loop')) {
      add(host, count, null);
      continue;
    }
    for (const tick of ticks) {
      const weight = (count * tick.ticks) / tickTotal;
      const inlined = inlinedOwner(node, host, tick.line, context, callees, reachable);
      if (inlined === null) {
        add(host, weight, null);
        const own = context.scripts.get(node.callFrame.scriptId);
        if (own?.packed) packed.add(own.url);
        else if (host.kind === 'user') addLine(node.callFrame.url, tick.line, weight);
      } else {
        add(inlined.owner, weight, host);
        if (inlined.owner.kind === 'user') addLine(inlined.script.url, tick.line, weight);
      }
    }
  }
  const percent = (weight: number): number => (total === 0 ? 0 : (100 * weight) / total);
  const hot = [...functions.values()]
    .sort((a, b) => b.weight - a.weight)
    .slice(0, context.top)
    .map(({ owner, weight, hosts }) => ({
      function: owner.name,
      location: owner.location,
      selfPercent: percent(weight),
      kind: owner.kind,
      inlinedInto: hosts.size === 0 ? null : [...hosts].sort((a, b) => b[1] - a[1])[0]![0],
    }));
  return { sampleCount: total, packedScripts: [...packed], hot, lines: hotLines([...lines.values()], total, context) };
}

function hotLines(ticked: { url: string; line: number; weight: number }[], total: number, context: SummaryContext): HotLine[] {
  const byOriginal = new Map<string, { file: string; line: number; weight: number }>();
  for (const { url, line, weight } of ticked) {
    const original = context.originalLine(url, line);
    if (original === null) continue;
    const key = `${original.file}\0${original.line}`;
    const entry = byOriginal.get(key) ?? { ...original, weight: 0 };
    entry.weight += weight;
    byOriginal.set(key, entry);
  }
  return [...byOriginal.values()]
    .sort((a, b) => b.weight - a.weight)
    .slice(0, context.top)
    .sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1))
    .map(({ file, line, weight }) => ({ file, line, text: context.lineText(file, line), percent: total === 0 ? 0 : (100 * weight) / total }));
}
