import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const { CHROMIUM_ARGS, JS_FLAGS } = await import('./dist/runner/runtimes/browser-executor.js');
const { servePage } = await import('./dist/runner/runtimes/page-server.js');
const script = readFileSync('harness-bench/runtimes/bare-chain.js', 'utf8');
async function blank() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.addScriptTag({ content: script });
  const m = await page.evaluate(() => window.bareChain());
  await browser.close();
  return m.nsPerOp;
}
async function isolated() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, `--js-flags=${JS_FLAGS.join(' ')}`] });
  const server = await servePage(script);
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => typeof window.bareChain === 'function');
  const m = await page.evaluate(() => [window.bareChain(), self.crossOriginIsolated]);
  await browser.close(); server.close();
  return m[0].nsPerOp + (m[1] ? 0 : 1e9);
}
const rows = [];
for (let i = 0; i < Number(process.argv[2] ?? 3); i++) {
  const a = await blank(); const b = await isolated();
  rows.push([a, b, b / a]);
  console.log(a.toFixed(1), b.toFixed(1), (b / a).toFixed(4));
}
