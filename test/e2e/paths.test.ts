// Identifiers that would change a request's path are refused before anything is sent (exit 2),
// whatever supplies them; one that comes from the service itself fails that change alone.
import { existsSync, lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'demo' });
});
afterAll(async () => {
  await s.sandbox.close();
});

describe('path safety', () => {
  it('refuses --team . .. a?b a#b a/b and TEAMCTL_TEAM=../members as --org is: exit 2 naming the value, no request at all', async () => {
    for (const [args, env] of [
      [['members', 'remove', 'user00001@example.com', '--team', '..'], {}],
      [['members', 'remove', 'user00001@example.com', '--team', '.'], {}],
      [['members', 'add', 'user00001@example.com', '--team', 'a?b'], {}],
      [['members', 'sync', '--add', 'user00001@example.com', '--team', 'a#b'], {}],
      [['members', 'list', '--team', 'eng,a/b'], {}],
      [['members', 'list'], { TEAMCTL_TEAM: '../members' }],
    ] as [string[], Record<string, string>][]) {
      const before = s.sandbox.requests.length;
      const r = await runCli(args, { env: { ...s.env, ...env } });
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(/^error: invalid team "(\.\.?|a\?b|a#b|a\/b|\.\.\/members)"( in "[^"]*")?: .*; nothing was sent\n/);
      expect(s.sandbox.requests.length).toBe(before);
    }
  });

  it('refuses --org a/b, a user id .., and glossary get ../x with exit 2 and no request at all', async () => {
    const cases: [string[], Record<string, string>][] = [
      [['members', 'list', '--org', 'a/b'], {}],
      [['members', 'add', '..'], {}],
      [['members', 'sync', '--remove', 'x?y'], {}],
      [['glossary', 'get', '../x'], {}],
      [['glossary', 'list', '--org', 'acme#x'], {}],
      [['members', 'list', '--team', ''], {}],
    ];
    for (const [args, env] of cases) {
      const before = s.sandbox.requests.length;
      const r = await runCli(args, { env: { ...s.env, ...env } });
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(/^error: /);
      expect(s.sandbox.requests.length).toBe(before);
    }
  });

  it('a member id from the service that is "..": its role change fails alone, nothing goes to another path', async () => {
    const store = s.sandbox.store;
    store.createTeam('acme', 'odd');
    store.addUser('acme', { id: '..', email: 'dots@example.com', displayName: 'Dots', role: 'edit', disabled: false, joinedAt: new Date().toISOString(), sso: false, spaces: 0, sites: 0 });
    const owner = store.users('acme')[0]?.id as string;
    store.setTeamMembers('acme', 'odd', [
      { userId: owner, role: 'owner' },
      { userId: '..', role: 'member' },
    ]);
    const before = s.sandbox.requests.length;
    const r = await runCli(['members', 'add', 'dots@example.com', '--role', 'owner', '--team', 'odd'], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('invalid user id "..": ".." would change the path');
    const sent = s.sandbox.requests.slice(before).filter((q) => q.method !== 'GET');
    expect(sent).toEqual([]);
    expect(store.teamRole('acme', 'odd', '..')).toBe('member');
  });
});

describe('outputs that would overwrite an input', () => {
  it('--report or --plan-out naming the roster, an --add-file, the glossary file or the plan (directly, through a symbolic link, or each other): exit 2, no request, the file unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-outputs-'));
    const write = (name: string, text: string): string => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const email = s.sandbox.store.users('acme')[0]?.email as string;
    const roster = write('roster.csv', `email,role\n${email},owner\n`);
    const adds = write('adds.txt', `${email}\n`);
    const terms = write('terms.csv', 'en,fr\nbank,banque\n');
    symlinkSync(roster, join(dir, 'roster-link.csv'));
    // A real plan to apply, made first.
    const plan = join(dir, 'plan.json');
    const made = await runCli(['members', 'sync', '--roster', roster, '--plan-out', plan], { env: s.env, cwd: dir });
    expect(made.code).toBe(0);
    const planText = readFileSync(plan, 'utf8');
    const cases: [string[], string, RegExp][] = [
      [['members', 'sync', '--roster', roster, '--report', roster], roster, /^error: --report \S+ is the same file as the roster \(\S+roster\.csv\): writing it would overwrite that; nothing was sent$/m],
      [['members', 'sync', '--roster', 'roster.csv', '--prune', '--plan-out', 'roster-link.csv'], roster, /^error: --plan-out roster-link\.csv is the same file as the roster \(roster\.csv\)/m],
      [['members', 'sync', '--add-file', adds, '--report', `${dir}/./adds.txt`], adds, /the same file as the --add-file/],
      [['glossary', 'import', terms, '--report', terms], terms, /^error: --report \S+ is the same file as the glossary file/m],
      [['glossary', 'sync', 'terms.csv', '--plan-out', 'terms.csv'], terms, /^error: --plan-out terms\.csv is the same file as the glossary file/m],
      [['glossary', 'import', terms, '--report', 'out.csv', '--plan-out', 'out.csv'], terms, /^error: --plan-out out\.csv is the same file as --report out\.csv/m],
      [['apply', plan, '--report', plan], plan, /^error: --report \S+ is the same file as the plan/m],
    ];
    for (const [args, input, message] of cases) {
      const before = readFileSync(input, 'utf8');
      const mark = s.sandbox.requests.length;
      const r = await runCli(args, { env: s.env, cwd: dir });
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(message);
      // Nothing changed on the service; the input file is as it was.
      expect(s.sandbox.requests.slice(mark).filter((q) => q.method !== 'GET')).toEqual([]);
      expect(readFileSync(input, 'utf8')).toBe(before);
    }
    expect(readFileSync(plan, 'utf8')).toBe(planText);
    expect(lstatSync(join(dir, 'roster-link.csv')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, 'out.csv'))).toBe(false);
  });
});
