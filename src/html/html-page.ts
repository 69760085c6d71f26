/**
 * The page shell shared by every report page: head with the inlined stylesheet, the body, the
 * charts' data as JSON and the bundled browser script (Chart.js included), all in one file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHART_DATA_ELEMENT_ID } from './chart-spec.js';
import type { ChartRegistry } from './chart-registry.js';
import { html, inlineScript, jsonForScript } from './escape-html.js';
import { REPORT_CSS } from './report-style.js';

/** Where the build puts the bundled script: beside this module in dist, or dist seen from src (tests). */
const CLIENT_CANDIDATES = ['./report-client.js', '../../dist/html/report-client.js'];

let clientScript: string | null = null;

/** The bundled browser script (read once). */
export function reportClientScript(): string {
  if (clientScript !== null) return clientScript;
  for (const candidate of CLIENT_CANDIDATES) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) {
      clientScript = readFileSync(file, 'utf8');
      return clientScript;
    }
  }
  throw new Error("the HTML report's browser script is missing (dist/html/report-client.js): run npm run build");
}

export function renderPage(title: string, body: string, charts: ChartRegistry): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="ubench">
<title>${html(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
${body}
<script type="application/json" id="${CHART_DATA_ELEMENT_ID}">${jsonForScript(charts.specs)}</script>
<script>${inlineScript(reportClientScript())}</script>
</body>
</html>
`;
}
