// Outputs never overwrite inputs, the step summary included (`teamctl help formatting`, "Reports"): with
// GITHUB_STEP_SUMMARY naming one of the run's input files — under its own name, through a link
// or a relative path — the Markdown is not appended there; a warning names both, and the run
// itself goes on. The input's bytes and the sandbox's state are the reference.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 9);
  s.sandbox.store.createTeam('acme', 't');
  s.env.TEAMCTL_TEAM = 't';
});
afterAll(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-summary-inputs-'));
const members = (): string[] => s.sandbox.store.teamMembers('acme', 't').map((m) => m.userId).sort();
const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('GITHUB_STEP_SUMMARY naming an input file', () => {
  it('the roster, an --add-file, a --remove-file: skipped with a warning, the file unchanged, the run applied', async () => {
    s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }, { userId: 'u00009', role: 'member' }]);
    const roster = write('roster.csv', 'id,role\nu00001,owner\nu00002,member\n');
    const add = write('add.csv', 'id\nu00003\n');
    const remove = write('remove.csv', 'id\nu00009\n');
    const link = join(dir, 'summary-link.md');
    symlinkSync(add, link);
    const cases: [string, string, string][] = [
      [roster, roster, 'the roster'],
      [link, add, 'the --add-file'],
      [remove, remove, 'the --remove-file'],
    ];
    for (const [summary, input, what] of cases) {
      const before = readFileSync(input);
      const r = await runCli(['members', 'sync', '--roster', roster, '--add-file', add, '--remove-file', remove], { env: { ...s.env, GITHUB_STEP_SUMMARY: summary } });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`warning: GITHUB_STEP_SUMMARY (${summary}) is the same file as ${what} (${input}): the summary was not written there\n`);
      expect(readFileSync(input)).toEqual(before);
    }
    expect(members()).toEqual(['u00001', 'u00002', 'u00003']);
  });

  it('the glossary file, also named by a relative path: the terms file unchanged, the terms imported', async () => {
    const file = write('terms.csv', 'en,fr\nbank,banque\n');
    const before = readFileSync(file);
    const r = await runCli(['glossary', 'import', 'terms.csv'], { env: { ...s.env, GITHUB_STEP_SUMMARY: file }, cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`warning: GITHUB_STEP_SUMMARY (${file}) is the same file as the glossary file (terms.csv): the summary was not written there\n`);
    expect(readFileSync(file)).toEqual(before);
    expect(s.sandbox.store.glossaryEntries('acme').map((e) => e.translations)).toEqual([{ en: 'bank', fr: 'banque' }]);
  });

  it('the plan of apply (and of its dry run): the plan unchanged and still applicable', async () => {
    s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
    const plan = join(dir, 'plan.json');
    expect((await runCli(['members', 'add', 'u00005', '--plan-out', plan], { env: s.env })).code).toBe(0);
    const before = readFileSync(plan);
    const env = { ...s.env, TEAMCTL_TEAM: undefined, GITHUB_STEP_SUMMARY: plan };
    const warning = `warning: GITHUB_STEP_SUMMARY (${plan}) is the same file as the plan (${plan}): the summary was not written there\n`;
    const dry = await runCli(['apply', plan, '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain(warning);
    expect(readFileSync(plan)).toEqual(before);
    const applied = await runCli(['apply', plan], { env });
    expect(applied.code).toBe(0);
    expect(applied.stderr).toContain(warning);
    expect(readFileSync(plan)).toEqual(before);
    expect(members()).toEqual(['u00001', 'u00005']);
  });

  it('any other file still gets the summary', async () => {
    s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
    const summary = write('summary.md', '');
    const r = await runCli(['members', 'add', 'u00006'], { env: { ...s.env, GITHUB_STEP_SUMMARY: summary } });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('GITHUB_STEP_SUMMARY');
    expect(readFileSync(summary, 'utf8')).toContain('| `user00006@example.com` | added | 204 | as member |');
  });
});
