import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { bashScript, commandTree, fishScript, zshScript } from '../../src/commands/completion-scripts.js';
import { buildProgram } from '../../src/program.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { bin } from '../e2e/harness.js';
import { fakeStreams } from '../helpers/streams.js';

const tree = commandTree(await buildProgram({ streams: fakeStreams(), env: {} }, { exitCode: 0 }));
const script = join(mkdtempSync(join(tmpdir(), 'teamctl-completion-')), 'teamctl.bash');
writeFileSync(script, bashScript(tree));

/** Runs the generated bash completion for a command line whose last word is being completed. */
function complete(...words: string[]): string[] {
  const array = ['teamctl', ...words].map((w) => `'${w}'`).join(' ');
  const out = execFileSync('bash', ['-c', `source '${script}'; COMP_WORDS=(${array}); COMP_CWORD=${words.length}; _teamctl; printf '%s\\n' "\${COMPREPLY[@]}"`], {
    encoding: 'utf8',
  });
  return out.split('\n').filter(Boolean).sort();
}

/** Whether bash falls back to file names for the word being completed (the script turns that off with compopt). */
function offersFiles(...words: string[]): boolean {
  const array = ['teamctl', ...words].map((w) => `'${w}'`).join(' ');
  const out = execFileSync('bash', ['-c', `source '${script}'; compopt() { echo "compopt $*"; }; COMP_WORDS=(${array}); COMP_CWORD=${words.length}; _teamctl; true`], { encoding: 'utf8' });
  return !out.includes('compopt +o default');
}

describe('bash completion', () => {
  it('is valid bash', () => {
    expect(() => execFileSync('bash', ['-n', script])).not.toThrow();
  });
  it('says it needs the bash-completion package, as the README does', () => {
    expect(bashScript(tree)).toContain('# Needs the bash-completion package');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('\n### completion\n');
    const section = readme.slice(start, readme.indexOf('\n## ', start));
    expect(section).toMatch(/needs it: install it first \(`apt install\s+bash-completion`/);
  });
  it('completes commands and subcommands', () => {
    expect(complete('')).toEqual(['access', 'apply', 'audit', 'auth', 'completion', 'config', 'glossary', 'help', 'members', 'sandbox', 'teams', 'translations', 'users', 'whoami']);
    expect(complete('mem')).toEqual(['members']);
    expect(complete('members', '')).toEqual(['add', 'list', 'offboard', 'onboard', 'remove', 'set-role', 'sync']);
    expect(complete('--org', 'acme', 'glossary', 'im')).toEqual(['import']);
  });
  it('completes help with the topics and the top-level commands', () => {
    expect(complete('he')).toEqual(['help']);
    expect(complete('help', 'e')).toEqual(['environment', 'exit-codes']);
    expect(complete('help', 'g')).toEqual(['glossary', 'glossary-files', 'guards']);
    expect(complete('help', 'w')).toEqual(['whoami']);
  });
  it('offers file names where a file goes, and never for an id, a user or a title', () => {
    expect(offersFiles('glossary', 'import', '')).toBe(true);
    expect(offersFiles('glossary', 'sync', 't')).toBe(true);
    expect(offersFiles('apply', '')).toBe(true);
    expect(offersFiles('members', 'sync', '--roster', '')).toBe(true);
    expect(offersFiles('glossary', 'get', '')).toBe(false);
    expect(offersFiles('glossary', 'delete', 'ge_')).toBe(false);
    expect(offersFiles('members', 'add', '')).toBe(false);
    expect(offersFiles('whoami', '')).toBe(false);
    expect(complete('glossary', 'get', '')).toEqual([]);
    // Ten bash runs, each asking teamctl (a Node process) what to complete: slow on a loaded machine.
  }, 120_000);
  it('completes the flags of the command being typed, and global flags', () => {
    expect(complete('members', 'sync', '--ros')).toEqual(['--roster']);
    expect(complete('members', 'sync', '--ro')).toEqual(['--role-map', '--roster']);
    expect(complete('members', 'list', '--ro')).toEqual(['--role']);
    expect(complete('glossary', 'import', '--on')).toEqual(['--on-conflict']);
    expect(complete('members', 'list', '--pro')).toEqual(['--profile']);
    // --jq is a global flag: every command offers it (`teamctl help formatting`, "Filtering JSON with --jq").
    expect(complete('members', 'list', '--j')).toEqual(['--jq', '--json']);
    expect(complete('whoami', '--jq')).toEqual(['--jq']);
    expect(fishScript(tree)).toContain('complete -c teamctl -l jq\n');
  });
  it('never offers a --token flag', () => {
    expect(complete('--t')).toEqual(['--team', '--timeout']);
  });
  it('completes the values a flag or an argument accepts', () => {
    expect(complete('members', 'list', '--role', '')).toEqual(['member', 'owner']);
    expect(complete('members', 'add', 'x@example.com', '--role', 'o')).toEqual(['owner']);
    expect(complete('members', 'list', '-o', '')).toEqual(['csv', 'json', 'markdown', 'ndjson', 'table', 'tsv']);
    expect(complete('--output', 'nd')).toEqual(['ndjson']);
    expect(complete('glossary', 'import', 'terms.csv', '--on-conflict', '')).toEqual(['insert', 'skip', 'update']);
    expect(complete('glossary', 'export', '--format', 't')).toEqual(['tbx', 'tsv-pair']);
    expect(complete('glossary', 'export', '--format', 'd')).toEqual(['deepl']);
    expect(complete('sandbox', '--seed', '')).toEqual(['demo', 'empty']);
    expect(complete('config', 'set', '')).toEqual(['base-url', 'keep', 'org', 'output', 'team']);
    expect(complete('config', 'get', 'o')).toEqual(['org', 'output']);
    expect(complete('completion', '')).toEqual(['bash', 'fish', 'zsh']);
  });
});

describe('bash completion of --team from the service', () => {
  it('offers the team ids of the organization named on the line, after a comma too; nothing without a token', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 'demo' });
    try {
      // `teamctl` on PATH is this build, as `npm link` makes it; the script calls it by that name.
      const binDir = mkdtempSync(join(tmpdir(), 'teamctl-completion-bin-'));
      writeFileSync(join(binDir, 'teamctl'), `#!/bin/sh\nexec '${process.execPath}' '${bin}' "$@"\n`);
      chmodSync(join(binDir, 'teamctl'), 0o755);
      const env = {
        PATH: `${binDir}:${process.env.PATH ?? ''}`,
        TEAMCTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'teamctl-completion-config-')),
        TEAMCTL_BASE_URL: sandbox.url,
        TEAMCTL_TOKEN: sandbox.token,
      };
      // Asynchronous: the sandbox answers from this process while bash waits.
      const completeAsync = async (environment: Record<string, string>, ...words: string[]): Promise<string[]> => {
        const array = ['teamctl', ...words].map((w) => `'${w}'`).join(' ');
        const { stdout } = await promisify(execFile)('bash', ['-c', `source '${script}'; COMP_WORDS=(${array}); COMP_CWORD=${words.length}; _teamctl; printf '%s\\n' "\${COMPREPLY[@]}"`], {
          encoding: 'utf8',
          env: environment,
        });
        return stdout.split('\n').filter(Boolean).sort();
      };
      expect(await completeAsync(env, '--org', 'acme', 'members', 'list', '--team', '')).toEqual(['design', 'engineering']);
      expect(await completeAsync(env, 'members', 'list', '--org', 'acme', '--team', 'engineering,d')).toEqual(['engineering,design']);
      expect(await completeAsync(env, '--org', 'acme', '--team', 'e')).toEqual(['engineering']);
      expect(await completeAsync(env, '--org', '=', 'acme', 'members', 'list', '--team', '')).toEqual(['design', 'engineering']); // --org=acme, as bash splits it
      expect(sandbox.requests.filter((r) => r.path === '/v1/orgs/acme/teams').length).toBe(1); // then the cache
      const { TEAMCTL_TOKEN: _token, ...noToken } = env;
      expect(await completeAsync({ ...noToken, TEAMCTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'teamctl-completion-config-')) }, '--org', 'acme', '--team', '')).toEqual([]);
      expect(sandbox.requests.length).toBe(1);
    } finally {
      await sandbox.close();
    }
  });
});

describe('bash completion at a terminal', () => {
  it('Tab Tab after --team in an interactive bash (a pseudo-terminal) lists the team ids', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 'demo' });
    const home = mkdtempSync(join(tmpdir(), 'teamctl-completion-tty-'));
    writeFileSync(join(home, 'teamctl'), `#!/bin/sh\nexec '${process.execPath}' '${bin}' "$@"\n`);
    chmodSync(join(home, 'teamctl'), 0o755);
    writeFileSync(join(home, 'rc'), `PS1='ready> '\nsource '${script}'\n`);
    const env = {
      PATH: `${home}:${process.env.PATH ?? ''}`,
      HOME: home,
      TERM: 'xterm',
      TEAMCTL_CONFIG_DIR: join(home, 'config'),
      TEAMCTL_BASE_URL: sandbox.url,
      TEAMCTL_TOKEN: sandbox.token,
      TEAMCTL_ORG: 'acme',
    };
    const child = spawn('script', ['-qfec', `bash --noprofile --rcfile '${join(home, 'rc')}' -i`, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (screen += d));
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    const until = (condition: () => boolean, what: string): Promise<void> =>
      vi.waitFor(() => {
        if (!condition()) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(screen.slice(-300))}`);
      }, { timeout: 20_000, interval: 10 });
    try {
      // Type only once bash shows its prompt (readline drops what comes before).
      await until(() => screen.includes('ready> '), 'the prompt');
      child.stdin.write('teamctl members list --team \t\t');
      await until(() => /design\s+engineering/.test(screen), 'the team ids');
      expect(sandbox.requests.filter((r) => r.path === '/v1/orgs/acme/teams')).toHaveLength(1);
      child.stdin.write('\x15exit\r'); // clear the line, leave
      await closed;
    } finally {
      child.kill('SIGKILL');
      await sandbox.close();
    }
  }, 30_000);
});

describe('zsh and fish completion', () => {
  it('zsh reuses the bash function through bashcompinit', () => {
    const zsh = zshScript(tree);
    expect(zsh.startsWith('#compdef teamctl\n')).toBe(true);
    expect(zsh).toContain('bashcompinit');
    expect(zsh).toContain('complete -o default -F _teamctl teamctl');
  });
  it('fish lists every subcommand under its parent and file flags take files', () => {
    const fish = fishScript(tree);
    expect(fish).toContain("complete -c teamctl -n '__fish_use_subcommand' -a members");
    expect(fish).toMatch(/complete -c teamctl -n '__fish_seen_subcommand_from members; and not __fish_seen_subcommand_from list add remove offboard set-role sync onboard' -a sync/);
    expect(fish).toContain("complete -c teamctl -n '__fish_seen_subcommand_from members; and __fish_seen_subcommand_from sync' -l roster -r -F");
  });
  it('fish offers the values of flags and arguments', () => {
    const fish = fishScript(tree);
    expect(fish).toContain("complete -c teamctl -n '__fish_seen_subcommand_from members; and __fish_seen_subcommand_from list' -l role -x -a 'owner member'");
    expect(fish).toContain("complete -c teamctl -s o -x -a 'table tsv json ndjson csv markdown'");
    expect(fish).toContain("complete -c teamctl -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'");
    expect(fish).toContain("complete -c teamctl -n '__fish_seen_subcommand_from config; and __fish_seen_subcommand_from set' -a 'base-url org team output keep'");
  });
  it('fish asks teamctl for the team ids of --team, with the settings typed on the line', () => {
    const fish = fishScript(tree);
    expect(fish).toContain("complete -c teamctl -l team -x -a '(__teamctl_service_values team-ids)'");
    expect(fish).toContain('function __teamctl_service_values');
    expect(fish).toContain('if contains -- $tokens[$i] --profile --base-url --org');
    expect(fish).toContain('$tokens[1] __complete $argv[1] $args 2>/dev/null');
  });
  it('every install line creates the folder it writes into', () => {
    for (const text of [bashScript(tree), fishScript(tree)]) {
      const install = text.split('\n').find((l) => l.startsWith('# Install:')) ?? '';
      const target = /> (\S+)$/.exec(install)?.[1] ?? '';
      expect(install).toContain(`mkdir -p ${target.slice(0, target.lastIndexOf('/'))} && `);
    }
  });
});
