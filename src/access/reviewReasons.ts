// A finding of an access review as people read it (`teamctl help access`, "Review"): its kind, a
// one-line reason, and the teamctl command that fixes it where one exists. Pure.
import type { FindingKind } from './reviewRules.js';

/** A row of the review as a finding needs it. */
export interface Flagged {
  /** `space:Onboarding`, as the access file names it; `link-invite:<id>` for an invite link. */
  resource: string;
  /** The person's e-mail or id; `*` for general access and invite links. */
  user: string;
  role: string;
  source: string;
}

export interface Finding {
  kind: FindingKind;
  resource: string;
  user: string;
  reason: string;
  /** The teamctl command that fixes it; empty when no command does. */
  fix: string;
}

const quoted = (text: string): string => (/^[\w.@:-]+$/.test(text) ? text : `"${text.replace(/(["\\$`])/g, '\\$1')}"`);
const sync = (row: string, prune = false): string => `teamctl access sync access.csv${prune ? ' --prune' : ''}  # row: ${row}`;

/** The team a source names when it is the resource's own team grant (not inherited), else undefined. */
function ownTeam(source: string): string | undefined {
  const first = source.split('; ')[0] ?? '';
  return first.startsWith('team ') && !first.includes(', inherited from ') ? first.slice('team '.length) : undefined;
}

/** The fix of a role that should be read at most: leave the team, or lower the grant or general access in the file. */
function lower(row: Flagged): string {
  const team = ownTeam(row.source);
  if (team !== undefined) return `teamctl --team ${quoted(team)} members remove ${quoted(row.user)}`;
  return sync(`${row.resource},,${row.user},read`);
}

/**
 * The fix of a stale edit or admin role: someone away may come back, so the narrowest change
 * that ends the role — leave the team or lower the resource's own direct grant to read; where
 * the role comes another way (a collection, the organization role), offboarding if they left.
 */
function narrow(row: Flagged): string {
  const first = row.source.split('; ')[0] ?? '';
  if (ownTeam(row.source) !== undefined || first === 'direct grant') return lower(row);
  return `teamctl members offboard ${quoted(row.user)}`;
}

/** The finding of `kind` on `row`, with `staleDays` and the teams that reach the resource (`teams`) for its reason. */
export function finding(kind: FindingKind, row: Flagged, staleDays: number, teams = ''): Finding {
  const on = `${row.role} on ${row.resource} (${row.source})`;
  const make = (reason: string, fix: string): Finding => ({ kind, resource: row.resource, user: row.user, reason, fix });
  switch (kind) {
    case 'disabled-member':
      return make(`${row.user} is disabled and still holds ${on}`, `teamctl members offboard ${quoted(row.user)}`);
    case 'guest-above-read':
      return make(`${row.user} is a guest and holds ${on}`, lower(row));
    case 'stale-access':
      return make(`${row.user} has not been seen for ${staleDays} days and holds ${on}`, narrow(row));
    case 'bypasses-teams':
      return make(`${row.user} holds a direct grant on ${row.resource} that a team of theirs already reaches (${teams})`, sync(`${row.resource},,${row.user} left out`, true));
    case 'general-access-above-read':
      return make(`every member of the organization gets ${row.role} on ${row.resource} (its own general access)`, sync(`${row.resource},*,,read`));
    case 'link-invite-above-read':
      return make(`anyone who opens invite link ${row.resource.slice('link-invite:'.length)} joins with ${row.role}`, '');
  }
}
