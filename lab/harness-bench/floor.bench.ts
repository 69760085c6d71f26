// The loop floor: what one iteration of the generated loop costs around an empty body.
import { bench } from 'ubench';

bench('empty body () => {}', () => {});
