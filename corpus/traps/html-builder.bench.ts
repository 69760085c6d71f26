// Trap: an HTML builder whose parts list comes from setup; each call appends a row and returns the
// page's length by joining every part so far, so each call joins one part more than the last.
// Written after the state-change thresholds were fixed. Expected: `state-changed`.
import { bench } from 'ubench';

bench('append a row and measure the page', {
  setup: () => ({ parts: ['<table>'] as string[], rows: 0 }),
  run: (page) => {
    page.rows++;
    page.parts.push(`<tr><td>${page.rows}</td><td>row ${page.rows}</td></tr>`);
    return page.parts.join('').length;
  },
});
