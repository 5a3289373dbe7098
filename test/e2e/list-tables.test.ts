// Lists on a terminal (`teamctl help environment`, "Settings"): `users list` shows the day someone
// was last seen and marks a disabled member after the name; names wrap between their words, and a
// column a list can spare is left out, and named, where 80 columns cannot hold it; tsv, csv and
// json keep the service's values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { fakeStreams } from '../helpers/streams.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 'demo' });
});
afterAll(async () => {
  await sandbox.close();
});

async function list(argv: string[], columns?: number): Promise<string> {
  const streams = fakeStreams({ stdoutIsTTY: columns !== undefined });
  if (columns !== undefined) Object.assign(streams.stdout, { columns });
  const env = { NO_COLOR: '1', TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme', TEAMCTL_CONFIG_DIR: '/nonexistent' };
  expect(await main(argv, { streams, env })).toBe(0);
  return streams.out();
}
const usersList = (args: string[], columns?: number): Promise<string> => list(['users', 'list', ...args], columns);

/**
 * The table's rows, each cell's lines joined by a space (a cell wraps between its words); a row
 * starts where its `key` column (one that never wraps) has a value.
 */
function rowsOf(table: string, key = 0): string[][] {
  const rows: string[][] = [];
  for (const line of table.split('\n').filter((l) => l.startsWith('│'))) {
    const cells = line.slice(1, -1).split('│').map((c) => c.trim());
    if (cells[key] !== '' || rows.length === 0) rows.push(cells);
    else rows[rows.length - 1] = (rows.at(-1) ?? []).map((c, i) => [c, cells[i] ?? ''].filter((p) => p !== '').join(' '));
  }
  return rows;
}

describe('users list at a terminal', () => {
  it('at 80 columns: name, e-mail, role and day last seen, every word whole, a disabled member marked, and the id left out and named', async () => {
    const members = sandbox.store.users('acme');
    const table = await usersList([], 80);
    const lines = table.trimEnd().split('\n');
    expect(lines.every((l) => [...l].length <= 80)).toBe(true);
    expect(lines.at(-1)).toBe('id is left out at 80 columns: -o tsv and --json carry it');
    const [header, ...rows] = rowsOf(table, 1);
    expect(header).toEqual(['name', 'email', 'orgRole', 'lastSeen']);
    expect(rows).toHaveLength(members.length);
    for (const m of members) {
      const name = m.disabled ? `${m.displayName} (disabled)` : m.displayName;
      // Each e-mail on one line: the row starts with the name, not a piece of it.
      expect(rows.map((r) => r.slice(0, 3))).toContainEqual([name, m.email, m.role ?? 'guest']);
    }
    expect(members.some((m) => m.disabled)).toBe(true);
  });

  it('at 100 columns: the day last seen too, and no disabled column (the name says it)', async () => {
    const table = await usersList(['--search', 'haddad'], 100);
    expect(table.trimEnd().split('\n').every((l) => [...l].length <= 100)).toBe(true);
    expect(table).not.toContain('left out');
    const [header, ...rows] = rowsOf(table);
    expect(header).toEqual(['id', 'name', 'email', 'orgRole', 'lastSeen']);
    expect(rows.map((r) => r[1]).sort()).toEqual(['Farid Haddad', 'Yara Haddad (disabled)']);
    for (const r of rows) expect(r[4]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('tsv, csv and json keep the timestamp as the service sent it, and the disabled column', async () => {
    const json = JSON.parse(await usersList(['--search', 'nikolai', '--json'])) as { lastSeenAt: string }[];
    const at = json[0]?.lastSeenAt ?? '';
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await usersList(['--search', 'nikolai', '-o', 'tsv'])).toContain(`\t${at}\tfalse\n`);
    expect(await usersList(['--search', 'nikolai', '-o', 'csv'])).toContain(`,${at},false`);
    expect((await usersList(['--search', 'yara', '-o', 'tsv'])).split('\n')[0]).toBe('id\tname\temail\torgRole\tlastSeen\tdisabled');
    expect(await usersList(['--search', 'yara', '-o', 'tsv'])).toMatch(/\tYara Haddad\t.*\ttrue\n$/);
  });
});

describe('members list and glossary list at a terminal', () => {
  it('members list at 80 columns: the id left out and named first, every name whole on its line', async () => {
    const table = await list(['members', 'list', '--team', 'engineering'], 80);
    expect(table.trimEnd().split('\n').at(-1)).toBe('id is left out at 80 columns: -o tsv and --json carry it');
    const [header, ...rows] = rowsOf(table);
    expect(header).toEqual(['email', 'displayName', 'role', 'orgRole']);
    const members = sandbox.store.teamMembers('acme', 'engineering');
    expect(rows).toHaveLength(members.length);
    for (const m of members) {
      const user = sandbox.store.getUser('acme', m.userId);
      expect(rows.map((r) => r.slice(0, 3))).toContainEqual([user?.email, user?.displayName, m.role]);
    }
    expect((await list(['members', 'list', '--team', 'engineering'], 120)).split('\n')[1]).toMatch(/^│ id +│.*│ orgRole +│$/);
  });

  it('members list of two teams at 80 columns: names whole, not squeezed beside the ids', async () => {
    const table = await list(['members', 'list', '--team', 'engineering,design'], 80);
    expect(table.trimEnd().split('\n').every((l) => [...l].length <= 80)).toBe(true);
    expect(table.trimEnd().split('\n').at(-1)).toBe('id is left out at 80 columns: -o tsv and --json carry it');
    const [header, ...rows] = rowsOf(table);
    expect(header).toEqual(['team', 'email', 'displayName', 'role', 'orgRole']);
    for (const team of ['engineering', 'design']) {
      for (const m of sandbox.store.teamMembers('acme', team)) {
        const user = sandbox.store.getUser('acme', m.userId);
        expect(rows.map((r) => r.slice(0, 4))).toContainEqual([team, user?.email, user?.displayName, m.role]);
      }
    }
    // Each name on one line of its cell: no word broken.
    expect(table).toContain('│ Alice Martin ');
  });

  it('glossary list: the day an entry changed in a table; the id, then that day, left out before a term is broken; tsv keeps the timestamp', async () => {
    const wide = rowsOf(await list(['glossary', 'list', '--lang', 'en,fr'], 120));
    expect(wide[0]).toEqual(['id', 'en', 'fr', 'updatedAt']);
    for (const row of wide.slice(1)) expect(row[3]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const narrow = await list(['glossary', 'list', '--lang', 'en,fr'], 40);
    expect(rowsOf(narrow)[0]).toEqual(['en', 'fr']);
    expect(narrow.trimEnd().split('\n').at(-1)).toBe('id and updatedAt are left out at 40 columns: -o tsv and --json carry them');
    const all = await list(['glossary', 'list'], 80);
    expect(rowsOf(all)[0]).toEqual(['en', 'de', 'es', 'fr', 'ja', 'pt-BR']);
    expect(all.trimEnd().split('\n').at(-1)).toBe('id and updatedAt are left out at 80 columns: -o tsv and --json carry them');
    // Every word whole: the terms that wrapped mid-word before (Glossa|ry, Pull|reques|t).
    const cells = rowsOf(all).flat().join(' ');
    for (const word of ['Glossary', 'request', 'Versionshinweise', 'Änderungsanfrage', 'modification']) expect(cells.split(' ')).toContain(word);
    expect(await list(['glossary', 'list', '--lang', 'en,fr', '-o', 'tsv'])).toMatch(/\t\d{4}-\d{2}-\d{2}T[\d:.]+Z\n/);
  });
});
