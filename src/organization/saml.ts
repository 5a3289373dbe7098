// The organization's SAML providers as `whoami` shows them (`teamctl help organization`, "SSO
// members"): where SSO sign-ins land — each provider's default team and organization role —
// before anything is mapped. A token that may not read them (403), or an organization the service
// does not find (404), is said in one line, never a failure of the command.
import type { ApiClient } from '../api/client.js';
import { AuthError, NotFoundError } from '../errors.js';

/** One provider as shown: its default team by id and title (null: none), its role (null: guest). */
export interface SamlView {
  id: string;
  label: string;
  status: 'active' | 'pending';
  defaultTeam: { id: string; title: string } | null;
  defaultRole: string | null;
}

/** The providers read, or why they were not. */
export type SamlRead = { providers: SamlView[] } | { unread: string };

/** Reads every provider of `org`; a 403 or 404 is `unread`, saying why. */
export async function readSaml(client: ApiClient, org: string): Promise<SamlRead> {
  const { listSamlProviders } = await import('../api/organization.js');
  const providers: SamlView[] = [];
  try {
    for await (const page of listSamlProviders(client, org, 100)) {
      for (const p of page) {
        const team = p.defaultTeam ?? null;
        providers.push({ id: p.id, label: p.label, status: p.status, defaultTeam: team === null ? null : { id: team.id, title: team.title }, defaultRole: p.defaultRole });
      }
    }
  } catch (err) {
    if (err instanceof AuthError && err.status === 403) return { unread: `not readable with this token (403: ${err.detail ?? 'permission denied'})` };
    if (err instanceof NotFoundError) return { unread: `not found (404: ${err.detail ?? 'not found'})` };
    throw err;
  }
  return { providers };
}

/** The `saml` lines of `whoami`: one per provider, else one saying why there is none. */
export function samlLines(read: SamlRead | undefined): string[] {
  if (read === undefined) return ['(no organization set)'];
  if ('unread' in read) return [read.unread];
  if (read.providers.length === 0) return ['none: the organization has no SAML provider'];
  return read.providers.map((p) => {
    const team = p.defaultTeam === null ? 'no default team' : `default team ${p.defaultTeam.title} (${p.defaultTeam.id})`;
    return `${p.label} (${p.status}): ${team}, default role ${p.defaultRole ?? 'guest'}`;
  });
}
