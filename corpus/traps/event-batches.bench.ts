// Trap: an event loop's "take the next batch" step, `queue.splice(0, 16)`, on 2 000 queued events
// made in setup. After 125 calls the queue is empty, and the rest of every sample splices an
// empty array. Expected: `state-changed`.
import { bench } from 'ubench';

interface DomEvent {
  type: 'click' | 'input' | 'scroll';
  target: string;
  at: number;
}

const TYPES = ['click', 'input', 'scroll'] as const;

bench('take the next batch of 16 events', {
  setup: () => Array.from({ length: 2_000 }, (_, i): DomEvent => ({ type: TYPES[i % 3]!, target: `#node-${i % 97}`, at: i * 16 })),
  run: (queue) => {
    const batch = queue.splice(0, 16);
    let clicks = 0;
    for (const event of batch) if (event.type === 'click') clicks++;
    return clicks;
  },
});
