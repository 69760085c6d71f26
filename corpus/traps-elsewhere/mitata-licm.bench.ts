// Pitfall (mitata README, "loop-invariant code motion optimization", and ata-validator issue #13,
// where a validator benchmarked on one fixed document was flagged for it;
// https://github.com/ata-core/ata-validator/issues/13): a body whose input never changes between
// calls lets the JIT compute the answer once, outside the loop. Here a schema check of one
// module-level document. Expected: `optimized-away`.
import { bench } from 'ubench';

interface Doc {
  id: number;
  email: string;
  tags: string[];
}

const DOC: Doc = { id: 42, email: 'a@example.org', tags: ['admin', 'ops'] };

function isValid(doc: Doc): boolean {
  return typeof doc.id === 'number' && doc.id > 0 && typeof doc.email === 'string' && doc.email.length > 3 && Array.isArray(doc.tags) && doc.tags.length <= 8;
}

bench('schema check of one fixed document', () => isValid(DOC));
