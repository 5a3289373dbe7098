// .xlsx in (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"), run as a user would against the sandbox: a glossary
// workbook imports and re-imports as nothing to do, rosters and leaver lists read from a sheet,
// and a workbook teamctl refuses sends nothing.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetXml, workbookParts, xlsx, zip, type Cell } from '../helpers/xlsx.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let dir: string;
let orgs = 0;

beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 6);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }, { userId: 'u00002' }]);
  dir = mkdtempSync(join(tmpdir(), 'teamctl-xlsx-e2e-'));
});
afterAll(async () => {
  await s.sandbox.close();
});

function write(name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}
function newOrg(): Record<string, string> {
  const org = `xlsx-${++orgs}`;
  s.sandbox.store.createOrganization(org);
  return { ...s.env, TEAMCTL_ORG: org };
}
const real = (name: string): string => fileURLToPath(new URL(`../fixtures/real/xlsx/${name}`, import.meta.url));
const mutating = (from: number) => s.sandbox.requests.slice(from).filter((r) => r.method !== 'GET');

const glossarySheet: Cell[][] = [
  ['en', 'de', 'fr'],
  ['bank', 'Bank', 'banque'],
  ['cash, money', { xml: '<c r="REF" t="str"><f>"Bargeld"</f><v>Bargeld</v></c>' }, 'argent'],
  [2024, '2024', null],
];

describe('glossary import | sync <file.xlsx>', () => {
  it('imports the first sheet (or --sheet); importing or syncing it again plans nothing', async () => {
    const env = newOrg();
    const book = write('terms.xlsx', xlsx([{ name: 'Notes', rows: [['made by hand']] }, { name: 'Terms', rows: glossarySheet }]));
    const first = await runCli(['glossary', 'import', book, '--dry-run'], { env });
    expect(first.code).toBe(2);
    expect(first.stderr).toContain(`${book}:Notes!1:`);
    const r = await runCli(['glossary', 'import', book, '--sheet', 'Terms', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ inserted: 3, failed: [] });
    const entries = s.sandbox.store.glossaryEntries(env.TEAMCTL_ORG as string).map((e) => e.translations);
    expect(entries).toHaveLength(3);
    expect(entries).toEqual(expect.arrayContaining([{ en: 'bank', de: 'Bank', fr: 'banque' }, { en: 'cash, money', de: 'Bargeld', fr: 'argent' }, { en: '2024', de: '2024' }]));
    const again = await runCli(['glossary', 'import', book, '--sheet', 'terms', '--dry-run', '--json'], { env });
    expect(JSON.parse(again.stdout)).toMatchObject({ inserted: 0, updated: 0, present: 3 });
    const sync = await runCli(['glossary', 'sync', book, '--sheet', 'Terms', '--dry-run', '--exit-code'], { env });
    expect(sync.code, sync.stderr).toBe(0);
  });

  it('a formula without a cached value, a lying zip, a CSV named .xlsx: exit 2 naming the file, nothing sent', async () => {
    const env = newOrg();
    const noValue = write('formula.xlsx', xlsx([{ name: 'Terms', rows: [['en', 'de'], ['bank', 'Bank'], ['door', { xml: '<c r="REF"><f>LOWER(A3)</f></c>' }]] }]));
    const liar = write(
      'liar.xlsx',
      zip(workbookParts([{ name: 'S', xml: sheetXml(glossarySheet) }]).map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? { ...p, data: Buffer.alloc(8 * 1024 * 1024, 0x20), declaredSize: 300 } : p))),
    );
    const csv = write('really.xlsx', Buffer.from('en,de\nbank,Bank\n'));
    const expected: [string, string][] = [
      [noValue, `${noValue}:Terms!3: cell Terms!B3 is a formula without a cached value`],
      [liar, `${liar}: not a readable .xlsx: part xl/worksheets/sheet1.xml inflates to more than the 300 bytes its header declares`],
      [csv, `${csv}: not a readable .xlsx: not a zip file`],
    ];
    for (const [path, message] of expected) {
      const mark = s.sandbox.requests.length;
      const r = await runCli(['glossary', 'import', path], { env });
      expect(r.code, path).toBe(2);
      expect(r.stderr).toContain(message);
      expect(s.sandbox.requests.length - mark).toBe(0);
    }
    // --sheet on a file that is not an .xlsx is a usage error.
    const plain = write('terms.csv', Buffer.from('en,de\nbank,Bank\n'));
    const r = await runCli(['glossary', 'import', plain, '--sheet', 'Terms', '--dry-run'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--sheet chooses a sheet of an .xlsx file');
  });

  it('real workbooks: an error value is refused naming its cell; a chart sheet first is refused, naming the sheets', async () => {
    const env = newOrg();
    const cellTypes = await runCli(['glossary', 'import', real('tealeg-testcelltypes.xlsx'), '--dry-run'], { env });
    expect(cellTypes.code).toBe(2);
    expect(cellTypes.stderr).toContain(`${real('tealeg-testcelltypes.xlsx')}:Sheet1!8: cell Sheet1!A8 holds the error #DIV/0!`);
    const chart = await runCli(['glossary', 'import', real('tealeg-testchartsheet.xlsx'), '--dry-run'], { env });
    expect(chart.code).toBe(2);
    expect(chart.stderr).toContain('sheet "Chart1" is not a worksheet (a chart sheet?): choose another with --sheet (its sheets: "Chart1", "Sheet1")');
  });
});

describe('rosters and leaver lists from an .xlsx', () => {
  it('members sync --roster roster.xlsx plans from the sheet; offboard --file leavers.xlsx names the users', async () => {
    const roster = write('roster.xlsx', xlsx([{ name: 'People', rows: [['Email', 'Role'], ['user00001@example.com', 'owner'], ['user00003@example.com', 'member']] }]));
    const mark = s.sandbox.requests.length;
    const sync = await runCli(['members', 'sync', '--roster', roster, '--prune', '--dry-run', '--exit-code'], { env: { ...s.env, TEAMCTL_TEAM: 't' } });
    expect(sync.code, sync.stderr).toBe(8);
    expect(sync.stderr).toMatch(/^ {2}\+ user00003@example\.com \(member\)$/m);
    expect(sync.stderr).toMatch(/^ {2}- user00002@example\.com \(not in the roster\)$/m);
    expect(sync.stderr).toContain('1 to add, 1 to remove, 0 role changes, 1 unchanged');
    const leavers = write('leavers.xlsx', xlsx([{ name: 'Leavers', rows: [['user'], ['u00002']] }]));
    const off = await runCli(['members', 'offboard', '--file', leavers, '--sheet', 'Leavers', '--dry-run'], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(off.code, off.stderr).toBe(0);
    expect(off.stderr).toContain('Plan for team t (2 members now):\n  - user00002@example.com\n0 to add, 1 to remove');
    expect(mutating(mark)).toEqual([]);
    // --sheet without a file to read it from is a usage error.
    const lone = await runCli(['members', 'offboard', 'u00002', '--sheet', 'Leavers', '--dry-run'], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(lone.code).toBe(2);
  });
});
