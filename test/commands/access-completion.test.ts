// Shell completion knows `access list|sync` and their flags (README, "completion"): generated from
// the command tree, so nothing is listed by hand.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bashScript, commandTree } from '../../src/commands/completion-scripts.js';
import { buildProgram } from '../../src/program.js';
import { fakeStreams } from '../helpers/streams.js';

const tree = commandTree(await buildProgram({ streams: fakeStreams(), env: {} }, { exitCode: 0 }));
const script = join(mkdtempSync(join(tmpdir(), 'teamctl-completion-')), 'teamctl.bash');
writeFileSync(script, bashScript(tree));

function complete(...words: string[]): string[] {
  const array = ['teamctl', ...words].map((w) => `'${w}'`).join(' ');
  const out = execFileSync('bash', ['-c', `source '${script}'; COMP_WORDS=(${array}); COMP_CWORD=${words.length}; _teamctl; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean).sort();
}

describe('access completion', () => {
  it('offers access, its commands and their flags, and the topic', () => {
    expect(complete('acc')).toEqual(['access']);
    expect(complete('access', '')).toEqual(expect.arrayContaining(['list', 'sync']));
    expect(complete('access', 'sync', '--')).toEqual(expect.arrayContaining(['--prune', '--all-resources', '--max-revocations', '--force', '--dry-run', '--exit-code', '--plan-out']));
    expect(complete('access', 'list', '--s')).toEqual(expect.arrayContaining(['--space', '--site']));
    expect(complete('help', 'acc')).toContain('access');
  });
});
