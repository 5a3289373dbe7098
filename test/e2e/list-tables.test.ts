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

/** The table's rows, each cell's lines joined by a space (a cell wraps between its words). */
function rowsOf(table: string): string[][] {
  const rows: string[][] = [];
  for (const line of table.split('\n').filter((l) => l.startsWith('│'))) {
    const cells = line.slice(1, -1).split('│').map((c) => c.trim());
    if (cells[0] !== '' || rows.length === 0) rows.push(cells);
    else rows[rows.length - 1] = (rows.at(-1) ?? []).map((c, i) => [c, cells[i] ?? ''].filter((p) => p !== '').join(' '));
  }
  return rows;
}

describe('users list at a terminal', () => {
  it('at 80 columns: id, name, e-mail and role, every word whole, a disabled member marked, and the column left out named', async () => {
    const members = sandbox.store.users('acme');
    const table = await usersList([], 80);
    const lines = table.trimEnd().split('\n');
    expect(lines.every((l) => [...l].length <= 80)).toBe(true);
    expect(lines.at(-1)).toBe('lastSeen is left out at 80 columns: a wider terminal or -o tsv shows it');
    const [header, ...rows] = rowsOf(table);
    expect(header).toEqual(['id', 'name', 'email', 'orgRole']);
    expect(rows).toHaveLength(members.length);
    for (const m of members) {
      const name = m.disabled ? `${m.displayName} (disabled)` : m.displayName;
      // Each id and e-mail on one line: the row starts with them, not a piece of them.
      expect(rows).toContainEqual([m.id, name, m.email, m.role ?? 'guest']);
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
  it('members list at 80 columns: orgRole left out and named, every name whole on its line', async () => {
    const table = await list(['members', 'list', '--team', 'engineering'], 80);
    expect(table.trimEnd().split('\n').at(-1)).toBe('orgRole is left out at 80 columns: a wider terminal or -o tsv shows it');
    const [header, ...rows] = rowsOf(table);
    expect(header).toEqual(['id', 'email', 'displayName', 'role']);
    const members = sandbox.store.teamMembers('acme', 'engineering');
    expect(rows).toHaveLength(members.length);
    for (const m of members) {
      const user = sandbox.store.getUser('acme', m.userId);
      expect(rows).toContainEqual([m.userId, user?.email, user?.displayName, m.role]);
    }
    expect((await list(['members', 'list', '--team', 'engineering'], 120)).split('\n')[1]).toMatch(/│ orgRole +│$/);
  });

  it('glossary list: the day an entry changed in a table, left out before a term is broken; tsv keeps the timestamp', async () => {
    const wide = rowsOf(await list(['glossary', 'list', '--lang', 'en,fr'], 120));
    expect(wide[0]).toEqual(['id', 'en', 'fr', 'updatedAt']);
    for (const row of wide.slice(1)) expect(row[3]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const narrow = await list(['glossary', 'list', '--lang', 'en,fr'], 40);
    expect(rowsOf(narrow)[0]).toEqual(['id', 'en', 'fr']);
    expect(narrow.trimEnd().split('\n').at(-1)).toBe('updatedAt is left out at 40 columns: a wider terminal or -o tsv shows it');
    expect(await list(['glossary', 'list', '--lang', 'en,fr', '-o', 'tsv'])).toMatch(/\t\d{4}-\d{2}-\d{2}T[\d:.]+Z\n/);
  });
});
