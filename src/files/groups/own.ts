// teamctl's own group export (`teamctl help rosters`, "Groups from the identity provider"): a
// roster's user column (any spelling a roster takes), a `group` or `groups` column whose cell may
// name several groups (`;` or `,` between them), and an optional `sso` column (true, false, yes,
// no). Without a group column, the file is one group's: `--group`, else its file name.
import { readHeader } from '../user-header.js';
import { columnOf, groupOfFile, headerNames, type GroupFormat } from './layout.js';

const groupNames = ['group', 'groups'];

export const own: GroupFormat = {
  format: 'teamctl',
  columns: 'a user column (email, or a spelling a roster takes) and group or groups',
  detect: (names) => names.some((n) => groupNames.includes(n)),
  layout: (cells, ctx) => {
    const header = readHeader([...cells], false, ctx.userColumn);
    if (header === null) return 'no header: the first line of a group export names its columns (a user column, and group)';
    if (typeof header === 'string') return header;
    const names = headerNames(cells);
    const indexes = names.flatMap((n, i) => (groupNames.includes(n) ? [i] : []));
    const sso = columnOf(names, 'sso');
    return {
      format: 'teamctl',
      userIndex: header.userIndex,
      userHeading: header.userHeading,
      emailColumn: header.userColumn === 'email',
      ...(indexes.length > 0 ? { groupColumns: { indexes, split: true, required: true } } : { group: groupOfFile(ctx) }),
      statusIndexes: header.statusIndexes,
      ...(header.roleIndex !== undefined ? { roleIndex: header.roleIndex } : {}),
      sso: sso === undefined ? undefined : { index: sso },
    };
  },
};
