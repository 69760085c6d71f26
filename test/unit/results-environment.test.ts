import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { devNull, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { collectEnvironment } from '../../src/results/environment.js';
import { createResultsFile } from '../../src/results/new-results.js';
import { SCHEMA_VERSION, type RunSettings } from '../../src/results/types.js';

const ownPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const root = mkdtempSync(join(tmpdir(), 'ubench-results-env-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** git isolated from the user's and system configuration (hooks, signing, default branch hints). */
function git(cwd: string, args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=ubench test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: devNull },
  });
}

function gitAvailable(): boolean {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function collect(cwd: string) {
  return collectEnvironment({ v8Flags: [], clock: null, startedAt: new Date(0), cwd });
}

describe('collectEnvironment', () => {
  it('describes this process and machine', () => {
    const flags = ['--expose-gc', '--max-old-space-size=2048'];
    const startedAt = new Date('2025-03-14T09:26:53.589Z');
    const env = collectEnvironment({ v8Flags: flags, clock: { costNs: 25, resolutionNs: 1 }, startedAt, cwd: root });
    assert.equal(env.runtime, 'node');
    assert.equal(env.runtimeVersion, process.versions.node);
    assert.equal(env.v8Version, process.versions.v8);
    assert.deepEqual(env.v8Flags, flags);
    assert.notEqual(env.v8Flags, flags, 'flags are copied, not shared with the caller');
    assert.ok(Number.isInteger(env.cpu.cores) && env.cpu.cores >= 1);
    assert.ok(env.cpu.model.length > 0);
    assert.ok(env.cpu.speedMHz === null || env.cpu.speedMHz > 0);
    assert.deepEqual(env.os.platform, process.platform);
    assert.deepEqual(env.os.arch, process.arch);
    assert.ok(Number.isInteger(env.totalMemoryBytes) && env.totalMemoryBytes > 0);
    assert.deepEqual(env.clock, { costNs: 25, resolutionNs: 1 });
    assert.equal(env.startedAt, '2025-03-14T09:26:53.589Z');
  });

  it("reports ubench's own package version", () => {
    assert.equal(collect(root).ubenchVersion, ownPackage.version);
  });

  it('reports git as null outside a repository', () => {
    const dir = mkdtempSync(join(root, 'plain-'));
    assert.equal(collect(dir).git, null);
  });

  it('reports git as null for a missing working directory instead of throwing', () => {
    assert.equal(collect(join(root, 'does-not-exist')).git, null);
  });

  it('reports the commit and whether tracked files changed', { skip: !gitAvailable() && 'git is not installed' }, () => {
    const repo = mkdtempSync(join(root, 'repo-'));
    git(repo, ['init', '-q']);
    assert.equal(collect(repo).git, null, 'a repository without commits has no HEAD');

    writeFileSync(join(repo, 'tracked.txt'), 'one\n');
    git(repo, ['add', 'tracked.txt']);
    git(repo, ['commit', '-q', '-m', 'first']);
    const head = git(repo, ['rev-parse', 'HEAD']).trim();
    assert.deepEqual(collect(repo).git, { commit: head, dirty: false });

    writeFileSync(join(repo, 'untracked-results.json'), '{}');
    assert.deepEqual(collect(repo).git, { commit: head, dirty: false }, 'untracked files do not make the tree dirty');

    writeFileSync(join(repo, 'tracked.txt'), 'two\n');
    assert.deepEqual(collect(repo).git, { commit: head, dirty: true });
  });
});

describe('createResultsFile', () => {
  it('starts an incomplete, empty current-version file around the given environment and settings', () => {
    const env = collect(root);
    const settings: RunSettings = {
      timeBudgetNs: 1e9,
      warmupMaxNs: 5e8,
      isolate: 'benchmark',
      forks: 3,
      timeoutNs: 6e10,
      filter: 'sort',
      seed: 1,
      precisionTarget: 0.02,
      gcCost: false,
      allocSites: false,
      profile: false,
      disasm: false,
    };
    const file = createResultsFile(env, settings);
    assert.deepEqual(file, {
      schemaVersion: SCHEMA_VERSION,
      environment: env,
      settings,
      complete: false,
      finishedAt: null,
      benchmarks: [],
      fileErrors: [],
      host: null,
    });
    assert.notEqual(createResultsFile(env, settings).benchmarks, file.benchmarks, 'each file gets its own arrays');
  });
});
