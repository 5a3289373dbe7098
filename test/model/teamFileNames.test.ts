// A team's roster file name (src/model/teamFileNames.ts; `teamctl help rosters`, "A folder of
// team rosters"): safe on every file system, unique in any case, and read back as its team.
import { describe, expect, it } from 'vitest';
import { fileNameKey, maxNameBytes, safeFileName, teamFileNames, teamOfSuffixedName } from '../../src/model/teamFileNames.js';
import { titleKey } from '../../src/model/titles.js';
import { matchTeam } from '../../src/plan/teams.js';

describe('safeFileName', () => {
  it('replaces what Windows, macOS or Linux refuse, and what cannot name a team', () => {
    expect(safeFileName('R&D / Ops')).toBe('R&D _ Ops');
    expect(safeFileName('a<b>c:d"e|f?g*h#i\\j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(safeFileName('tab\there')).toBe('tab_here');
  });

  it('drops trailing dots and spaces, a leading dot, and keeps Windows device names off', () => {
    expect(safeFileName('Sales... ')).toBe('Sales');
    expect(safeFileName('.hidden')).toBe('_hidden');
    for (const name of ['CON', 'con', 'Nul', 'COM1', 'lpt9', 'aux.txt']) expect(safeFileName(name)).toBe(`${name}_`);
    expect(safeFileName('Console')).toBe('Console');
    expect(safeFileName('...')).toBe('_');
  });

  it('stops at maxNameBytes of UTF-8 without cutting a character', () => {
    expect(Buffer.byteLength(safeFileName('é'.repeat(200)))).toBe(maxNameBytes);
    expect(Buffer.byteLength(safeFileName('a' + '😀'.repeat(100)))).toBeLessThanOrEqual(maxNameBytes);
    expect(safeFileName('a' + '😀'.repeat(100))).not.toMatch(/\p{Cs}/u);
  });
});

describe('teamFileNames', () => {
  it('a safe title of its own is the name; an unsafe one, or two that one file system takes for one, gets its id', () => {
    const names = teamFileNames([
      { id: 'a', title: 'Design' },
      { id: 'b', title: 'R&D/Ops' },
      { id: 'c', title: 'Growth' },
      { id: 'd', title: 'GROWTH' },
      { id: 'e', title: 'Cafe\u0301' },
      { id: 'f', title: 'Café' },
    ]);
    expect(Object.fromEntries(names)).toEqual({ a: 'Design', b: 'R&D_Ops (b)', c: 'Growth (c)', d: 'GROWTH (d)', e: 'Café (e)', f: 'Café (f)' });
    expect(new Set([...names.values()].map(fileNameKey)).size).toBe(names.size);
  });

  it('each name is matched back to its team', () => {
    const teams = [
      { id: 'a', title: 'Design' },
      { id: 'b', title: 'R&D/Ops' },
      { id: 'c', title: 'Growth' },
      { id: 'd', title: 'GROWTH' },
    ];
    for (const [id, name] of teamFileNames(teams)) {
      const match = matchTeam(name, teams);
      expect(match.kind === 'found' ? match.team.id : match.kind, name).toBe(id);
    }
  });

  it('a suffixed name names the team of that id only when the rest is its safe title', () => {
    const teams = [{ id: 'x1', title: 'R&D/Ops' }];
    expect(teamOfSuffixedName('R&D_Ops (x1)', teams, titleKey)?.id).toBe('x1');
    expect(teamOfSuffixedName('r&d_ops (x1)', teams, titleKey)?.id).toBe('x1');
    expect(teamOfSuffixedName('Design (x1)', teams, titleKey)).toBeUndefined();
    expect(teamOfSuffixedName('R&D_Ops (x2)', teams, titleKey)).toBeUndefined();
    expect(teamOfSuffixedName('R&D_Ops', teams, titleKey)).toBeUndefined();
  });
});
