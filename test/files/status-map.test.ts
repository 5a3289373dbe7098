// --status-map and the warning for an HR status teamctl does not know (src/files/status-map.ts,
// InactiveRows in src/files/user-header.ts; `teamctl help rosters`, "Inactive accounts").
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseStatusMap, statusMapSuggestion } from '../../src/files/status-map.js';
import { InactiveRows } from '../../src/files/user-header.js';

const row = (line: number, ...cells: string[]) => ({ line, cells });

describe('parseStatusMap', () => {
  it('reads value=active|inactive pairs, values in any case, states in any case', () => {
    expect([...parseStatusMap('Terminated=inactive, On leave = Active')]).toEqual([
      ['terminated', 'inactive'],
      ['on leave', 'active'],
    ]);
  });

  it('refuses a pair without =, an empty value, a state that is neither, and one value mapped twice', () => {
    expect(() => parseStatusMap('Terminated')).toThrow(UsageError);
    expect(() => parseStatusMap('=inactive')).toThrow('--status-map takes value=active or value=inactive pairs');
    expect(() => parseStatusMap('Terminated=gone')).toThrow('--status-map: "Terminated" maps to "gone"; a status is active or inactive');
    expect(() => parseStatusMap('Left=inactive,left=active')).toThrow('--status-map maps "left" twice, to inactive and active');
  });

  it('names the pair it refuses, trimmed; a pair without = is refused even when it ends in a state', () => {
    const refusal = (pair: string) => `--status-map takes value=active or value=inactive pairs separated by commas, like Terminated=inactive — not "${pair}"`;
    expect(() => parseStatusMap('Terminated')).toThrow(refusal('Terminated'));
    expect(() => parseStatusMap('Left=inactive, Terminated ')).toThrow(refusal('Terminated'));
    expect(() => parseStatusMap('inactive')).toThrow(refusal('inactive'));
    expect(() => parseStatusMap('Gone,Left=inactive')).toThrow(refusal('Gone'));
  });

  it('a value mapped twice to the same state is read once', () => {
    expect([...parseStatusMap('Left=inactive,LEFT=Inactive,On leave=active')]).toEqual([
      ['left', 'inactive'],
      ['on leave', 'active'],
    ]);
  });

  it('suggests inactive for a whole no, false, n or 0 only, not for words that begin or end like them', () => {
    expect(statusMapSuggestion(['No', 'FALSE', 'n', '0'], undefined)).toBe('--status-map No=inactive,FALSE=inactive,n=inactive,0=inactive');
    expect(statusMapSuggestion(['Nominated', 'Open', 'Falsetto', '10', '01'], undefined)).toBe(
      '--status-map Nominated=active,Open=active,Falsetto=active,10=active,01=active',
    );
  });

  it('suggests inactive for a leaver\'s words and active otherwise, keeping what is given, quoted for a shell when needed', () => {
    expect(statusMapSuggestion(['Terminated'], undefined)).toBe('--status-map Terminated=inactive');
    expect(statusMapSuggestion(['On leave', 'Resigned'], parseStatusMap('Gone=inactive'))).toBe('--status-map "gone=inactive,On leave=active,Resigned=inactive"');
  });
});

describe('InactiveRows and unknown statuses', () => {
  it('an unknown value keeps its row, with one warning per value at its first line, counting its rows', () => {
    const inactive = new InactiveRows(['email', 'Status'], [1]);
    expect(inactive.leftOut(row(2, 'a@x.io', 'Active'))).toBe(false);
    expect(inactive.leftOut(row(3, 'b@x.io', 'Terminated'))).toBe(false);
    expect(inactive.leftOut(row(4, 'c@x.io', 'terminated'))).toBe(false);
    expect(inactive.leftOut(row(5, 'd@x.io', 'Suspended'))).toBe(true);
    expect(inactive.leftOut(row(6, 'e@x.io', ''))).toBe(false);
    expect(inactive.warnings('hr.csv', 1)).toEqual([
      { file: 'hr.csv', line: 1, message: '1 row marked inactive by column "Status" ("Suspended") left out' },
      { file: 'hr.csv', line: 3, message: 'status "Terminated" in column "Status" is not one teamctl knows, so its 2 rows (the first here) are kept as active: say what it means with --status-map Terminated=inactive' },
    ]);
  });

  it('the values the exports use for active accounts raise no warning', () => {
    const inactive = new InactiveRows(['email', 'Status', 'Account type', 'accountEnabled'], [1, 2, 3]);
    for (const [n, status, type, enabled] of [
      [2, 'ACTIVE', 'Member', 'True'],
      [3, 'PROVISIONED', 'Primary Owner', 'true'],
      [4, 'Staged', 'Single-Channel Guest', 'TRUE'],
      [5, 'LOCKED_OUT', 'Admin', ''],
    ] as const) {
      expect(inactive.leftOut(row(n, 'x@x.io', status, type, enabled))).toBe(false);
    }
    expect(inactive.warnings('f.csv', 1)).toEqual([]);
  });

  it('a mapped value: inactive leaves the row out (in any column it appears), active keeps it silently; the map wins over the lists', () => {
    const inactive = new InactiveRows(['email', 'Status'], [1], parseStatusMap('Terminated=inactive,On leave=active,Suspended=active'));
    expect(inactive.leftOut(row(2, 'a@x.io', 'TERMINATED'))).toBe(true);
    expect(inactive.leftOut(row(3, 'b@x.io', 'On Leave'))).toBe(false);
    expect(inactive.leftOut(row(4, 'c@x.io', 'Suspended'))).toBe(false);
    expect(inactive.warnings('f.csv', 1)).toEqual([{ file: 'f.csv', line: 1, message: '1 row marked inactive by column "Status" ("TERMINATED") left out' }]);
  });
});
