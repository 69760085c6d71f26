// Parsing small INI configuration files (sections, key = value, comments, quoted values) into nested
// objects: a line scanner with indexOf/trim against a per-line regex, over 16 seeded documents.
import { bench, group } from 'ubench';

function xorshift32(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

const SECTIONS = ['server', 'database', 'cache', 'logging', 'auth', 'metrics'];
const KEYS = ['host', 'port', 'timeout', 'enabled', 'level', 'path', 'retries', 'name', 'user', 'pool_size'];

function makeDocuments(seed: number): string[] {
  const rand = xorshift32(seed);
  return Array.from({ length: 16 }, (_, d) => {
    const lines = [`; generated config #${d}`, `app_name = "demo ${d}"`, ''];
    const sections = 3 + (d % 4);
    for (let s = 0; s < sections; s++) {
      lines.push(`[${SECTIONS[(d + s) % SECTIONS.length]}]`);
      const keys = 3 + Math.floor(rand() * 5);
      for (let k = 0; k < keys; k++) {
        const key = KEYS[(s * 3 + k) % KEYS.length]!;
        const value = rand() < 0.3 ? `"${Math.floor(rand() * 1e4)} units"` : String(Math.floor(rand() * 65_536));
        lines.push(rand() < 0.15 ? `# ${key} = ${value}` : `${key} = ${value}`);
      }
      lines.push('');
    }
    return lines.join('\n');
  });
}

type Ini = Record<string, Record<string, string>>;

const unquote = (value: string): string =>
  value.length >= 2 && value.charCodeAt(0) === 34 && value.charCodeAt(value.length - 1) === 34 ? value.slice(1, -1) : value;

function parseByScan(text: string): Ini {
  const result: Ini = { '': {} };
  let section = result['']!;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line.length === 0) continue;
    const first = line.charCodeAt(0);
    if (first === 59 /* ; */ || first === 35 /* # */) continue;
    if (first === 91 /* [ */) {
      const name = line.slice(1, line.indexOf(']'));
      section = result[name] ??= {};
      continue;
    }
    const eq = line.indexOf('=');
    if (eq === -1) continue;
    section[line.slice(0, eq).trim()] = unquote(line.slice(eq + 1).trim());
  }
  return result;
}

const SECTION_LINE = /^\s*\[([^\]]+)\]\s*$/;
const PAIR_LINE = /^\s*([^=;#\s][^=]*?)\s*=\s*(.*?)\s*$/;

function parseByRegex(text: string): Ini {
  const result: Ini = { '': {} };
  let section = result['']!;
  for (const line of text.split('\n')) {
    const header = SECTION_LINE.exec(line);
    if (header !== null) {
      section = result[header[1]!] ??= {};
      continue;
    }
    const pair = PAIR_LINE.exec(line);
    if (pair !== null) section[pair[1]!] = unquote(pair[2]!);
  }
  return result;
}

let next = 0;

group('parse an INI document', () => {
  bench('line scanner (indexOf + trim)', {
    setup: () => makeDocuments(31),
    run: (docs) => parseByScan(docs[(next = (next + 1) & 15)]!),
  }, { baseline: true });

  bench('regex per line', {
    setup: () => makeDocuments(31),
    run: (docs) => parseByRegex(docs[(next = (next + 1) & 15)]!),
  });
});
