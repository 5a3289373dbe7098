// JumpCloud's user CSV (`teamctl help rosters`, "Groups from the identity provider"): the import
// and update file of JumpCloud's PowerShell module (`New-JCImportTemplate`), one row a user,
// `Username` and `Email`, and the user's groups in `Group1`, `Group2` … columns (as many as the
// template asked for), an empty cell for none. A user in no group is a person in no group.
import { statusColumns } from '../user-header.js';
import { headerNames, userColumnOf, type GroupFormat } from './layout.js';

/** `Group1` … `GroupN` (any case, `Group 1` too). */
const groupColumn = /^group ?\d+$/;

export const jumpcloud: GroupFormat = {
  format: 'jumpcloud',
  columns: '"Email" and group columns "Group1", "Group2" … (JumpCloud\'s user CSV)',
  detect: (names) => names.some((n) => groupColumn.test(n)),
  layout: (cells, ctx) => {
    const indexes = headerNames(cells).flatMap((n, i) => (groupColumn.test(n) ? [i] : []));
    const user = userColumnOf(cells, ctx, ['email', 'username']);
    if (typeof user === 'string') return user;
    if (indexes.length === 0) return 'no group column in the header (expected "Group1", "Group2" …)';
    return {
      format: 'jumpcloud',
      userIndex: user.index,
      userHeading: user.heading,
      emailColumn: headerNames([user.heading])[0] === 'email',
      groupColumns: { indexes, split: false, required: false },
      statusIndexes: statusColumns(cells),
      sso: true,
    };
  },
};
