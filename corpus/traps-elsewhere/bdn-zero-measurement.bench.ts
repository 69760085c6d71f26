// Pitfall (BenchmarkDotNet, ZeroMeasurementAnalyser: "the method duration is indistinguishable from
// the empty method duration"; https://benchmarkdotnet.org/api/BenchmarkDotNet.Analysers.html): a
// benchmark so cheap, or so optimized, that it cannot be told from an empty one measures nothing.
// Here a feature flag is read from a frozen configuration object that never changes: the load is
// hoisted out of the loop. Expected: `optimized-away`.
// Control: the flag looked up per call in a Map by a tenant name that changes every call.
// Expected: none.
import { bench } from 'ubench';

const CONFIG = Object.freeze({ features: Object.freeze({ darkMode: true, betaSearch: false }) });

bench('feature flag read from a frozen config', () => CONFIG.features.betaSearch);

const tenants = Array.from({ length: 64 }, (_, i) => `tenant-${i}`);
const flags = new Map(tenants.map((name, i) => [name, { betaSearch: i % 3 === 0 }]));
let turn = 0;

bench('feature flag looked up per tenant', () => flags.get(tenants[(turn = (turn + 1) & 63)]!)!.betaSearch);
