// Okta's Group Membership report (`teamctl help rosters`, "Groups from the identity provider"):
// Reports > Group membership > CSV Export, one row a membership, with the fields Okta's help
// page for the report names: `Group name`, `Group source`, `Group membership type` (Direct, By
// rule), `Okta username` (usually an e-mail), `User fullname`, `Okta user status`. Every row is an
// Okta user; the report leaves deprovisioned users out, and a SUSPENDED status is left out here.
import { statusColumns } from '../user-header.js';
import { columnOf, headerNames, userColumnOf, type GroupFormat } from './layout.js';

/** Columns only Okta's report has. */
const own = ['okta username', 'okta user status', 'group membership type', 'group source'];

export const okta: GroupFormat = {
  format: 'okta',
  columns: '"Group name" and "Okta username" (Okta\'s Group Membership report)',
  detect: (names) => names.some((n) => own.includes(n)),
  layout: (cells, ctx) => {
    const names = headerNames(cells);
    const group = columnOf(names, 'group name');
    const user = userColumnOf(cells, ctx, ['okta username', 'username', 'login']);
    if (typeof user === 'string') return user;
    if (group === undefined) return 'no group column in the header (expected "Group name")';
    return {
      format: 'okta',
      userIndex: user.index,
      userHeading: user.heading,
      emailColumn: false,
      groupColumns: { indexes: [group], split: false, required: true },
      statusIndexes: statusColumns(cells),
      sso: true,
    };
  },
};
