// The newcomer's path, run as the README writes it (README, "Install", "Quick start
// with the sandbox"): the commands are read from those sections' fenced blocks, in order, so an
// edit that breaks the path fails here. `npm ci` is not run (this suite runs after it); the first
// real sync is the quick start with the change the README's text names (`--dry-run` → `--yes`,
// plus `--data`). Checked: each command's exit code, its output where the README shows output,
// and the sandbox's state afterwards (its --data file, or its answers).
//
// How each line runs: `teamctl …` in-process through main(); `node bin/teamctl.js sandbox … --
// <command>` as the process it is (its command's output is that process's own, inherited), in a
// temporary folder standing for the clone; `teamctl sandbox --port <n>` (one that keeps running)
// as a process on any free port, stopped with Ctrl-C (SIGINT) at the end. The sandbox's port and
// token differ from run to run: shown as PORT and TOKEN on both sides.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDataFile } from '../../src/sandbox/persistence.js';
import { bin, runCli, type CliResult } from './harness.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** A `## ` section of the README: its text up to the next `## ` heading. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, `README section "${title}"`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

interface Step {
  /** The command line, after `$ ` (or the whole line in a block without prompts). */
  command: string;
  /** The lines the README shows under it, up to the next command (none: it shows no output). */
  shown: string[];
}

/** The commands of a section's fenced blocks, in order, each with the output shown under it. */
function steps(text: string): Step[][] {
  return [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((block) => {
    const lines = (block[1] ?? '').replace(/\n$/, '').split('\n');
    if (!lines.some((l) => l.startsWith('$ '))) return lines.map((l) => ({ command: l.replace(/\s+#.*$/, '').trim(), shown: [] }));
    const found: Step[] = [];
    for (const line of lines) {
      if (line.startsWith('$ ')) found.push({ command: line.slice(2).replace(/\s+#\s.*$/, '').trim(), shown: [] });
      else found[found.length - 1]?.shown.push(line);
    }
    return found;
  });
}

/** Shell words, as the README's simple quoting uses them; `$NAME` expands outside single quotes. */
function words(text: string, env: Record<string, string> = {}): string[] {
  const expand = (s: string): string => s.replace(/\$\{?(\w+)\}?/g, (_, name: string) => env[name] ?? '');
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => (m[2] !== undefined ? m[2] : expand(m[1] ?? m[3] ?? '')));
}

/** What differs from run to run: the sandbox's port and its token. */
const normalise = (text: string): string => text.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT').replace(/sbx_[0-9a-f]{32}\b|sbx_\S*…/g, 'TOKEN');

/**
 * The output matches what the README shows: line for line, blank lines aside, where a line `...`
 * stands for any lines (the README leaves them out).
 */
function expectShown(output: string, shown: string[], what: string): void {
  const actual = normalise(output).split('\n').filter((l) => l.trim() !== '');
  const pattern = shown
    .filter((l) => l.trim() !== '')
    .map((l) => (l.trim() === '...' ? '(?:[^\\n]*\\n)*?' : `${normalise(l).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`))
    .join('');
  expect(actual.join('\n') + '\n', what).toMatch(new RegExp(`^${pattern}$`));
}

/** `node bin/teamctl.js …` from the clone: this build's launcher. */
function launcherArgs(command: string, env: Record<string, string> = {}): string[] {
  const argv = words(command, env);
  expect(argv.slice(0, 2), command).toEqual(['node', 'bin/teamctl.js']);
  return argv.slice(2);
}

/** A `teamctl …` line (or `echo "$X" | teamctl …`) in-process, in the folder and shell given. */
async function teamctl(command: string, env: Record<string, string>, cwd: string): Promise<CliResult> {
  const [left, right] = command.includes(' | ') ? command.split(' | ', 2) : [undefined, command];
  const stdin = left === undefined ? undefined : words(left, env).slice(1).join(' ') + '\n';
  expect(left === undefined || words(left)[0] === 'echo', command).toBe(true);
  const argv = words(right ?? '', env);
  expect(argv[0], command).toBe('teamctl');
  return runCli(argv.slice(1), { env, cwd, ...(stdin !== undefined ? { stdin } : {}), ...(env.TEAMCTL_CONFIG_DIR ? { configDir: env.TEAMCTL_CONFIG_DIR } : {}) });
}

/** The members of a team as its sandbox answers them: e-mail (any case) → role. */
async function teamMembersOf(baseUrl: string, token: string, org: string, team: string): Promise<Map<string, string>> {
  const res = await fetch(`${baseUrl}/v1/orgs/${org}/teams/${team}/members?limit=1000`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { items: { team: { role: string }; organization: { user: { email: string } } }[]; next?: unknown };
  expect(body.next).toBeUndefined();
  return new Map(body.items.map((m) => [m.organization.user.email.toLowerCase(), m.team.role]));
}

const running: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('the newcomer path, as the README writes it', () => {
  const clone = mkdtempSync(join(tmpdir(), 'teamctl-newcomer-'));
  const cleanEnv = (): Record<string, string> => ({ PATH: process.env.PATH ?? '', HOME: clone, CI: 'true', TEAMCTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'teamctl-newcomer-config-')) });

  it('install: npm ci (which builds), then the launcher the README names', () => {
    const [install] = steps(section('Install'));
    expect(install?.map((s) => s.command)).toEqual(['npm ci', 'node bin/teamctl.js --help', 'npm link']);
    // What `npm ci` left behind (its `prepare` builds): the launcher runs the compiled program
    // (test/install.test.ts runs every install line on a clean clone).
    expect(existsSync(bin) && existsSync(new URL('../../dist/cli.js', import.meta.url))).toBe(true);
  });

  const quick = steps(section('Quick start with the sandbox'));
  /** The section's prose as one line (the README wraps its sentences). */
  const quickText = section('Quick start with the sandbox').replace(/\s+/g, ' ');

  it('the quick start prints the plan the README shows, then the first real sync makes the team the roster', async () => {
    const [first] = quick[0] ?? [];
    expect(first?.command).toMatch(/^node bin\/teamctl\.js sandbox .* -- teamctl members sync .*--dry-run/);
    const dry = await runCli(launcherArgs(first!.command), { spawn: true, cwd: clone, env: cleanEnv() });
    expect(dry.code, dry.stderr).toBe(0);
    expectShown(dry.stdout + dry.stderr, first!.shown, first!.command);

    // "Replace `--dry-run` with `--yes` to apply the plan; add `--data sandbox.json` to keep the state".
    const replace = /Replace `(--[\w-]+)` with `(--[\w-]+)` to apply the plan; add `(--data [^`]+)` to keep the state/.exec(quickText);
    expect(replace, 'the README says how the quick start becomes a real sync').not.toBeNull();
    const [, from = '', to = '', data = ''] = replace!;
    const real = first!.command.replace(` ${from}`, ` ${to}`).replace(/^node bin\/teamctl\.js sandbox /, `node bin/teamctl.js sandbox ${data} `);
    const sync = await runCli(launcherArgs(real), { spawn: true, cwd: clone, env: cleanEnv() });
    expect(sync.code, sync.stderr).toBe(0);

    // The sandbox's state, from its data file: the team is exactly the roster the quick start wrote.
    const rosterFile = words(first!.command)[words(first!.command).indexOf('--write-roster') + 1] ?? '';
    const rows = parse(readFileSync(join(clone, rosterFile), 'utf8'), { columns: true }) as { email: string; role: string }[];
    const store = (await loadDataFile(join(clone, words(data)[1] ?? '')))!;
    expect(store).toBeDefined();
    const members = store.teamMembers('acme', 'engineering').map((m) => [store.getUser('acme', m.userId)!.email.toLowerCase(), m.role]);
    expect(members.sort()).toEqual(rows.map((r) => [r.email.toLowerCase(), r.role || 'member']).sort());

    // The next command the README gives, on the kept state: the owners now include the promoted member.
    const [shell] = quick[1] ?? [];
    expect(shell?.command).toMatch(/^node bin\/teamctl\.js sandbox --data sandbox\.json -- sh -c 'teamctl members list --role owner; /);
    const owners = await runCli(launcherArgs(shell!.command), { spawn: true, cwd: clone, env: cleanEnv() });
    expect(owners.code, owners.stderr).toBe(0);
    const listed = owners.stdout.split('\n').filter((l) => /\towner\t/.test(l)).map((l) => l.split('\t')[1]?.toLowerCase());
    expect(listed.sort()).toEqual(rows.filter((r) => r.role === 'owner').map((r) => r.email.toLowerCase()).sort());
    expect(owners.stdout).toMatch(/^id\ten\tfr\tupdatedAt$/m); // and the glossary in English and French
  }, 60_000);

  it('a sandbox kept running, used from another shell: first with its exports, then with stored settings', async () => {
    // `teamctl sandbox --port 8787`, on any free port: the banner the README shows.
    const [keep] = quick[2] ?? [];
    const keepArgv = words(keep?.command ?? '');
    expect(keepArgv.slice(0, 3)).toEqual(['teamctl', 'sandbox', '--port']);
    const child = spawn(process.execPath, [bin, ...keepArgv.slice(1, 3), '0', ...keepArgv.slice(4)], { env: cleanEnv(), cwd: clone });
    running.push(child);
    let stdout = '';
    let stderr = '';
    await new Promise<void>((resolve, reject) => {
      const ready = (): void => {
        if (stdout.includes('Paste into another shell') && stderr.includes('Press Ctrl-C')) resolve();
      };
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
        ready();
      });
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        stderr += d;
        ready();
      });
      child.once('exit', (code) => reject(new Error(`the sandbox stopped (exit ${code}): ${stderr}`)));
    });
    expectShown(stdout, keep!.shown, keep!.command);

    // "In another shell, paste the `export` lines": the shell they make.
    const shell = cleanEnv();
    for (const m of stdout.matchAll(/^ {2}export (\w+)=(\S+)$/gm)) shell[m[1]!] = words(m[2]!)[0]!;
    expect(Object.keys(shell)).toEqual(expect.arrayContaining(['TEAMCTL_BASE_URL', 'TEAMCTL_TOKEN', 'TEAMCTL_ORG', 'TEAMCTL_TEAM']));
    const team = await teamMembersOf(shell.TEAMCTL_BASE_URL!, shell.TEAMCTL_TOKEN!, shell.TEAMCTL_ORG!, shell.TEAMCTL_TEAM!);
    const tsvEmails = (out: string): string[] => out.trim().split('\n').slice(1).map((l) => l.split('\t')[1]!.toLowerCase()).sort();

    // Every command of the block runs; the ones whose output can be checked against the state are.
    const outputs = new Map<string, CliResult>();
    for (const step of quick[3] ?? []) {
      const r = await teamctl(step.command, shell, clone);
      expect(r.code, `${step.command}: ${r.stderr}`).toBe(0);
      outputs.set(step.command, r);
    }
    const listed = outputs.get('teamctl members list');
    expect(tsvEmails(listed?.stdout ?? '')).toEqual([...team.keys()].sort());
    const ownerRows = parse(outputs.get('teamctl members list --role owner -o csv')?.stdout ?? '', { columns: true }) as { email: string; role: string }[];
    expect(ownerRows.map((r) => r.email.toLowerCase()).sort()).toEqual([...team].filter(([, role]) => role === 'owner').map(([email]) => email).sort());
    expect(outputs.get('teamctl glossary list --lang en,fr')?.stdout.split('\n')[0]).toBe('id\ten\tfr\tupdatedAt');

    // "Or store the settings instead of exporting them", in that same shell.
    const stored = quick[4] ?? [];
    expect(stored.map((s) => s.command)).toContain('teamctl members list');
    for (const step of stored) {
      const r = await teamctl(step.command, shell, clone);
      expect(r.code, `${step.command}: ${r.stderr}`).toBe(0);
    }
    // What they stored: the base URL and token (verified with the service), the org and the team,
    // in a file only its owner reads; a new shell without the exports works from it alone.
    const configFile = join(shell.TEAMCTL_CONFIG_DIR!, 'config.json');
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    const profile = (JSON.parse(readFileSync(configFile, 'utf8')) as { profiles: Record<string, Record<string, string>> }).profiles.default;
    expect(profile).toEqual({ 'base-url': shell.TEAMCTL_BASE_URL, token: shell.TEAMCTL_TOKEN, org: 'acme', team: 'engineering' });
    const fresh = await runCli(['members', 'list'], { env: { PATH: shell.PATH!, HOME: clone, CI: 'true' }, configDir: shell.TEAMCTL_CONFIG_DIR! });
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(tsvEmails(fresh.stdout)).toEqual([...team.keys()].sort());
    // Nothing on this path changes the team.
    expect(await teamMembersOf(shell.TEAMCTL_BASE_URL!, shell.TEAMCTL_TOKEN!, 'acme', 'engineering')).toEqual(team);

    // Ctrl-C stops it.
    const code = await new Promise<number | null>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', (c) => resolve(c));
      child.kill('SIGINT');
    });
    expect(code).toBe(0);
    expect(stderr).toContain('Sandbox stopped.');
  }, 60_000);
});
