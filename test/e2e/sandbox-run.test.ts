// `teamctl sandbox [options] -- <command>`: the built bin starts a sandbox, runs the command with
// the sandbox's settings (and `teamctl` on its PATH), stops, and exits with the command's code.
// Checked: exit codes, what the command saw, and the sandbox's state in its --data file. The
// README's quick start itself, read from the README, is run by newcomer-path.test.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { loadDataFile } from '../../src/sandbox/persistence.js';
import { bin, runCli } from './harness.js';

const org = 'acme';
const team = 'engineering';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'teamctl-rehearse-'));
}

/** A node one-liner as a command after `--`. */
function nodeCommand(script: string): string[] {
  return [process.execPath, '-e', script];
}

describe('teamctl sandbox -- <command>', () => {
  it('runs the command with the sandbox settings and teamctl on its PATH, and exits with its code', async () => {
    const script = `
      const { execSync } = require('node:child_process');
      const keys = ['TEAMCTL_BASE_URL', 'TEAMCTL_TOKEN', 'TEAMCTL_ORG', 'TEAMCTL_TEAM'];
      const seen = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
      seen.version = execSync('teamctl --version', { encoding: 'utf8' }).trim();
      seen.resolved = execSync('command -v teamctl', { encoding: 'utf8', shell: '/bin/sh' }).trim();
      seen.members = JSON.parse(execSync('teamctl members list --json', { encoding: 'utf8' })).length;
      console.log(JSON.stringify(seen));
      process.exit(7);`;
    const result = await runCli(['sandbox', '--', ...nodeCommand(script)], { spawn: true });
    expect(result.code).toBe(7);
    const seen = JSON.parse(result.stdout) as Record<string, string | number>;
    expect(seen.TEAMCTL_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(seen.TEAMCTL_BASE_URL).not.toBe('http://127.0.0.1:8787');
    expect(seen.TEAMCTL_TOKEN).toMatch(/^sbx_[0-9a-f]{32}$/);
    expect(seen).toMatchObject({ TEAMCTL_ORG: org, TEAMCTL_TEAM: team, members: 20 });
    expect(seen.version).toMatch(/^\d+\.\d+\.\d+/);
    // This teamctl, through the shim, even with none installed globally.
    expect(seen.resolved).toMatch(/teamctl-shim-[^/]+\/teamctl$/);
    // The banner is not printed in this mode: stdout is the command's alone.
    expect(result.stdout).not.toContain('export TEAMCTL');
  });

  it('exits 127 for a command that does not exist, 2 for a bad flag (nothing run)', async () => {
    expect((await runCli(['sandbox', '--', 'teamctl-no-such-command'], { spawn: true })).code).toBe(127);
    const bad = await runCli(['sandbox', '--late-rate', '2', '--', ...nodeCommand('console.log("ran")')], { spawn: true });
    expect(bad.code).toBe(2);
    expect(bad.stdout).not.toContain('ran');
  });

  it('--write-roster and --data: a real sync persists, and a second run finds the team in sync', async () => {
    const dir = tempDir();
    const data = join(dir, 'sandbox.json');
    const roster = join(dir, 'team.csv');
    const first = await runCli(['sandbox', '--data', data, '--write-roster', roster, '--', 'teamctl', 'members', 'sync', '--roster', roster, '--prune', '--yes'], { spawn: true });
    expect(first.code).toBe(0);
    const rows = (parse(readFileSync(roster, 'utf8')) as string[][]).slice(1);
    expect(rows).toHaveLength(22);
    const store = (await loadDataFile(data))!;
    const members = store.teamMembers(org, team);
    const wanted = rows.map(([email, role]) => [store.findUser(org, email!)!.id, role]).sort();
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(wanted);
    expect(members.filter((m) => m.role === 'owner')).toHaveLength(4);

    const second = await runCli(['sandbox', '--data', data, '--', 'teamctl', 'members', 'sync', '--roster', roster, '--prune', '--dry-run', '--exit-code'], { spawn: true });
    expect(second.code).toBe(0);
  });

  it('accepts `members list -o csv` output as a --roster (exit 0: in sync)', async () => {
    const dir = tempDir();
    const script = `teamctl members list -o csv > "${join(dir, 'r.csv')}" && teamctl members sync --roster "${join(dir, 'r.csv')}" --prune --dry-run --exit-code`;
    const result = await runCli(['sandbox', '--', 'sh', '-c', script], { spawn: true });
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, 'r.csv'), 'utf8').split('\n')[0]).toContain('email');
  });

  it('forwards SIGTERM to the command and exits with its code', async () => {
    const script = `process.on('SIGTERM', () => process.exit(42)); console.log('ready'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, [bin, 'sandbox', '--', ...nodeCommand(script)], {
      env: { PATH: process.env.PATH ?? '', HOME: tempDir(), TEAMCTL_CONFIG_DIR: tempDir(), CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const code = await new Promise<number | null>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        if (d.includes('ready')) child.kill('SIGTERM');
      });
      child.on('close', (c) => resolve(c));
    });
    expect(code).toBe(42);
  });
});

// Writes refuse what every other write refuses (README, "sandbox"): a folder that does not exist
// is not created, and a file that exists is not overwritten. Nothing is run.
describe('the files teamctl sandbox writes', () => {
  it('--data in a folder that does not exist: exit 2 naming it, no folder created, the command not run', async () => {
    const dir = tempDir();
    const data = join(dir, 'no', 'such', 'x.json');
    const r = await runCli(['sandbox', '--data', data, '--', ...nodeCommand('console.log("ran")')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: cannot start the sandbox: the folder ${join(dir, 'no', 'such')} of the data file ${data} does not exist; create it first, or name a file in an existing folder\n`);
    expect(r.stdout).toBe('');
    expect(existsSync(join(dir, 'no'))).toBe(false);
  });

  it('--write-roster over an existing file: exit 2 naming it, the file unchanged, the command not run', async () => {
    const dir = tempDir();
    const roster = join(dir, 'team.csv');
    writeFileSync(roster, 'mine\n');
    const r = await runCli(['sandbox', '--write-roster', roster, '--', ...nodeCommand('console.log("ran")')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: --write-roster ${roster}: the file already exists, and is not overwritten\nhint: remove it first, or name another file\n`);
    expect(r.stdout).toBe('');
    expect(readFileSync(roster, 'utf8')).toBe('mine\n');
  });
});
