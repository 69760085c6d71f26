// Bundles the HTML report's browser script (src/html/client/report-client.ts) with Chart.js and
// its plugins into one minified IIFE, dist/html/report-client.js, which every report page inlines:
// a report opens without network access.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  absWorkingDir: root,
  entryPoints: ['src/html/client/report-client.ts'],
  outfile: 'dist/html/report-client.js',
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  platform: 'browser',
  legalComments: 'eof',
  logLevel: 'warning',
});
