// Trap: a manual loop that parses its JSON configuration (3 000 routes, ~300 KB) on every call of
// the body, before looping b.n times over cheap route lookups. The parse is timed once per sample
// and dwarfs the lookups in every sample. Expected: `setup-overhead`.
import { bench } from 'ubench';

interface Route {
  path: string;
  method: string;
  auth: boolean;
  rateLimit: number;
  upstream: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const CONFIG_TEXT = JSON.stringify({
  version: 3,
  routes: Array.from({ length: 3_000 }, (_, i): Route => ({
    path: `/api/v1/resource-${i}/items/:id`,
    method: METHODS[i & 3]!,
    auth: i % 3 !== 0,
    rateLimit: 100 + (i % 17) * 10,
    upstream: `http://service-${i % 12}.internal:8080`,
  })),
});

bench('route lookup, config re-parsed every call', (b) => {
  const routes = (JSON.parse(CONFIG_TEXT) as { routes: Route[] }).routes; // should be in setup
  let budget = 0;
  for (let i = 0; i < b.n; i++) {
    const route = routes[(i * 7) % routes.length]!;
    if (route.auth) budget += route.rateLimit;
  }
  return budget;
});
