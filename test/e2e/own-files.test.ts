// No file of teamctl's own can block or redirect a run (`teamctl help reliability`, "Reliability"): a FIFO with no
// writer where the config, the glossary journal or its lock, an applied-plans record, the
// completion cache or GITHUB_STEP_SUMMARY goes is refused at once (these tests would hang, not
// fail, if anything waited on one), a symbolic link as the last component of one of teamctl's own
// files is refused and its target left as it was, and a link further up the path still works.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../src/journal/journal.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 5);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
  s.env.TEAMCTL_TEAM = 't';
});
afterAll(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-own-files-'));
const fifo = (path: string): string => {
  execFileSync('mkfifo', [path]);
  return path;
};
const changes = (): number => s.sandbox.requests.filter((r) => r.method !== 'GET').length;
const members = (): string[] => s.sandbox.store.teamMembers('acme', 't').map((m) => m.userId).sort();
const terms = (): number => s.sandbox.store.glossaryEntries('acme').length;

describe('the config file', () => {
  it('a FIFO as config.json: every command stops at once with exit 2 naming it', async () => {
    const config = newConfigDir();
    const path = fifo(join(config, 'config.json'));
    for (const args of [['config', 'get', 'org'], ['config', 'set', 'org', 'acme'], ['members', 'list']]) {
      const r = await runCli(args, { configDir: config, env: { ...s.env, TEAMCTL_ORG: undefined } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: the config file ${path} is not a regular file (a FIFO (named pipe))\n`);
    }
    expect(lstatSync(path).isFIFO()).toBe(true);
  });

  it('a symbolic link as config.json is refused, its target neither read nor written; a linked config folder works', async () => {
    const config = newConfigDir();
    const elsewhere = join(dir, 'elsewhere.json');
    writeFileSync(elsewhere, '{"profiles":{"default":{"org":"other"}}}');
    symlinkSync(elsewhere, join(config, 'config.json'));
    for (const args of [['config', 'get', 'org'], ['config', 'set', 'org', 'acme']]) {
      const r = await runCli(args, { configDir: config });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: the config file ${join(config, 'config.json')} is a symbolic link; teamctl does not follow a link as its own file\n`);
    }
    expect(readFileSync(elsewhere, 'utf8')).toBe('{"profiles":{"default":{"org":"other"}}}');

    // A dotfile manager links the folder: the file inside is teamctl's, written where it is.
    const real = newConfigDir();
    const linked = join(dir, 'linked-config');
    symlinkSync(real, linked);
    expect((await runCli(['config', 'set', 'org', 'acme'], { configDir: linked })).code).toBe(0);
    expect(await runCli(['config', 'get', 'org'], { configDir: linked })).toEqual({ code: 0, stdout: 'acme\n', stderr: '' });
    expect(JSON.parse(readFileSync(join(real, 'config.json'), 'utf8'))).toEqual({ profiles: { default: { org: 'acme' } } });
  });
});

describe('the glossary journal and its lock', () => {
  const termsFile = join(dir, 'terms.csv');
  writeFileSync(termsFile, 'en,fr\nbank,banque\ndoor,porte\n');
  const journalPath = async (config: string): Promise<string> => (await Journal.open(config, s.sandbox.url, 'acme')).path;

  it('a FIFO as the journal, or as its lock, or a link as the journal: exit 1 at once naming it, nothing sent', async () => {
    for (const make of ['journal fifo', 'lock fifo', 'journal link'] as const) {
      const config = newConfigDir();
      const path = await journalPath(config);
      mkdirSync(join(config, 'journal'), { recursive: true });
      const target = join(dir, `target-${make.replace(' ', '-')}.json`);
      if (make === 'journal fifo') fifo(path);
      else if (make === 'lock fifo') fifo(`${path}.lock`);
      else {
        writeFileSync(target, '{"version":1,"batches":[]}\n');
        symlinkSync(target, path);
      }
      const before = changes();
      for (const args of [['glossary', 'import', termsFile], ['glossary', 'import', termsFile, '--dry-run']]) {
        if (make === 'lock fifo' && args.includes('--dry-run')) continue; // a dry run takes no lock
        const r = await runCli(args, { env: s.env, configDir: config });
        expect(r.code).toBe(1);
        const what = make === 'lock fifo' ? `lock ${path}.lock is a FIFO (named pipe), not a regular file` : make === 'journal fifo' ? `journal ${path} is a FIFO (named pipe), not a regular file` : `journal ${path} is a symbolic link, which teamctl does not follow for its own files`;
        expect(r.stderr).toContain(`error: the glossary ${what}; nothing was sent\n`);
      }
      expect(changes()).toBe(before);
      expect(terms()).toBe(0);
      if (make === 'journal link') expect(readFileSync(target, 'utf8')).toBe('{"version":1,"batches":[]}\n');
    }
  });

  it('a linked config folder keeps its journal working', async () => {
    const real = newConfigDir();
    const linked = join(dir, 'linked-journal-config');
    symlinkSync(real, linked);
    const r = await runCli(['glossary', 'import', termsFile], { env: s.env, configDir: linked });
    expect(r.code).toBe(0);
    expect(terms()).toBe(2);
    expect(readdirSync(join(real, 'journal')).filter((f) => f.endsWith('.json'))).toHaveLength(1);
  });
});

describe('applied-plans records', () => {
  it('a FIFO as the record: apply --show, apply --dry-run and apply stop at once with exit 2 naming it, nothing sent', async () => {
    const config = newConfigDir();
    const plan = join(dir, 'plan.json');
    expect((await runCli(['members', 'add', 'u00002', '--plan-out', plan], { env: s.env, configDir: config })).code).toBe(0);
    const id = (JSON.parse(readFileSync(plan, 'utf8')) as { id: string }).id;
    mkdirSync(join(config, 'applied-plans'));
    const record = fifo(join(config, 'applied-plans', `${id}.json`));
    const before = changes();
    for (const args of [['apply', plan, '--show'], ['apply', plan, '--dry-run'], ['apply', plan], ['apply', plan, '--force']]) {
      const r = await runCli(args, { env: { ...s.env, TEAMCTL_TEAM: undefined }, configDir: config });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: the applied-plan record ${record} is a FIFO (named pipe), not a regular file; nothing was sent\n`);
    }
    expect(changes()).toBe(before);
    expect(members()).toEqual(['u00001']);
  });

  it('--force does not write a record through a link', async () => {
    const config = newConfigDir();
    const plan = join(dir, 'plan-link.json');
    expect((await runCli(['members', 'add', 'u00003', '--plan-out', plan], { env: s.env, configDir: config })).code).toBe(0);
    const id = (JSON.parse(readFileSync(plan, 'utf8')) as { id: string }).id;
    mkdirSync(join(config, 'applied-plans'));
    const target = join(dir, 'not-a-record.txt');
    writeFileSync(target, 'keep me\n');
    symlinkSync(target, join(config, 'applied-plans', `${id}.json`));
    const r = await runCli(['apply', plan, '--force'], { env: { ...s.env, TEAMCTL_TEAM: undefined }, configDir: config });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a symbolic link, which teamctl does not follow for its own files; nothing was sent');
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(members()).toEqual(['u00001']);
  });
});

describe('the completion cache', () => {
  const ids = (): string => s.sandbox.store.teamIds('acme').join('\n') + '\n';

  it('a FIFO as the cache: the ids come from the service at once, the FIFO stays', async () => {
    const config = newConfigDir();
    const path = fifo(join(config, 'completion-cache.json'));
    expect(await runCli(['__complete', 'team-ids'], { env: s.env, configDir: config })).toEqual({ code: 0, stdout: ids(), stderr: '' });
    expect(lstatSync(path).isFIFO()).toBe(true);
  });

  it('a link as the cache is not written through: its target stays as it was', async () => {
    const config = newConfigDir();
    const target = join(dir, 'dotfile.txt');
    writeFileSync(target, 'my own file\n');
    symlinkSync(target, join(config, 'completion-cache.json'));
    expect(await runCli(['__complete', 'team-ids'], { env: s.env, configDir: config })).toEqual({ code: 0, stdout: ids(), stderr: '' });
    expect(readFileSync(target, 'utf8')).toBe('my own file\n');
    expect(lstatSync(join(config, 'completion-cache.json')).isSymbolicLink()).toBe(true);
  });

  it('a linked config folder keeps its cache', async () => {
    const real = newConfigDir();
    const linked = join(dir, 'linked-cache-config');
    symlinkSync(real, linked);
    expect((await runCli(['__complete', 'team-ids'], { env: s.env, configDir: linked })).stdout).toBe(ids());
    expect(existsSync(join(real, 'completion-cache.json'))).toBe(true);
  });
});

describe('GITHUB_STEP_SUMMARY', () => {
  it('a FIFO with no reader: a warning naming it, the run itself goes on and applies', async () => {
    const path = fifo(join(dir, 'summary.fifo'));
    const r = await runCli(['members', 'add', 'u00004'], { env: { ...s.env, GITHUB_STEP_SUMMARY: path } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`warning: GITHUB_STEP_SUMMARY (${path}): is not a regular file (a FIFO (named pipe)); write to a file instead; the summary was not written\n`);
    expect(members()).toEqual(['u00001', 'u00004']);
    s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
  });
});

describe('the files a user names for output', () => {
  it('a FIFO with no reader as --report, --plan-out, export -f, --write-roster or the sandbox --data: exit 2 at once, naming it', async () => {
    const runs: [string[], RegExp][] = [
      [['members', 'add', 'u00005', '--report', fifo(join(dir, 'report.fifo'))], /--report \S+report\.fifo: is not a regular file/],
      [['members', 'add', 'u00005', '--plan-out', fifo(join(dir, 'plan.fifo'))], /--plan-out \S+plan\.fifo: is not a regular file/],
      [['glossary', 'export', '-f', fifo(join(dir, 'export.fifo'))], /-f \S+export\.fifo: is not a regular file/],
      [['sandbox', '--port', '0', '--write-roster', fifo(join(dir, 'roster.fifo')), '--', 'true'], /--write-roster \S+roster\.fifo: is not a regular file/],
      [['sandbox', '--port', '0', '--data', fifo(join(dir, 'data.fifo')), '--', 'true'], /the data file \S+data\.fifo is a FIFO \(named pipe\), not a regular file/],
    ];
    const before = changes();
    for (const [args, said] of runs) {
      const r = await runCli(args, { env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(said);
    }
    expect(changes()).toBe(before);
  });
});
