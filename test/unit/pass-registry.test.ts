/**
 * Every pass after timing is declared once (src/runner/passes/pass-registry.ts) and reachable from
 * everywhere a run's options are given or kept: the CLI's flags, `ubench --help`, the API's `run()`
 * options, `RunOptions.passes`, the results file's settings (and its JSON schema), and the docs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { HELP } from '../../src/cli/command-table.js';
import { inputOfFlags, RUN_INPUT_FLAGS, runOptionsOf } from '../../src/cli/run-input.js';
import { parseRunCommand } from '../../src/cli/run-command.js';
import { NO_PASSES, PASS_SWITCHES, passSelection, passSettings, POST_TIMING_PASSES } from '../../src/runner/passes/pass-registry.js';
import { settingsOf } from '../../src/runner/run-options.js';

const root = new URL('../../', import.meta.url);
const schema = JSON.parse(readFileSync(new URL('schema/results.schema.json', root), 'utf8')) as { $defs: { runSettings: { properties: Record<string, unknown> } } };
const cwd = process.cwd();

describe('pass registry', () => {
  it('has every pass once, each switch with a unique key and flag', () => {
    assert.equal(new Set(POST_TIMING_PASSES.map((p) => p.label)).size, POST_TIMING_PASSES.length);
    assert.equal(new Set(PASS_SWITCHES.map((s) => s.key)).size, PASS_SWITCHES.length);
    assert.equal(new Set(PASS_SWITCHES.map((s) => s.flag)).size, PASS_SWITCHES.length);
    for (const s of PASS_SWITCHES)
      if (s.implies !== undefined)
        assert.ok(
          PASS_SWITCHES.some((t) => t.key === s.implies && t.implies === undefined),
          `${s.flag} implies a pass`,
        );
  });

  for (const s of PASS_SWITCHES) {
    describe(s.flag, () => {
      it('is a CLI flag that turns its pass on', () => {
        const parsed = parseRunCommand([s.flag], cwd, {});
        assert.equal(parsed.command, 'run');
        if (parsed.command !== 'run') return;
        assert.equal(parsed.options.passes[s.key as keyof typeof NO_PASSES], true);
        if (s.implies !== undefined) assert.equal(parsed.options.passes[s.implies as keyof typeof NO_PASSES], true);
        const others = PASS_SWITCHES.filter((t) => t.key !== s.key && t.key !== s.implies);
        for (const t of others) assert.equal(parsed.options.passes[t.key as keyof typeof NO_PASSES], false, `${s.flag} leaves ${t.flag} off`);
      });

      it('is an API option with the same effect as the flag', () => {
        const viaApi = runOptionsOf({ [s.key]: true }, cwd, {});
        const viaCli = runOptionsOf(inputOfFlags({ [s.flag.slice(2)]: true }, []), cwd, {});
        assert.deepEqual(viaApi.passes, viaCli.passes);
        assert.equal(viaApi.passes[s.key as keyof typeof NO_PASSES], true);
      });

      it('is in ubench --help with its own lines', () => {
        assert.match(HELP, new RegExp(`^  ${s.flag.replace(/-/g, '\\-')} +${s.help[0]!.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
      });

      it('is kept in the results settings and the schema (or implies a switch that is)', () => {
        const key = s.implies ?? s.key;
        assert.ok(Object.hasOwn(schema.$defs.runSettings.properties, key), `schema settings has ${key}`);
        const settings = settingsOf(runOptionsOf({ [s.key]: true }, cwd, {})) as unknown as Record<string, unknown>;
        assert.equal(settings[key], true);
      });

      it('is documented in docs/ with its flag', () => {
        const docs = ['docs/running.md', 'docs/profiling.md', 'docs/measuring.md'].map((f) => readFileSync(new URL(f, root), 'utf8')).join('\n');
        assert.ok(docs.includes(s.flag), `${s.flag} appears in the manual`);
      });
    });
  }

  it('turns nothing on when nothing is asked, and settings keep every pass', () => {
    assert.ok(Object.values(NO_PASSES).every((on) => on === false));
    assert.deepEqual(
      Object.keys(passSettings(passSelection({}))).sort(),
      PASS_SWITCHES.filter((s) => s.implies === undefined)
        .map((s) => s.key)
        .sort(),
    );
  });

  it('pairs every run() input key with a CLI flag the parser knows', () => {
    for (const [key, flag] of Object.entries(RUN_INPUT_FLAGS)) {
      if (flag === null) continue;
      assert.ok(HELP.includes(flag), `${key}: ${flag} is in --help`);
    }
  });
});
