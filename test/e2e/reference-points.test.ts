// Smaller points of the reference, each checked against the sandbox: the per-command exit codes
// of `teamctl help exit-codes` are the codes the refusals give; the README's roster example syncs;
// a tsv-pair export reads back with --languages, a DeepL export without; and offboarding your own
// account is rehearsed with `sandbox --caller-role admin` (README, "An organization: many teams,
// org roles, joiners and leavers").
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { topics } from '../../src/help/topics.js';
import { runCli, sandboxWithEnv } from './harness.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const exitCodes = (await topics['exit-codes']?.load())?.text ?? '';

/** The text of one code's rows in the per-command table (a row and its continuation rows). */
function perCommand(code: number): string {
  const table = exitCodes.slice(exitCodes.indexOf('## Per command'));
  const rows = table.split('\n').filter((l) => l.startsWith('|'));
  const start = rows.findIndex((r) => r.startsWith(`| ${code} |`));
  const own = [rows[start] ?? ''];
  for (const r of rows.slice(start + 1)) {
    if (!r.startsWith('|   |')) break;
    own.push(r);
  }
  return own.join(' ').replace(/\s*\|\s*/g, ' ');
}

describe('`teamctl help exit-codes`, per command, against what the commands do', () => {
  it.each([
    [3, 'a user not in the organization', (): string[] => ['members', 'add', 'new.hire@example.com', '--dry-run'], /not in the\s+organization/],
    [3, 'removing every owner', (owners: string[]): string[] => ['members', 'remove', ...owners, '--dry-run'], /the last owner/],
    [5, 'offboarding nobody of the organization', (): string[] => ['members', 'offboard', 'nobody.here@example.com', '--dry-run'], /`offboard`: a named user matches nobody in the organization/],
    [5, 'removing a typo beside a member', (owners: string[]): string[] => ['members', 'remove', owners[0] as string, 'nobody.here@example.com', '--dry-run'], /`remove`, `set-role`,\s+`offboard`: a named user matches nobody/],
  ])('exit %i for %s, and the table says so', async (code, _what, command, said) => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const owners = s.sandbox.store.teamMembers('acme', 'engineering').filter((m) => m.role === 'owner').map((m) => m.userId);
      expect(owners.length).toBeGreaterThan(0);
      const argv = command(owners);
      const before = JSON.stringify(s.sandbox.store.teamMembers('acme', 'engineering'));
      const r = await runCli(argv, { env: s.env });
      expect(r.code, r.stderr).toBe(code);
      expect(JSON.stringify(s.sandbox.store.teamMembers('acme', 'engineering'))).toBe(before);
      expect(perCommand(code)).toMatch(said);
    } finally {
      await s.sandbox.close();
    }
  });
});

describe('the README and topics, checked', () => {
  it('the README says where the settings live and how to uninstall, and `config path` shows TEAMCTL_CONFIG_DIR at work', async () => {
    const install = readme.slice(readme.indexOf('\n## Install\n'), readme.indexOf('\n## Quick start'));
    for (const said of ['`npm unlink --global teamctl`', 'npm uninstall --global teamctl', '`TEAMCTL_CONFIG_DIR`', '`teamctl config path`', 'teamctl does not\ncreate tokens']) expect(install).toContain(said);
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-config-folder-'));
    const r = await runCli(['config', 'path'], { configDir: dir });
    expect(r).toEqual({ code: 0, stdout: `${join(dir, 'config.json')}\n`, stderr: '' });
  });

  it("the README's roster example is a roster: it syncs, keeping the users' roles", async () => {
    const csv = /^```csv\n(email,role,name\n[\s\S]*?)^```/m.exec(readme)?.[1] ?? '';
    expect(csv.split('\n').length).toBeGreaterThan(3);
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'teamctl-readme-roster-'));
      writeFileSync(join(dir, 'team.csv'), csv);
      const r = await runCli(['members', 'sync', '--roster', 'team.csv', '--yes'], { env: s.env, cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      const store = s.sandbox.store;
      const role = (email: string): string | undefined => store.teamRole('acme', 'engineering', store.findUser('acme', email)?.id ?? '');
      expect([role('alice.martin@example.com'), role('kenji.sato@example.com'), role('maria.rossi@example.com')]).toEqual(['owner', 'member', 'member']);
    } finally {
      await s.sandbox.close();
    }
  });

  it('a tsv-pair export reads back with --languages, and is refused without, naming the flag; a DeepL export reads back as it is', async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'teamctl-pairs-'));
      const run = (argv: string[]) => runCli(argv, { env: s.env, cwd: dir, configDir: dir });
      expect((await run(['glossary', 'export', '--format', 'tsv-pair', '--languages', 'en,de', '-f', 'pair.tsv'])).code).toBe(0);
      const bare = await run(['glossary', 'import', 'pair.tsv', '--dry-run']);
      expect(bare.code).toBe(2);
      expect(bare.stderr).toContain('--languages en,de');
      const named = await run(['glossary', 'import', 'pair.tsv', '--languages', 'en,de', '--dry-run', '--json']);
      expect(named.code, named.stderr).toBe(0);
      expect(JSON.parse(named.stdout)).toMatchObject({ inserted: 0, updated: 0 });
      expect((await run(['glossary', 'export', '--format', 'deepl', '--languages', 'en,de', '-f', 'deepl.csv'])).code).toBe(0);
      const deepl = await run(['glossary', 'import', 'deepl.csv', '--dry-run', '--json']);
      expect(deepl.code, deepl.stderr).toBe(0);
      expect(JSON.parse(deepl.stdout)).toMatchObject({ inserted: 0, updated: 0 });
      expect((await topics['glossary-files']?.load())?.text).toMatch(/`tsv-pair` export is read back with `--languages`/);
    } finally {
      await s.sandbox.close();
    }
  });

  it('offboarding your own account is refused by its guard once the sandbox makes you an admin (--caller-role admin)', async () => {
    const argv = ['members', 'offboard', 'admin@sandbox.example.com', '--from-organization', '--dry-run'];
    const admin = await sandboxWithEnv({ seed: 'demo', callerRole: 'admin' });
    try {
      const r = await runCli(argv, { env: admin.env });
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('the user of the token teamctl runs with');
    } finally {
      await admin.sandbox.close();
    }
    const plain = await sandboxWithEnv({ seed: 'demo' });
    try {
      expect((await runCli(argv, { env: plain.env })).code).not.toBe(3);
    } finally {
      await plain.sandbox.close();
    }
    expect((await topics.organization?.load())?.text).toMatch(/guards on your own account apply\s+only when you start it with `--caller-role admin`/);
  });
});
