// Pitfall (JMH samples, JMHSample_26_BatchSize): an operation whose cost depends on state the
// benchmark itself grows — inserting into the middle of a list — has no steady state: every call
// makes the next one dearer, and the figure depends on how many calls the harness happened to make.
// Here each call inserts into the middle of the array that setup made, so the array grows through
// the sample. Expected: `state-changed`.
import { bench } from 'ubench';

bench('insert into the middle of the setup list', {
  setup: () => Array.from({ length: 1_000 }, (_, i) => i * 3),
  run: (list) => {
    list.splice(list.length >> 1, 0, 7);
    return list.length;
  },
});
