// The invitations teamctl sent (`teamctl help organization`, "Joiners"): the document has no way to list pending
// invitations, so teamctl keeps its own record, in the config folder beside the glossary journal:
// one file per organization and e-mail (its name a digest of the base URL, the organization and
// the e-mail), 0600, written atomically, so two teamctl processes never tear one. A pending invitee
// is not invited again until --reinvite-after has passed since the recorded invitation.
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic.js';
import { readRegularText } from '../files/regular.js';
import { emailKey } from '../model/users.js';

export interface Invitation {
  email: string;
  organization: string;
  baseUrl: string;
  invitedAt: string;
}

/** A record is one line of JSON: anything much larger is not one teamctl wrote. */
const maxRecordBytes = 16 * 1024;

const folder = (configDir: string): string => join(configDir, 'invitations');

function recordPath(configDir: string, baseUrl: string, org: string, email: string): string {
  const digest = createHash('sha256').update(`${baseUrl}\n${org}\n${emailKey(email)}`).digest('hex');
  return join(folder(configDir), `${digest.slice(0, 40)}.json`);
}

/**
 * The recorded invitation of `email` to `org`, if any. A record that cannot be read (not a regular
 * file, not JSON, another e-mail) counts as none: at worst the invitee is invited again.
 */
export async function recordedInvitation(configDir: string, baseUrl: string, org: string, email: string): Promise<Invitation | undefined> {
  let text: string;
  try {
    text = await readRegularText(recordPath(configDir, baseUrl, org, email), { own: true, maxBytes: maxRecordBytes });
  } catch {
    return undefined; // missing, not a regular file, not ours, too large: none
  }
  try {
    const record = JSON.parse(text) as Partial<Invitation> | null;
    const valid =
      typeof record?.invitedAt === 'string' && !Number.isNaN(Date.parse(record.invitedAt)) && typeof record.email === 'string' && emailKey(record.email) === emailKey(email) && record.organization === org && record.baseUrl === baseUrl;
    return valid ? (record as Invitation) : undefined;
  } catch {
    return undefined;
  }
}

/** Records that `email` was invited to `org` now (or that an invitation may have been sent). */
export async function recordInvitation(configDir: string, invitation: Invitation): Promise<void> {
  await mkdir(folder(configDir), { recursive: true, mode: 0o700 });
  const path = recordPath(configDir, invitation.baseUrl, invitation.organization, invitation.email);
  await writeFileAtomic(path, JSON.stringify(invitation) + '\n', `the invitation record ${path}`, { mode: 0o600, own: true });
}

/** Whether a recorded invitation is recent enough to wait for: within `days` of `now`. */
export const stillPending = (invitation: Invitation, days: number, now: number): boolean => now - Date.parse(invitation.invitedAt) < days * 24 * 60 * 60 * 1000;
