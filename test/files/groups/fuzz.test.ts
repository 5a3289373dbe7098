// Group exports of random shapes (`teamctl help reliability`, "Reliability"): every provider's
// header with random columns added, cells from e-mails, member types, statuses and some junk. Each reading
// gives a GroupExport that keeps its promises, or an InputFileError (exit 2); nothing else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../../src/errors.js';
import { groupExportFormats, parseGroupExport } from '../../../src/files/groups/read.js';
import { userIdentity } from '../../../src/files/users.js';

/** Each provider's header (and teamctl's own), to which random columns are added. */
const headers = [
  ['email', 'group'], ['email', 'groups', 'sso'], ['email'], ['Group name', 'Okta username', 'Okta user status'],
  ['Object ID', 'User principal name', 'Member type'], ['GroupName', 'UserPrincipalName', 'Mail', '@odata.type', 'AccountEnabled'],
  ['Group Email [Required]', 'Member Email', 'Member Type', 'Member Role'], ['Member Email', 'Member Type'], ['Username', 'Email', 'Group1', 'Group2'],
];
const extra = ['status', 'role', 'name', 'sso', 'Mail', 'group'];
const users = ['ada@example.com', 'ADA@example.com', 'bo@example.com', 'cy@example.com', 'x_y.org#EXT#@t.onmicrosoft.com', 'u-1'];
const junk = ['', 'not an e-mail', 'maybe', '"quoted, cell"', 'a\u200bb@example.com', 'eng;ops'];
/** What a column holds, by its name. */
const pools: [RegExp, string[]][] = [
  [/type/i, ['User', 'Group', '#microsoft.graph.user', '#microsoft.graph.group', 'USER', 'GROUP', 'CUSTOMER', 'Service Principal', '']],
  [/status|enabled/i, ['ACTIVE', 'SUSPENDED', 'False', 'True', 'suspended', '']],
  [/role/i, ['OWNER', 'MEMBER', 'owner', '']],
  [/^sso$/, ['true', 'false', 'yes', '']],
  [/group/i, ['eng', 'ops', 'eng;ops', 'R&D, Berlin', 'Design']],
  [/.*/, users],
];
/** A cell of column `name`: mostly a value such a column holds, sometimes junk. */
const cell = (name: string): fc.Arbitrary<string> =>
  fc.oneof({ weight: 30, arbitrary: fc.constantFrom(...(pools.find(([re]) => re.test(name))?.[1] ?? users)) }, { weight: 1, arbitrary: fc.constantFrom(...junk) });
const csvCell = (v: string): string => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

describe('group exports of random shapes', () => {
  it('read into an export that keeps its promises, or are refused with file and line (exit 2)', () => {
    const header = fc.tuple(fc.constantFrom(...headers), fc.subarray(extra, { maxLength: 2 })).map(([base, more]) => [...base, ...more.filter((c) => !base.includes(c))]);
    const text = header.chain((cells) =>
      fc.array(fc.tuple(...cells.map(cell)), { maxLength: 6 }).map((rows) => [cells, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n'),
    );
    const format = fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...groupExportFormats) });
    fc.assert(
      fc.property(text, format, fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('Eng', 'ops') }), (csv, f, group) => {
        let read;
        try {
          read = parseGroupExport(csv, 'export.csv', { format: f, group });
        } catch (err) {
          if (!(err instanceof InputFileError)) throw err;
          expect(err.exitCode).toBe(2);
          for (const p of err.problems) expect(p.file).toBe('export.csv');
          return;
        }
        if (f !== undefined) expect(read.format).toBe(f);
        const identities = read.members.map((m) => userIdentity(m.entry));
        expect(new Set(identities).size).toBe(identities.length);
        for (const m of read.members) {
          expect(m.entry.line).toBeGreaterThan(1);
          for (const g of m.groups) expect(read.groups).toContain(g);
          expect(new Set(m.groups).size).toBe(m.groups.length);
          if (read.format !== 'teamctl') expect(m.sso).toBe(true);
        }
        expect(read.notPeople + read.inactive + read.members.length).toBeLessThanOrEqual(csv.split('\n').length);
      }),
      { numRuns: 300 },
    );
  });
});
