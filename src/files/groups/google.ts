// Google Workspace's group members CSV (`teamctl help rosters`, "Groups from the identity
// provider"): the shape of the Admin console's bulk upload of group members, `Group Email
// [Required],Member Email,Member Type,Member Role`, one row a membership; without `Group Email`,
// one group's members, the group named by the file or `--group`. Member types GROUP (a nested
// group) and CUSTOMER (everyone of the organization) are no people: skipped, counted. USER and
// EXTERNAL members are people.
import { statusColumns } from '../user-header.js';
import { columnOf, groupOfFile, headerNames, userColumnOf, type GroupFormat } from './layout.js';

const notPeople = new Set(['group', 'customer']);

export const google: GroupFormat = {
  format: 'google',
  columns: '"Member Email", and "Group Email [Required]" unless the file is one group\'s',
  detect: (names) => names.includes('member email'),
  layout: (cells, ctx) => {
    const names = headerNames(cells);
    const group = columnOf(names, 'group email');
    const type = columnOf(names, 'member type');
    const role = columnOf(names, 'member role');
    const user = userColumnOf(cells, ctx, ['member email']);
    if (typeof user === 'string') return user;
    return {
      format: 'google',
      userIndex: user.index,
      userHeading: user.heading,
      emailColumn: true,
      ...(group === undefined ? { group: groupOfFile(ctx) } : { groupColumns: { indexes: [group], split: false, required: true } }),
      statusIndexes: statusColumns(cells),
      ...(role === undefined ? {} : { roleIndex: role }),
      sso: true,
      ...(type === undefined ? {} : { notPerson: (row: readonly string[]) => notPeople.has((row[type] ?? '').trim().toLowerCase()) }),
    };
  },
};
