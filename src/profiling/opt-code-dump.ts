/**
 * V8's printed optimized code (`--print-opt-code`, written to a file with
 * `--redirect-code-traces-to`): one block per compilation, from `--- Optimized code ---` to
 * `--- End code ---`, with a header (`name = …`, `kind = …`) and the instructions as
 * `<address> <offset> <bytes> <text>` (x64, Node 20 and 22).
 */

export interface Instruction {
  address: number;
  offset: number;
  text: string;
}

export interface CodeDump {
  name: string;
  /** e.g. `TURBOFAN`, `MAGLEV`. */
  kind: string;
  /** The whole printed block (source, header, instructions, tables). */
  raw: string;
  instructions: Instruction[];
  /** Bytes of instructions (`Instructions (size = n)`). */
  size: number;
}

const INSTRUCTION = /^(0x[0-9a-f]+)\s+([0-9a-f]+)\s+[0-9a-f]+\s+(.*?)\s*$/;
const HEADER = /^(\w+) = (.*)$/;
const SIZE = /^Instructions \(size = (\d+)\)/;

/** Splits the printed code into compilations, in print order (later compilations replace earlier ones). */
export function parseOptCode(text: string): CodeDump[] {
  const dumps: CodeDump[] = [];
  // The raw source printed before each block belongs to it.
  const blocks = text.split(/^(?=--- Raw source ---$)/m);
  for (const block of blocks) {
    const start = block.indexOf('--- Optimized code ---');
    if (start < 0) continue;
    const end = block.indexOf('--- End code ---', start);
    const body = block.slice(start, end < 0 ? undefined : end);
    const header = new Map<string, string>();
    const instructions: Instruction[] = [];
    let size = 0;
    let inInstructions = false;
    for (const line of body.split('\n')) {
      const sizeMatch = SIZE.exec(line);
      if (sizeMatch !== null) {
        size = Number(sizeMatch[1]);
        inInstructions = true;
        continue;
      }
      if (inInstructions) {
        const match = INSTRUCTION.exec(line);
        if (match !== null) instructions.push({ address: Number.parseInt(match[1]!, 16), offset: Number.parseInt(match[2]!, 16), text: match[3]!.replace(/\s{2,}/g, '  ') });
        // Comment lines continue the instruction above them; a blank or other line ends the listing.
        else if (!/^\s+;;/.test(line)) inInstructions = instructions.length === 0;
        continue;
      }
      const headerMatch = HEADER.exec(line);
      if (headerMatch !== null) header.set(headerMatch[1]!, headerMatch[2]!);
    }
    dumps.push({ name: header.get('name') ?? '', kind: header.get('kind') ?? '', raw: block.slice(0, end < 0 ? undefined : end + '--- End code ---'.length), instructions, size });
  }
  return dumps;
}

/** The instruction holding an address (the last one starting at or before it), or null outside the code. */
export function instructionAt(dump: CodeDump, address: number): Instruction | null {
  const first = dump.instructions[0];
  if (first === undefined || address < first.address || address >= first.address + dump.size) return null;
  let lo = 0;
  let hi = dump.instructions.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (dump.instructions[mid]!.address <= address) lo = mid;
    else hi = mid - 1;
  }
  return dump.instructions[lo]!;
}
