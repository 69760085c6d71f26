/**
 * The page shell shared by every report page: head with the inlined stylesheet, the body, the
 * charts' data as JSON and the bundled browser script (Chart.js included), all in one file.
 */
import { createHash } from 'node:crypto';
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

/** The CSP source of an inline element's exact text: `'sha256-<base64>'`. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The page's Content-Security-Policy: nothing loads from anywhere (`default-src 'none'`); the one
 * inline script and the one stylesheet run because their hashes are listed, so a script or style a
 * damaged results file smuggled into the markup would not; no image, font or connection is needed
 * (the charts draw on canvases). The chart data is a JSON data block, which CSP does not execute.
 */
export function contentSecurityPolicy(script: string, style: string): string {
  return [`default-src 'none'`, `script-src ${hashSource(script)}`, `style-src ${hashSource(style)}`, `base-uri 'none'`, `form-action 'none'`].join('; ');
}

export function renderPage(title: string, body: string, charts: ChartRegistry): string {
  const script = inlineScript(reportClientScript());
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${html(contentSecurityPolicy(script, REPORT_CSS))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="ubench">
<title>${html(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
${body}
<script type="application/json" id="${CHART_DATA_ELEMENT_ID}">${jsonForScript(charts.specs)}</script>
<script>${script}</script>
</body>
</html>
`;
}
