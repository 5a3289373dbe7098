import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bashScript, commandTree, fishScript, zshScript } from '../../src/commands/completion.js';
import { buildProgram } from '../../src/program.js';
import { fakeStreams } from '../helpers/streams.js';

const tree = commandTree(buildProgram({ streams: fakeStreams(), env: {} }, { exitCode: 0 }));
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

describe('bash completion', () => {
  it('is valid bash', () => {
    expect(() => execFileSync('bash', ['-n', script])).not.toThrow();
  });
  it('completes commands and subcommands', () => {
    expect(complete('')).toEqual(['apply', 'auth', 'completion', 'config', 'glossary', 'members', 'sandbox', 'teams', 'users', 'whoami']);
    expect(complete('mem')).toEqual(['members']);
    expect(complete('members', '')).toEqual(['add', 'list', 'offboard', 'remove', 'sync']);
    expect(complete('--org', 'acme', 'glossary', 'im')).toEqual(['import']);
  });
  it('completes the flags of the command being typed, and global flags', () => {
    expect(complete('members', 'sync', '--ro')).toEqual(['--roster']);
    expect(complete('members', 'list', '--ro')).toEqual(['--role']);
    expect(complete('glossary', 'import', '--on')).toEqual(['--on-conflict']);
    expect(complete('members', 'list', '--pro')).toEqual(['--profile']);
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
    expect(complete('glossary', 'export', '--format', 't')).toEqual(['tbx']);
    expect(complete('sandbox', '--seed', '')).toEqual(['demo', 'empty']);
    expect(complete('config', 'set', '')).toEqual(['base-url', 'org', 'output', 'team']);
    expect(complete('config', 'get', 'o')).toEqual(['org', 'output']);
    expect(complete('completion', '')).toEqual(['bash', 'fish', 'zsh']);
  });
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
    expect(fish).toMatch(/complete -c teamctl -n '__fish_seen_subcommand_from members; and not __fish_seen_subcommand_from list add remove offboard sync' -a sync/);
    expect(fish).toContain("complete -c teamctl -n '__fish_seen_subcommand_from members; and __fish_seen_subcommand_from sync' -l roster -r -F");
  });
  it('fish offers the values of flags and arguments', () => {
    const fish = fishScript(tree);
    expect(fish).toContain("complete -c teamctl -n '__fish_seen_subcommand_from members; and __fish_seen_subcommand_from list' -l role -x -a 'owner member'");
    expect(fish).toContain("complete -c teamctl -s o -x -a 'table tsv json ndjson csv markdown'");
    expect(fish).toContain("complete -c teamctl -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'");
    expect(fish).toContain("complete -c teamctl -n '__fish_seen_subcommand_from config; and __fish_seen_subcommand_from set' -a 'base-url org team output'");
  });
  it('every install line creates the folder it writes into', () => {
    for (const text of [bashScript(tree), fishScript(tree)]) {
      const install = text.split('\n').find((l) => l.startsWith('# Install:')) ?? '';
      const target = /> (\S+)$/.exec(install)?.[1] ?? '';
      expect(install).toContain(`mkdir -p ${target.slice(0, target.lastIndexOf('/'))} && `);
    }
  });
});
