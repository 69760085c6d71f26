/**
 * End-to-end: the published package. `npm pack` the repository, install the tarball into an empty
 * project (dependencies come from the npm registry), and run `npx ubench` on a TypeScript bench
 * file there, as a user would.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ResultsFile } from '../../src/results/types.js';
import { collect, describeRun, FAST, linesOf, makeTempDir, REPO_ROOT, type CliRun } from '../helpers/e2e-cli.js';

/** A build gate written against the programmatic API, as the README shows it. */
const API_SCRIPT = `import { run, compare, slowerThan, readResults } from 'ubench';
const results = await run({ files: 'sum.bench.ts', time: '20ms', warmup: '20ms', json: 'api.json' });
const slower = await slowerThan(await compare(results, results), 0.05);
const reread = readResults('api.json');
console.log(JSON.stringify({ benchmarks: results.benchmarks.length, status: results.benchmarks[0].status, complete: results.complete, analysedBy: results.analysedBy, slower: slower.length, reread: reread.benchmarks.length }));
`;

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(command: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<CliRun> {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collect(child, timeoutMs);
}

/** `require` as seen from a folder (its node_modules). */
const requireFrom = (folder: string): NodeJS.Require => createRequire(path.join(folder, 'package.json'));

const SUM_BENCH = `import { bench } from 'ubench';

const values: number[] = Array.from({ length: 100 }, (_, i) => i);

bench('sum of 100 numbers', (): number => {
  let total: number = 0;
  for (const value of values) total += value;
  return total;
});
`;

describe('the npm package', { timeout: 240_000 }, () => {
  const packDir = makeTempDir();
  const appDir = makeTempDir();
  after(() => {
    packDir.cleanup();
    appDir.cleanup();
  });
  let tarball: string;
  let entries: string[];

  before(async () => {
    // --ignore-scripts: `prepare` would rebuild dist/ while other test files run it; the suite
    // builds dist/ before testing (pretest), and this packs that build.
    const pack = await run(NPM, ['pack', '--ignore-scripts', '--pack-destination', packDir.dir], REPO_ROOT, 120_000);
    assert.equal(pack.code, 0, describeRun(pack));
    const tarballs = readdirSync(packDir.dir).filter((f) => f.endsWith('.tgz'));
    assert.equal(tarballs.length, 1, `one tarball in ${packDir.dir}: ${tarballs.join(', ')}`);
    tarball = path.join(packDir.dir, tarballs[0]!);
    const tar = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
    assert.equal(tar.status, 0, tar.stderr);
    entries = linesOf(tar.stdout).map((entry) => entry.replace(/^package\//, ''));
  });

  it('ships the CLI, the library and the schema, but no sources or tests', () => {
    for (const required of [
      'package.json',
      'README.md',
      'dist/cli/main.js',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/engine/process/child-main.js',
      'schema/results.schema.json',
      'dist/html/report-client.js',
      'probe/cache-size.bench.ts',
      'probe/probe-env.ts',
    ]) {
      assert.ok(entries.includes(required), `tarball lacks ${required}`);
    }
    assert.deepEqual(
      entries.filter((e) => e.startsWith('src/') || e.startsWith('test/') || e.includes('/test/') || e.includes('fixtures')),
      [],
    );
  });

  it('ships the manual (docs/) and none of the lab: no figures, figure scripts, corpora or build scripts', () => {
    assert.deepEqual(
      entries.filter((e) => /^(lab|scripts|corpus|examples)\//.test(e) || /figures|corpus-rates|peers\.md/.test(e)),
      [],
    );
    const manual = readdirSync(path.join(REPO_ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`);
    assert.deepEqual(entries.filter((e) => e.startsWith('docs/')).sort(), manual.sort());
  });

  it('installs into an empty project and runs a TypeScript bench file with npx ubench', async () => {
    const init = await run(NPM, ['init', '-y'], appDir.dir, 60_000);
    assert.equal(init.code, 0, describeRun(init));
    const install = await run(NPM, ['install', tarball, '--no-audit', '--no-fund'], appDir.dir, 180_000);
    assert.equal(install.code, 0, describeRun(install));
    writeFileSync(path.join(appDir.dir, 'sum.bench.ts'), SUM_BENCH);

    // --no-install: never fetch an unrelated package of the same name from the registry.
    const bench = await run(NPX, ['--no-install', 'ubench', ...FAST, '--json', 'results.json'], appDir.dir, 120_000);
    assert.equal(bench.code, 0, describeRun(bench));
    assert.match(bench.stdout, /sum\.bench\.ts/);
    assert.match(bench.stdout, /sum of 100 numbers\s+\S/, 'a table row for the benchmark');
    assert.doesNotMatch(bench.stdout, /error|could not load/i);

    // The schema is exported as `ubench/schema/results.schema.json`, and the file written matches it.
    const schemaPath = requireFrom(appDir.dir).resolve('ubench/schema/results.schema.json');
    assert.ok(schemaPath.startsWith(path.join(appDir.dir, 'node_modules', 'ubench')), schemaPath);
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(JSON.parse(readFileSync(schemaPath, 'utf8')) as object);
    const results = JSON.parse(readFileSync(path.join(appDir.dir, 'results.json'), 'utf8')) as ResultsFile;
    assert.ok(validate(results), JSON.stringify(validate.errors));
    assert.deepEqual(
      results.benchmarks.map((b) => [b.id, b.status]),
      [['sum.bench.ts#sum of 100 numbers', 'ok']],
    );

    // The HTML report inlines the bundled chart script shipped in dist/html.
    const report = await run(NPX, ['--no-install', 'ubench', 'report', 'results.json', '--html', 'report.html'], appDir.dir, 60_000);
    assert.equal(report.code, 0, describeRun(report));
    assert.match(readFileSync(path.join(appDir.dir, 'report.html'), 'utf8'), /Chart\.js v4/);

    // The programmatic API from a script: run(), compare(), slowerThan(), readResults(), with its types shipped.
    writeFileSync(path.join(appDir.dir, 'gate.mjs'), API_SCRIPT);
    const api = await run(process.execPath, ['gate.mjs'], appDir.dir, 120_000);
    assert.equal(api.code, 0, describeRun(api));
    assert.deepEqual(JSON.parse(linesOf(api.stdout).at(-1)!), { benchmarks: 1, status: 'ok', complete: true, analysedBy: results.environment.ubenchVersion, slower: 0, reread: 1 });
    assert.match(readFileSync(path.join(appDir.dir, 'node_modules/ubench/dist/index.d.ts'), 'utf8'), /RunApiOptions/);

    // The probe runs its experiments from the installed package.
    const probe = await run(NPX, ['--no-install', 'ubench', 'probe', '--quick', '--only', 'data-dependency', ...FAST, '--no-color'], appDir.dir, 60_000);
    assert.equal(probe.code, 0, describeRun(probe));
    assert.match(probe.stdout, /prefix sum ÷ differences +\S/);
  });
});
