/**
 * The HTML report's browser script (bundled with Chart.js by scripts/build-client.mjs and inlined
 * into every page): draws each `<canvas data-chart="id">` from the JSON specs in the page. It adds
 * no HTML: labels are drawn on the canvas. A chart that fails is logged and marked, the rest draw.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import annotationPlugin from 'chartjs-plugin-annotation';
import { BarWithErrorBar, BarWithErrorBarsController, LineWithErrorBarsController, PointWithErrorBar, ScatterWithErrorBarsController } from 'chartjs-chart-error-bars';
import { formatDuration } from '../../results/text/format-units.js';
import { CHART_DATA_ELEMENT_ID, type ChartSpec } from '../chart-spec.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  ScatterController,
  Tooltip,
  annotationPlugin,
  BarWithErrorBarsController,
  BarWithErrorBar,
  LineWithErrorBarsController,
  PointWithErrorBar,
  ScatterWithErrorBarsController,
);

const BLUE = '#2f6fb0';
const BLUE_FILL = 'rgba(47, 111, 176, 0.55)';
const CI_FILL = 'rgba(230, 145, 56, 0.25)';
const ORANGE = '#d9731a';
/** One colour per runtime after the first (colour-blind-safe palette). */
const RUNTIME_COLORS = ['rgba(230, 159, 0, 0.7)', 'rgba(0, 114, 178, 0.7)', 'rgba(0, 158, 115, 0.7)', 'rgba(204, 121, 167, 0.7)', 'rgba(86, 180, 233, 0.7)'];
const VERDICT_COLOR = { slower: '#c0392b', faster: '#2e8b57', same: '#8a8f98', 'cant-tell': '#d9a21a' } as const;

/** Axis ticks need no trailing zeros: `9 µs`, `5.5 µs`, not `9.000 µs`. */
const nsTick = (value: string | number): string =>
  formatDuration(Number(value))
    .replace(/(\.\d*?)0+(?= )/, '$1')
    .replace(/\.(?= )/, '');
const plain = (value: string | number): string => String(Number(Number(value).toPrecision(3)));

/** Options every chart shares: no animation (drawn at once, so screenshots and tests see it). */
const base = { animation: false as const, responsive: true, maintainAspectRatio: false };

function configFor(spec: ChartSpec): ChartConfiguration {
  switch (spec.kind) {
    case 'histogram':
      return {
        type: 'bar',
        data: { datasets: [{ label: 'samples', data: spec.bins.map((b) => ({ x: (b.from + b.to) / 2, y: b.count })), backgroundColor: BLUE_FILL, barPercentage: 1, categoryPercentage: 1 }] },
        options: {
          ...base,
          scales: { x: { type: 'linear', title: { display: true, text: 'time per operation' }, ticks: { callback: nsTick } }, y: { title: { display: true, text: 'samples' }, beginAtZero: true } },
          plugins: {
            legend: { display: false },
            annotation: {
              annotations: {
                ci: { type: 'box', xMin: spec.ciLower, xMax: spec.ciUpper, backgroundColor: CI_FILL, borderWidth: 0 },
                median: {
                  type: 'line',
                  xMin: spec.median,
                  xMax: spec.median,
                  borderColor: ORANGE,
                  borderWidth: 2,
                  label: { display: true, content: `median ${formatDuration(spec.median)}`, position: 'start' },
                },
              },
            },
          },
        },
      } as ChartConfiguration;
    case 'run-order':
      return {
        type: 'scatter',
        data: { datasets: [{ label: 'sample', data: spec.values.map((y, i) => ({ x: i + 1, y })), backgroundColor: BLUE, pointRadius: 2 }] },
        options: {
          ...base,
          scales: { x: { title: { display: true, text: 'sample, in the order taken' } }, y: { title: { display: true, text: 'time per operation' }, ticks: { callback: nsTick } } },
          plugins: {
            legend: { display: false },
            annotation: {
              annotations: Object.fromEntries([
                ['median', { type: 'line', yMin: spec.median, yMax: spec.median, borderColor: ORANGE, borderWidth: 1.5 }],
                ...spec.forkStarts.map((s, i) => [`fork${i}`, { type: 'line', xMin: s + 0.5, xMax: s + 0.5, borderColor: '#999', borderDash: [4, 4] }]),
              ]),
            },
          },
        },
      } as ChartConfiguration;
    case 'iterations':
      return {
        type: 'scatter',
        data: {
          datasets: [
            { label: 'sample', data: spec.points, backgroundColor: BLUE, pointRadius: 2 },
            ...(spec.fit === null ? [] : [{ label: 'least-squares fit', data: spec.fit, type: 'line' as const, borderColor: ORANGE, pointRadius: 0, borderWidth: 1.5 }]),
          ],
        },
        options: {
          ...base,
          scales: { x: { title: { display: true, text: 'iterations in the sample' } }, y: { title: { display: true, text: 'sample time' }, ticks: { callback: nsTick } } },
        },
      } as ChartConfiguration;
    case 'estimate-bars':
      return {
        type: 'barWithErrorBars',
        data: {
          labels: spec.labels.map((l, i) => [l, spec.notes[i] ?? '']),
          datasets: [{ label: 'time per operation (95% CI)', data: spec.values.map((y, i) => ({ y, yMin: spec.lower[i]!, yMax: spec.upper[i]! })), backgroundColor: BLUE_FILL }],
        },
        options: { ...base, indexAxis: 'x', scales: { y: { beginAtZero: true, ticks: { callback: nsTick } } }, plugins: { legend: { display: false } } },
      } as unknown as ChartConfiguration;
    case 'change-bars':
      return {
        type: 'barWithErrorBars',
        data: {
          labels: spec.labels,
          datasets: [{ label: 'change (95% CI)', data: spec.values.map((y, i) => ({ y, yMin: spec.lower[i]!, yMax: spec.upper[i]! })), backgroundColor: spec.verdicts.map((v) => VERDICT_COLOR[v]) }],
        },
        options: {
          ...base,
          scales: { y: { title: { display: true, text: 'change of the median, %' }, ticks: { callback: (v: string | number) => `${plain(v)}%` } } },
          plugins: { legend: { display: false } },
        },
      } as unknown as ChartConfiguration;
    case 'runtime-bars':
      return {
        type: 'barWithErrorBars',
        data: {
          labels: spec.labels,
          datasets: spec.runtimes.map((r, i) => ({
            label: `${r.label} ÷ ${spec.reference}`,
            data: r.values.map((y, j) => (y === null ? { y: Number.NaN, yMin: Number.NaN, yMax: Number.NaN } : { y, yMin: r.lower[j] ?? y, yMax: r.upper[j] ?? y })),
            backgroundColor: RUNTIME_COLORS[i % RUNTIME_COLORS.length],
          })),
        },
        options: {
          ...base,
          scales: { y: { type: 'logarithmic', title: { display: true, text: `time relative to ${spec.reference} (below 1 is faster)` }, ticks: { callback: (v: string | number) => `${plain(v)}×` } } },
          plugins: { legend: { display: true }, annotation: { annotations: { reference: { type: 'line', yMin: 1, yMax: 1, borderColor: '#444', borderWidth: 1 } } } },
        },
      } as unknown as ChartConfiguration;
    case 'complexity':
      return {
        type: 'scatterWithErrorBars',
        data: {
          datasets: [
            { label: 'estimate (95% CI)', data: spec.points, backgroundColor: BLUE, borderColor: BLUE, pointRadius: 3 },
            ...(spec.curve === null ? [] : [{ label: spec.curveLabel, data: spec.curve, type: 'line' as const, borderColor: ORANGE, pointRadius: 0, borderWidth: 1.5 }]),
          ],
        },
        options: {
          ...base,
          scales: {
            x: { type: 'logarithmic', title: { display: true, text: spec.xLabel }, ticks: { callback: plain, maxTicksLimit: 10 } },
            y: { type: 'logarithmic', title: { display: true, text: 'time per operation' }, ticks: { callback: nsTick, maxTicksLimit: 8 } },
          },
          plugins: {
            legend: { display: true },
            annotation: { annotations: Object.fromEntries(spec.cliffs.map((c, i) => [`cliff${i}`, { type: 'box', xMin: c.from, xMax: c.to, backgroundColor: CI_FILL, borderWidth: 0 }])) },
          },
        },
      } as unknown as ChartConfiguration;
    case 'probe-series': {
      const tick = spec.yUnit === 'ns' ? nsTick : (v: string | number) => `${plain(v)}${spec.yUnit === '' ? '' : ` ${spec.yUnit}`}`;
      return {
        type: spec.categorical ? 'barWithErrorBars' : 'lineWithErrorBars',
        data: {
          labels: spec.labels,
          datasets: [{ label: spec.yLabel, data: spec.values.map((y, i) => ({ y, yMin: spec.lower[i]!, yMax: spec.upper[i]! })), backgroundColor: BLUE_FILL, borderColor: BLUE }],
        },
        options: {
          ...base,
          scales: {
            x: { title: { display: true, text: spec.xLabel } },
            y: { type: spec.logY ? 'logarithmic' : 'linear', title: { display: true, text: spec.yLabel }, ticks: { callback: tick, maxTicksLimit: 8 } },
          },
          plugins: { legend: { display: false } },
        },
      } as unknown as ChartConfiguration;
    }
  }
}

function drawAll(): void {
  const element = document.getElementById(CHART_DATA_ELEMENT_ID);
  const specs = JSON.parse(element?.textContent ?? '{}') as Record<string, ChartSpec>;
  for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>('canvas[data-chart]'))) {
    const spec = specs[canvas.dataset['chart'] ?? ''];
    try {
      if (spec === undefined) throw new Error(`no data for chart ${canvas.dataset['chart']}`);
      new Chart(canvas, configFor(spec));
      canvas.dataset['rendered'] = 'true';
    } catch (error) {
      canvas.dataset['rendered'] = 'failed';
      console.error(`ubench report: chart ${canvas.dataset['chart']}: ${(error as Error).message}`);
    }
  }
}

drawAll();
