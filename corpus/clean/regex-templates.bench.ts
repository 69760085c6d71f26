// Regexes at work: filling {{placeholders}} in message templates (String#replace with a callback
// against an indexOf scanner) and tokenizing arithmetic expressions (matchAll against a sticky regex).
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

const TEMPLATES = [
  'Hello {{name}}, your order #{{order}} has shipped.',
  '{{name}} invited you to {{team}}. {{count}} people have already joined.',
  'Your code is {{code}}. It expires in {{minutes}} minutes.',
  'Dear {{name}},\nyour subscription to {{plan}} renews on {{date}} for {{price}}.\nThanks, {{team}}',
];

type Vars = Record<string, string>;

function makeMessages(seed: number): { template: string; vars: Vars }[] {
  const rand = xorshift32(seed);
  return Array.from({ length: 64 }, (_, i) => ({
    template: TEMPLATES[i & 3]!,
    vars: {
      name: ['Ana', 'Bruno', 'Chloé', 'Deepak'][Math.floor(rand() * 4)]!,
      order: String(100_000 + Math.floor(rand() * 900_000)),
      team: ['Platform', 'Growth', 'Design'][Math.floor(rand() * 3)]!,
      count: String(Math.floor(rand() * 50)),
      code: Math.floor(rand() * 1e6).toString().padStart(6, '0'),
      minutes: String(5 + Math.floor(rand() * 10)),
      plan: rand() < 0.5 ? 'Pro' : 'Team',
      date: `2025-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 10)}`,
      price: `$${(rand() * 100).toFixed(2)}`,
    },
  }));
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function renderByScan(template: string, vars: Vars): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = template.indexOf('{{', from);
    if (open === -1) break;
    const close = template.indexOf('}}', open + 2);
    if (close === -1) break;
    out += template.slice(from, open) + (vars[template.slice(open + 2, close)] ?? '');
    from = close + 2;
  }
  return out + template.slice(from);
}

let next = 0;

group('fill {{placeholders}} in a message', () => {
  bench('String#replace with a callback', {
    setup: () => makeMessages(17),
    run: (messages) => {
      const { template, vars } = messages[(next = (next + 1) & 63)]!;
      return template.replace(PLACEHOLDER, (_, key: string) => vars[key] ?? '');
    },
  }, { baseline: true });

  bench('indexOf scanner', {
    setup: () => makeMessages(17),
    run: (messages) => {
      const { template, vars } = messages[(next = (next + 1) & 63)]!;
      return renderByScan(template, vars);
    },
  });
});

function makeExpressions(seed: number): string[] {
  const rand = xorshift32(seed);
  const ops = ['+', '-', '*', '/'];
  return Array.from({ length: 64 }, () => {
    let text = String(Math.floor(rand() * 100));
    const terms = 3 + Math.floor(rand() * 8);
    for (let t = 0; t < terms; t++) {
      const operand = rand() < 0.3 ? `(${(rand() * 10).toFixed(1)} ${ops[Math.floor(rand() * 4)]} x${t})` : String(Math.floor(rand() * 1_000));
      text += ` ${ops[Math.floor(rand() * 4)]} ${operand}`;
    }
    return text;
  });
}

const TOKEN_G = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_]\w*)|([-+*/()]))/g;
const TOKEN_Y = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_]\w*)|([-+*/()]))/y;

group('tokenize an arithmetic expression', () => {
  bench('matchAll', {
    setup: () => makeExpressions(18),
    run: (expressions) => {
      let numbers = 0;
      let tokens = 0;
      for (const match of expressions[(next = (next + 1) & 63)]!.matchAll(TOKEN_G)) {
        tokens++;
        if (match[1] !== undefined) numbers += Number(match[1]);
      }
      return numbers + tokens;
    },
  }, { baseline: true });

  bench('sticky regex loop', {
    setup: () => makeExpressions(18),
    run: (expressions) => {
      const text = expressions[(next = (next + 1) & 63)]!;
      let numbers = 0;
      let tokens = 0;
      TOKEN_Y.lastIndex = 0;
      let match: RegExpExecArray | null;
      while ((match = TOKEN_Y.exec(text)) !== null) {
        tokens++;
        if (match[1] !== undefined) numbers += Number(match[1]);
      }
      return numbers + tokens;
    },
  });
});
