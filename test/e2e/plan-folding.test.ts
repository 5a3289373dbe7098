// Plans at a terminal (`teamctl help environment`, "Plans at a terminal"): every change listed in a log, the first
// lines of each kind on a terminal when the plan is taller than the screen; unchanged rows only
// counted. In-process, stderr a terminal of 24 rows or not one at all.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeStreams } from '../helpers/streams.js';
import { bin, newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'demo' });
});
afterEach(async () => {
  await s.sandbox.close();
});
const dir = mkdtempSync(join(tmpdir(), 'teamctl-fold-'));

async function onTerminal(args: string[]): Promise<{ code: number; stderr: string }> {
  const streams = fakeStreams({ stderrIsTTY: true });
  const code = await main(args, { streams, env: { ...s.env, TEAMCTL_CONFIG_DIR: newConfigDir(), TEAMCTL_STATE_DIR: newConfigDir(), HOME: newConfigDir() }, sleep: () => Promise.resolve() });
  return { code, stderr: streams.err() };
}
const mutating = (): number => s.sandbox.requests.filter((r) => r.method !== 'GET').length;

describe('plans at a terminal', () => {
  it('glossary import: 60 inserts fold to 5 on a terminal and are all listed in a log; unchanged rows are only counted', async () => {
    const existing = s.sandbox.store.glossaryEntries('acme');
    const present = existing.slice(0, 3).map((e) => `${e.translations.en},${e.translations.fr}`);
    const fresh = Array.from({ length: 60 }, (_, i) => `term ${i},terme ${i}`);
    const file = join(dir, 'terms.csv');
    writeFileSync(file, ['en,fr', ...present, ...fresh].join('\n') + '\n');
    // Rows present in the glossary with only en and fr: the demo entries have more languages.
    const counts = '60 to insert, 0 to update, 3 unchanged, 0 conflicts';

    const folded = await onTerminal(['glossary', 'import', file, '--dry-run']);
    expect(folded.code, folded.stderr).toBe(0);
    expect(folded.stderr.match(/^ {2}\+ insert/gm)).toHaveLength(5);
    expect(folded.stderr).toContain('  + insert  line 5: en=term 0, fr=terme 0\n');
    expect(folded.stderr).toContain('    … and 55 more (--report keeps them all)\n');
    expect(folded.stderr).toContain(counts);
    expect(folded.stderr).not.toMatch(/present line|= /);

    const logged = await runCli(['glossary', 'import', file, '--dry-run'], { env: s.env });
    expect(logged.stderr.match(/^ {2}\+ insert/gm)).toHaveLength(60);
    expect(logged.stderr).not.toContain('more (--report');
    expect(logged.stderr).toContain(counts);
    expect(mutating()).toBe(0);
  });

  it('glossary sync and delete fold the same way; a short plan is listed whole on a terminal', async () => {
    const file = join(dir, 'sync.csv');
    writeFileSync(file, ['en,fr', ...Array.from({ length: 30 }, (_, i) => `word ${i},mot ${i}`)].join('\n') + '\n');
    const folded = await onTerminal(['glossary', 'sync', file, '--dry-run']);
    expect(folded.code, folded.stderr).toBe(0);
    expect(folded.stderr.match(/^ {2}\+ insert/gm)).toHaveLength(5);
    expect(folded.stderr).toContain('    … and 25 more (--report keeps them all)\n');
    // The demo glossary's 10 entries are not in the file: kept, and folded too.
    expect(folded.stderr).toContain('    … and 5 more (--report keeps them all)\n');
    expect(folded.stderr).toContain('30 to insert, 0 to update, 0 to delete, 0 unchanged, 10 not in the file');
    const logged = await runCli(['glossary', 'sync', file, '--dry-run'], { env: s.env });
    expect(logged.stderr.match(/^ {2}\+ insert/gm)).toHaveLength(30);

    const ids = s.sandbox.store.glossaryEntries('acme').map((e) => e.id);
    const short = await onTerminal(['glossary', 'delete', ...ids.slice(0, 3), '--dry-run']);
    expect(short.stderr.match(/^ {2}- delete/gm)).toHaveLength(3);
    const all = await onTerminal(['glossary', 'delete', ...ids, '--dry-run']);
    expect(all.stderr.match(/^ {2}- delete/gm)).toHaveLength(10);
    expect(mutating()).toBe(0);
  });

  it('members sync: members left out of the roster are listed as kept and counted apart from the unchanged', async () => {
    const team = s.sandbox.store.teamMembers('acme', 'engineering');
    const roster = join(dir, 'roster.csv');
    // Everyone but the last two: those two are kept (no --prune) and said so.
    writeFileSync(roster, ['id', ...team.slice(0, -2).map((m) => m.userId)].join('\n') + '\n');
    const r = await runCli(['members', 'sync', '--roster', roster, '--dry-run', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { unchanged: number; notInRoster: { id: string }[] };
    expect(report.notInRoster.map((u) => u.id)).toEqual(team.slice(-2).map((m) => m.userId));
    expect(report.unchanged).toBe(team.length - 2);
    expect(r.stderr).toContain(`0 to add, 0 to remove, 0 role changes, ${team.length - 2} unchanged, 2 not in the roster (kept), 0 not a member`);
    expect(r.stderr).toContain('Not in the roster (kept; --prune removes them):\n');
    const pruned = await runCli(['members', 'sync', '--roster', roster, '--prune', '--dry-run', '--json'], { env: s.env });
    expect(JSON.parse(pruned.stdout)).not.toHaveProperty('notInRoster');
    expect(mutating()).toBe(0);
  });
});

describe('under a real pseudo-terminal', () => {
  it('the built teamctl folds a 60-insert plan to its first 5 lines (`script` makes the terminal)', async () => {
    const file = join(dir, 'pty.csv');
    writeFileSync(file, ['en,fr', ...Array.from({ length: 60 }, (_, i) => `pty ${i},pté ${i}`)].join('\n') + '\n');
    const command = [process.execPath, bin, 'glossary', 'import', file, '--dry-run'].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const env = { PATH: process.env.PATH ?? '', HOME: newConfigDir(), TEAMCTL_CONFIG_DIR: newConfigDir(), TEAMCTL_STATE_DIR: newConfigDir(), TERM: 'xterm', NO_COLOR: '1', ...s.env };
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('script', ['-qfec', command, '/dev/null'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
    expect(output.match(/^ {2}\+ insert/gm)).toHaveLength(5);
    expect(output).toContain('… and 55 more (--report keeps them all)');
    expect(output).toContain('60 to insert, 0 to update, 0 unchanged, 0 conflicts');
    expect(mutating()).toBe(0);
  });
});

describe('tables at a narrow terminal', () => {
  it('members list, users list and glossary list leave the id out first (saying so), keep every e-mail on one line; the other columns wrap', async () => {
    const narrow = async (args: string[]): Promise<string> => {
      const streams = fakeStreams({ stdoutIsTTY: true });
      Object.assign(streams.stdout, { columns: 60 });
      const code = await main(args, { streams, env: { ...s.env, NO_COLOR: '1', TEAMCTL_CONFIG_DIR: newConfigDir(), TEAMCTL_STATE_DIR: newConfigDir(), HOME: newConfigDir() } });
      expect(code, streams.err()).toBe(0);
      return streams.out();
    };
    const idLeftOut = /\nid (?:and [\w, ]+ are|is) left out at 60 columns: -o tsv and --json carry (?:it|them)\n$/;
    const members = await narrow(['members', 'list']);
    expect(members).toMatch(idLeftOut);
    for (const m of s.sandbox.store.teamMembers('acme', 'engineering')) {
      const user = s.sandbox.store.users('acme').find((u) => u.id === m.userId)!;
      expect(members).not.toContain(m.userId);
      if (user.email) expect(members).toContain(`│ ${user.email} `);
    }
    const users = await narrow(['users', 'list']);
    expect(users).toMatch(idLeftOut);
    for (const u of s.sandbox.store.users('acme')) if (u.email) expect(users).toContain(` ${u.email} `);
    const glossary = await narrow(['glossary', 'list']);
    expect(glossary).toMatch(idLeftOut);
    for (const e of s.sandbox.store.glossaryEntries('acme')) expect(glossary).not.toContain(e.id);
    expect(glossary.trimEnd().split('\n').slice(0, -1).every((l) => [...l].length <= 60)).toBe(true);
  });
});
