// Every file teamctl writes refuses a symbolic link as its last component, a dangling one too
// (`teamctl help reliability`, "Reliability"): the error names the path, nothing is written, the
// link's target is unchanged (or not created) and the link stays a link. The step summary is a
// warning, not an error: the run itself goes on. A link further up the path is followed.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 5);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.createTeam('acme', 'eng');
  s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
  s.sandbox.store.setTeamMembers('acme', 'eng', [{ userId: 'u00002', role: 'owner' }]);
  s.env.TEAMCTL_TEAM = 't';
});
afterAll(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-write-links-'));
const members = (): string[] => s.sandbox.store.teamMembers('acme', 't').map((m) => m.userId).sort();
const changes = (): number => s.sandbox.requests.filter((r) => r.method !== 'GET').length;
/** A link named `name` to a file holding `text`; the link's path and its target's. */
const linked = (name: string, text = 'mine\n'): { link: string; target: string } => {
  const target = join(dir, `${name}.target`);
  writeFileSync(target, text);
  const link = join(dir, name);
  symlinkSync(target, link);
  return { link, target };
};

describe('a symbolic link where a file is written', () => {
  it('--report, --plan-out and glossary export -f: exit 2 naming the link, nothing sent, the target unchanged', async () => {
    const runs: [string[], string][] = [
      [['members', 'add', 'u00005', '--report'], '--report'],
      [['members', 'add', 'u00005', '--plan-out'], '--plan-out'],
      [['glossary', 'export', '-f'], '-f'],
    ];
    const before = changes();
    for (const [args, flag] of runs) {
      const { link, target } = linked(`out${flag}.csv`);
      const r = await runCli([...args, link], { env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`error: ${flag} ${link}: is a symbolic link, which teamctl does not write through\n`);
      expect(r.stderr.split('\n').filter((l) => l.startsWith('    at '))).toEqual([]);
      expect(readFileSync(target, 'utf8')).toBe('mine\n');
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
    }
    expect(changes()).toBe(before);
    expect(members()).toEqual(['u00001']);
  });

  it('a link to a missing file: refused, the missing file not created', async () => {
    const link = join(dir, 'dangling-report.csv');
    symlinkSync(join(dir, 'nowhere-report.csv'), link);
    const r = await runCli(['members', 'add', 'u00005', '--report', link], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: --report ${link}: is a symbolic link to a missing file, which teamctl does not write through\n`);
    expect(existsSync(join(dir, 'nowhere-report.csv'))).toBe(false);
    expect(members()).toEqual(['u00001']);
  });

  it('GITHUB_STEP_SUMMARY a link, or a link to a missing file: a warning naming it, neither target written, the run applied', async () => {
    const { link, target } = linked('summary.md', '# earlier step\n');
    const dangling = join(dir, 'dangling-summary.md');
    symlinkSync(join(dir, 'nowhere-summary.md'), dangling);
    const r = await runCli(['members', 'add', 'u00003'], { env: { ...s.env, GITHUB_STEP_SUMMARY: link } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: GITHUB_STEP_SUMMARY (${link}): is a symbolic link, which teamctl does not write through; the summary was not written\n`);
    expect(readFileSync(target, 'utf8')).toBe('# earlier step\n');
    const d = await runCli(['members', 'add', 'u00004'], { env: { ...s.env, GITHUB_STEP_SUMMARY: dangling } });
    expect(d.code, d.stderr).toBe(0);
    expect(d.stderr).toContain(`warning: GITHUB_STEP_SUMMARY (${dangling}): is a symbolic link to a missing file, which teamctl does not write through; the summary was not written\n`);
    expect(existsSync(join(dir, 'nowhere-summary.md'))).toBe(false);
    expect(members()).toEqual(['u00001', 'u00003', 'u00004']);
    s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
  });

  it('GITHUB_STEP_SUMMARY a regular file, also in a linked folder: appended to, as GitHub documents it', async () => {
    const real = join(dir, 'summaries');
    mkdirSync(real);
    symlinkSync(real, join(dir, 'summaries-link'));
    const summary = join(dir, 'summaries-link', 'step.md');
    writeFileSync(join(real, 'step.md'), '# earlier step\n');
    const r = await runCli(['members', 'add', 'u00005', '--dry-run'], { env: { ...s.env, GITHUB_STEP_SUMMARY: summary } });
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(join(real, 'step.md'), 'utf8');
    expect(text.startsWith('# earlier step\n')).toBe(true);
    expect(text).toContain('u00005');
    expect(lstatSync(join(real, 'step.md')).isFile()).toBe(true);
  });

  it('members list --write-folder with a link as one team’s file: exit 2 before any member is listed, no file written', async () => {
    const folder = join(dir, 'roster-folder');
    mkdirSync(folder);
    const target = join(dir, 'eng.target.csv');
    writeFileSync(target, 'mine\n');
    symlinkSync(target, join(folder, 'eng.csv'));
    const listed = s.sandbox.requests.length;
    const r = await runCli(['members', 'list', '--team', 't,eng', '--write-folder', folder], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: --write-folder ${join(folder, 'eng.csv')}: is a symbolic link, which teamctl does not write through\n`);
    expect(readFileSync(target, 'utf8')).toBe('mine\n');
    expect(readdirSync(folder)).toEqual(['eng.csv']);
    // Only the teams, whose titles name the files: no member listed.
    expect(s.sandbox.requests.slice(listed).map((r) => r.path)).toEqual(['/v1/orgs/acme/teams']);
  });
});

describe('the sandbox’s files', () => {
  it('--write-roster and --data a link: exit 2 naming it, the target unchanged, the command not run', async () => {
    for (const [flag, said] of [
      ['--write-roster', (link: string) => `error: --write-roster ${link}: is a symbolic link, which teamctl does not write through\n`],
      ['--data', (link: string) => `error: cannot start the sandbox: --data ${link}: is a symbolic link, which teamctl does not write through\n`],
    ] as const) {
      const { link, target } = linked(`sandbox${flag}`, '{"version":1,"organizations":[]}\n');
      const ran = join(dir, `ran${flag}`);
      const r = await runCli(['sandbox', '--port', '0', flag, link, '--', 'touch', ran], { env: s.env, cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(said(link));
      expect(readFileSync(target, 'utf8')).toBe('{"version":1,"organizations":[]}\n');
      expect(existsSync(ran)).toBe(false);
    }
  });
});

describe('an output folder that is a file', () => {
  it('members list --write-folder <a regular file>, or a folder under one: one line, exit 2, the file unchanged, nothing listed', async () => {
    const file = join(dir, 'plain-file');
    writeFileSync(file, 'mine\n');
    const listed = s.sandbox.requests.length;
    for (const [folder, said] of [
      [file, `error: cannot write --write-folder ${file}: ${file} is not a folder\n`],
      [join(file, 'sub'), `error: cannot write --write-folder ${join(file, 'sub')}: ${file} is not a folder\n`],
    ] as const) {
      const r = await runCli(['members', 'list', '--team', 't', '--write-folder', folder], { env: s.env });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(said);
    }
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
    expect(s.sandbox.requests.length).toBe(listed);
  });
});
