import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bashScript, fishScript, zshScript } from '../../src/commands/completion.js';
import { buildProgram, commandTree } from '../../src/program.js';
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
    expect(complete('')).toEqual(['apply', 'auth', 'completion', 'config', 'glossary', 'members', 'sandbox']);
    expect(complete('mem')).toEqual(['members']);
    expect(complete('members', '')).toEqual(['add', 'list', 'remove', 'sync']);
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
    expect(fish).toMatch(/complete -c teamctl -n '__fish_seen_subcommand_from members; and not __fish_seen_subcommand_from list add remove sync' -a sync/);
    expect(fish).toContain("complete -c teamctl -n '__fish_seen_subcommand_from members; and __fish_seen_subcommand_from sync' -l roster -r -F");
  });
});
