/** The report page's stylesheet, inlined in every page (no network access needed to view it). */
import { shareBarCss } from './share-bar.js';
export const REPORT_CSS = `
:root { --fg: #1d2430; --muted: #5d6675; --line: #dde2ea; --bg: #ffffff; --panel: #f6f8fb; --slower: #c0392b; --faster: #2e8b57; --warn: #b7791f; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
header.page { padding: 20px 32px 12px; border-bottom: 1px solid var(--line); }
header.page h1 { margin: 0 0 4px; font-size: 22px; }
main { padding: 8px 32px 40px; max-width: 1400px; }
h2 { margin: 32px 0 8px; font-size: 18px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { margin: 24px 0 8px; font-size: 16px; }
h4 { margin: 0 0 6px; font-size: 15px; }
.muted, figcaption { color: var(--muted); }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12.5px; }
table { border-collapse: collapse; margin: 8px 0 12px; }
th, td { padding: 4px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
th { font-weight: 600; color: var(--muted); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
article.benchmark { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 14px 16px; margin: 14px 0; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 12px; }
figure.chart { margin: 0; background: var(--bg); border: 1px solid var(--line); border-radius: 4px; padding: 8px; }
figure.chart.wide { grid-column: 1 / -1; }
.chart-box { position: relative; height: 220px; }
figure.chart.wide .chart-box { height: 300px; }
figcaption { font-size: 12px; margin-top: 4px; }
ul.diagnostics { list-style: none; padding: 0; margin: 8px 0; }
ul.diagnostics li { margin: 4px 0; padding: 6px 10px; border-left: 3px solid var(--warn); background: #fff8ec; }
ul.diagnostics li.info { border-left-color: #7a8699; background: #f1f4f8; }
ul.diagnostics li.error { border-left-color: var(--slower); background: #fdf0ee; }
.hint { color: var(--muted); display: block; margin-top: 2px; }
.verdict-slower { color: var(--slower); font-weight: 600; }
.verdict-faster { color: var(--faster); font-weight: 600; }
.verdict-same { color: var(--muted); }
.verdict-cant-tell { color: var(--warn); font-weight: 600; }
tr.regression td { background: #fdf0ee; }
article.benchmark.regression { border-color: var(--slower); border-left-width: 4px; }
.status-failed, .error-text { color: var(--slower); }
.status-skipped { color: var(--warn); }
.agree { color: var(--faster); }
.differ { color: var(--slower); font-weight: 600; }
nav.toc { font-size: 13px; margin: 12px 0; }
ul.complexity { list-style: none; padding: 0; margin: 8px 0; }
ul.complexity li { margin: 4px 0; padding: 6px 10px; border-left: 3px solid #2f6fb0; background: #f1f5fb; }
nav.toc a { color: inherit; }
section.pass { margin: 14px 0 0; }
h5 { margin: 14px 0 4px; font-size: 13.5px; }
td.share, th.share { width: 92px; min-width: 92px; font-size: 12.5px; text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.share { background-image: linear-gradient(to right, #c9d7ee var(--share, 0%), transparent var(--share, 0%)); background-repeat: no-repeat; background-size: 100% 70%; background-position: left center; }
table.hot tr.user td.mono:first-of-type { font-weight: 600; }
table.hot-lines tr.file td { border-bottom: none; padding-top: 8px; }
table.hot-lines td.source code { white-space: pre; }
table.deopts td.reason { color: var(--warn); font-weight: 600; }
details.disasm { background: var(--bg); border: 1px solid var(--line); border-radius: 4px; padding: 6px 10px; margin: 8px 0; }
details.disasm summary { cursor: pointer; font-weight: 600; }
table.disasm { margin: 4px 0; }
table.disasm td { padding: 1px 8px; border-bottom: none; white-space: pre; }
table.disasm tr.in-loop td:first-child { box-shadow: inset 3px 0 0 #7a8699; }
table.disasm tr.hot td { background-color: #fff3cd; }
table.disasm td.mark { color: var(--muted); font-size: 12px; }
p.note { color: var(--warn); }
article.explain { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px 16px; margin: 14px 0; }
article.explain.regression { border-left: 4px solid var(--slower); }
article.explain h3 { margin: 4px 0; }
p.explain-none { font-weight: 600; }
table.explain-causes tr.unsized td, table.explain-causes tr.rest td { color: var(--muted); }
table.explain-causes tr.total td { font-weight: 600; border-top: 2px solid var(--line); }
table.explain-causes td.kind { white-space: nowrap; }
ul.explain-details { list-style: none; padding: 0; margin: 4px 0 0; }
ul.explain-details code { white-space: pre-wrap; }
${shareBarCss()}
`;
