// An interrupted run reports in its own words (`teamctl help interruptions`, "Interruptions"): one line `Interrupted:
// … N not sent (the run was stopped)`, the changes not sent listed up to 20 with the count of the
// rest and where they all are, in a members run, an organization run and a glossary import alike,
// and no Ctrl-C hint where no one can press it. In process: the signal is emitted by the
// sandbox while it receives a chosen request, so the run is stopped at a known point, with no
// waiting. The stderr bytes and the sandbox's state are the reference.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 100);
  for (const t of ['a', 'b']) s.sandbox.store.createTeam('acme', t);
  s.sandbox.store.setTeamMembers('acme', 'a', [{ userId: 'u00001', role: 'owner' }]);
  s.sandbox.store.setTeamMembers('acme', 'b', [{ userId: 'u00002', role: 'owner' }]);
  s.env.TEAMCTL_TEAM = 'a';
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-interrupt-words-'));
const uid = (n: number): string => `u${String(n).padStart(5, '0')}`;
const members = (team: string): string[] => s.sandbox.store.teamMembers('acme', team).map((m) => m.userId).sort();
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Emits `signal` in this process while the sandbox receives the `nth` PUT (which still lands). */
function signalAtPut(nth: number, signal: NodeJS.Signals = 'SIGTERM'): void {
  let seen = 0;
  s.sandbox.intercept((req) => {
    if (req.method === 'PUT' && ++seen === nth) process.emit(signal, signal);
    return undefined;
  });
}

/** What the run wrote to stderr from the interruption on. */
const tail = (stderr: string): string => stderr.slice(stderr.indexOf('interrupted: sending nothing more'));

describe('a members run stopped by a signal', () => {
  const rosterFile = (): string => {
    const path = join(dir, 'roster.csv');
    writeFileSync(path, 'id,role\nu00001,owner\n' + range(3, 62).map((n) => `${uid(n)},member`).join('\n') + '\n');
    return path;
  };

  it('says what was added and what was not sent, lists 20 of those, and points at --report for the rest (SIGTERM, no terminal: no Ctrl-C hint)', async () => {
    signalAtPut(3);
    const r = await runCli(['members', 'sync', '--roster', rosterFile(), '--batch-size', '10'], { env: s.env });
    expect(r.code).toBe(143);
    // Three bulk adds of 10 landed (the third was in flight): u00003–u00032; the other 30 were not sent.
    expect(members('a')).toEqual([uid(1), ...range(3, 32).map(uid)]);
    expect(tail(r.stderr)).toBe(
      [
        'interrupted: sending nothing more; requests in flight get 2s to finish',
        'Interrupted: 30 added, 30 not sent (the run was stopped)',
        ...range(33, 52).map((n) => `  not sent: add ${uid(n)}`),
        '  … and 10 more not sent; run with --report <file.csv> to get them all',
        'error: interrupted after 30 of 60 changes were applied; the summary above shows the first changes, and --report <file.csv> lists each change; run the same command again to finish',
        '',
      ].join('\n'),
    );
  });

  it('with --report, the rest are in the file it names, which holds every change not sent', async () => {
    signalAtPut(3, 'SIGINT');
    const report = join(dir, 'members-report.csv');
    const r = await runCli(['members', 'sync', '--roster', rosterFile(), '--batch-size', '10', '--report', report], { env: s.env });
    expect(r.code).toBe(130);
    expect(tail(r.stderr)).toBe(
      [
        'interrupted: sending nothing more; requests in flight get 2s to finish',
        'Interrupted: 30 added, 30 not sent (the run was stopped)',
        ...range(33, 52).map((n) => `  not sent: add ${uid(n)}`),
        `  … and 10 more not sent; ${report} lists them all`,
        `error: interrupted after 30 of 60 changes were applied; ${report} lists each change; run the same command again to finish`,
        '',
      ].join('\n'),
    );
    const rows = parse(readFileSync(report, 'utf8'), { columns: true }) as { user: string; message: string }[];
    expect(rows.filter((row) => row.message === 'not sent: the run was interrupted').map((row) => row.user)).toEqual(range(33, 62).map(uid));
    expect(members('a')).toEqual([uid(1), ...range(3, 32).map(uid)]);
  });
});

describe('an organization run stopped by a signal', () => {
  it('one line for all its teams, the changes not sent of every team listed 20 at most, with their team', async () => {
    const roster = join(dir, 'org.csv');
    const row = (team: string, n: number, role = 'member'): string => `${team},${uid(n)},${role}`;
    writeFileSync(roster, ['team,id,role', row('a', 1, 'owner'), ...range(3, 27).map((n) => row('a', n)), row('b', 2, 'owner'), ...range(40, 64).map((n) => row('b', n))].join('\n') + '\n');
    // One request at a time across the teams: the signal comes while the second bulk add is in flight.
    signalAtPut(2);
    const r = await runCli(['members', 'sync', '--roster', roster, '--batch-size', '10', '--concurrency', '1'], { env: s.env });
    expect(r.code).toBe(143);
    const added = [...members('a').filter((u) => u !== uid(1)), ...members('b').filter((u) => u !== uid(2))];
    expect(added).toHaveLength(20);
    const lines = tail(r.stderr).split('\n');
    expect(lines.slice(0, 2)).toEqual(['interrupted: sending nothing more; requests in flight get 2s to finish', 'Interrupted: 20 added, 30 not sent (the run was stopped)']);
    const listed = lines.slice(2, 22);
    for (const line of listed) {
      const [, team, user] = /^ {2}not sent: (a|b): add (u\d{5})$/.exec(line) ?? [];
      expect(team, line).toBeDefined();
      expect(members(team!)).not.toContain(user);
    }
    expect(lines.slice(22)).toEqual([
      '  … and 10 more not sent; run with --report <file.csv> to get them all',
      'error: interrupted after 20 of 50 changes were applied; the summary above shows the first changes, and --report <file.csv> lists each change; run the same command again to finish',
      '',
    ]);
    expect(r.stderr).not.toMatch(/^(Done:|team .*:$)/m);
  });
});

describe('a glossary import stopped by a signal', () => {
  it('the same words: what was inserted, the lines not sent (20 of them), the count of the rest', async () => {
    const file = join(dir, 'terms.csv');
    writeFileSync(file, 'en,fr\n' + range(0, 99).map((i) => `term ${i},terme ${i}`).join('\n') + '\n');
    signalAtPut(2);
    const r = await runCli(['glossary', 'import', file, '--batch-size', '10'], { env: s.env });
    expect(r.code).toBe(143);
    // Two batches landed (lines 2–21); lines 22–101 were not sent.
    expect(s.sandbox.store.glossaryEntries('acme').map((e) => e.translations.en).sort()).toEqual(range(0, 19).map((i) => `term ${i}`).sort());
    expect(tail(r.stderr)).toBe(
      [
        'interrupted: sending nothing more; requests in flight get 2s to finish',
        ...range(22, 41).map((n) => `  not sent: line ${n}`),
        '  … and 60 more not sent; run with --report <file.csv> to get them all',
        'Interrupted: 20 inserted, 80 not sent (the run was stopped)',
        'error: interrupted after 20 of 100 changes were applied; the summary above shows the first changes, and --report <file.csv> lists each change; run the same command again to finish',
        '',
      ].join('\n'),
    );
  });
});
