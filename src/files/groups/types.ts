// Directory sync (`teamctl help rosters`, "Groups from the identity provider"): what a group export
// says once read, and what the group map makes of it. The readers (files/groups) fill the first;
// the group map (files/groups) turns it into an organization roster, a team per row.
import type { UserEntry } from '../../model/users.js';

/** The identity providers' group exports teamctl reads, by the name `--format` takes. */
export type GroupExportFormat = 'okta' | 'entra' | 'entra-members' | 'google' | 'jumpcloud' | 'teamctl';

/** One person of a group export: the user as a roster names them, and the groups they are in. */
export interface GroupMember {
  /** The user (an e-mail or an id), with the export's file and line. */
  entry: UserEntry;
  /** The groups the person is in, as the export writes them (trimmed; case kept for messages). */
  groups: string[];
  /** The export says the person signs in through the identity provider (SSO). */
  sso?: true;
  /** The export's own role cell, read only with `--role-map` (the map decides otherwise). */
  role?: string;
  /** With `--role-map`: the role cell of each group's rows (the highest), by the group as written. */
  groupRoles?: Map<string, string>;
}

/** A group export as read: its people (active ones only), and what was left out and why. */
export interface GroupExport {
  file: string;
  format: GroupExportFormat;
  /** One per distinct person, in file order (a person on several rows: their groups merged). */
  members: GroupMember[];
  /** Every group the export names, whoever is in it (inactive people's groups included). */
  groups: string[];
  /** Rows that are no people (nested groups, service principals, devices), counted. */
  notPeople: number;
  /** People an export's status marks inactive or suspended, left out as a roster leaves them out. */
  inactive: number;
  /** Merged duplicates, skipped type lines and the like: warnings with file and line. */
  warnings: { file: string; line: number; message: string }[];
}
