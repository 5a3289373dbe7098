// Microsoft Entra ID's group exports (`teamctl help rosters`, "Groups from the identity provider"):
// - `entra-members`: a group's "Download members" (Groups > a group > Members > Download
//   members), one group a file: `Object ID`, `User principal name`, `Display name`, `Member
//   type` (User, Group, Service Principal, Device), the group named by the file or `--group`;
// - `entra`: the file of one row a membership admins' scripts write with `Get-MgGroupMember`
//   piped to `Export-Csv`: a group name column (`GroupName`, `Group Name`, `GroupDisplayName`),
//   `UserPrincipalName` (and often `Mail`), and the member's `@odata.type`
//   (`#microsoft.graph.user`, `#microsoft.graph.group` …), maybe below PowerShell's `#TYPE` line.
// Only users are people: groups, service principals, devices and contacts are skipped, counted.
// A guest's user principal name (`ada_example.com#EXT#@…`) is read as its e-mail, as a roster
// reads Entra's user download (`teamctl help rosters`, "The roster").
import { statusColumns } from '../user-header.js';
import { entraUser } from '../users.js';
import { columnOf, groupOfFile, headerNames, userColumnOf, type GroupFormat, type GroupLayout, type HeaderContext } from './layout.js';

const upnNames = ['user principal name', 'userprincipalname'];
const typeNames = ['member type', 'membertype', '@odata.type', 'odatatype', 'object type', 'objecttype'];
const groupNames = ['groupname', 'group name', 'groupdisplayname', 'group display name', 'group displayname'];

/** Whether a member type cell names no user (`Group`, `#microsoft.graph.servicePrincipal` …); empty is a user. */
export function entraNotPerson(cell: string): boolean {
  const type = cell.trim().toLowerCase().replace(/^#?microsoft\.graph\./, '').replace(/\s+/g, '');
  return type !== '' && type !== 'user';
}

/** The layout both Entra exports share: the user principal name (a guest's as its e-mail), the member type. */
function entraLayout(cells: readonly string[], ctx: HeaderContext, format: 'entra' | 'entra-members'): Omit<GroupLayout, 'groupColumns' | 'group'> | string {
  const names = headerNames(cells);
  const user = userColumnOf(cells, ctx, [...upnNames, 'mail']);
  if (typeof user === 'string') return user;
  const type = columnOf(names, ...typeNames);
  const mail = columnOf(names, 'mail');
  const upn = columnOf(names, ...upnNames);
  const columns = { mail: mail ?? -1, upn: upn ?? user.index };
  return {
    format,
    userIndex: user.index,
    userHeading: user.heading,
    emailColumn: true,
    userOf: (row, cell) => entraUser(cell, row, user.index, columns),
    statusIndexes: statusColumns(cells),
    sso: true,
    ...(type === undefined ? {} : { notPerson: (row: readonly string[]) => entraNotPerson(row[type] ?? '') }),
  };
}

export const entraMembers: GroupFormat = {
  format: 'entra-members',
  columns: '"User principal name" and "Member type" or "Object ID" (Entra\'s Download members)',
  detect: (names) => names.some((n) => upnNames.includes(n)) && names.some((n) => typeNames.includes(n) || n === 'object id'),
  layout: (cells, ctx) => {
    const layout = entraLayout(cells, ctx, 'entra-members');
    return typeof layout === 'string' ? layout : { ...layout, group: groupOfFile(ctx) };
  },
};

export const entra: GroupFormat = {
  format: 'entra',
  columns: 'a group name column ("GroupName") and "UserPrincipalName" (Get-MgGroupMember … | Export-Csv)',
  detect: (names) => names.some((n) => groupNames.includes(n)) && names.some((n) => [...upnNames, 'mail', '@odata.type'].includes(n)),
  layout: (cells, ctx) => {
    const group = columnOf(headerNames(cells), ...groupNames);
    if (group === undefined) return 'no group column in the header (expected "GroupName", "Group Name" or "GroupDisplayName")';
    const layout = entraLayout(cells, ctx, 'entra');
    return typeof layout === 'string' ? layout : { ...layout, groupColumns: { indexes: [group], split: false, required: true } };
  },
};
