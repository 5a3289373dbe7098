// Joiners with --invite (`teamctl help organization`, "Joiners"): the users outside the organization turned into
// invitations — a user named by id refused, one invited within --reinvite-after pending, each
// invitee's organization role from their rows else --invite-role, and their teams.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { Context } from '../../src/context.js';
import { UsageError } from '../../src/errors.js';
import type { InvitationsPlanBody } from '../../src/organization/invitations.js';
import { Journal, withJournalOf } from '../../src/journal/journal.js';
import { joinersDomain, type InviteOptions, type PlacedRow } from '../../src/organization/joiners.js';
import type { UserEntry } from '../../src/model/users.js';
import { fakeStreams } from '../helpers/streams.js';

const baseUrl = 'https://api.example.test/v1';
const day = 86_400_000;
/** The run's clock, far from the machine's: the record is compared with it. */
const now = Date.parse('2030-01-10T00:00:00.000Z');
const settings = { force: false, batchSize: 7, concurrency: 3 };
const options: InviteOptions = { role: 'comment', sso: true, reinviteAfterDays: 7 };

let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

function setup() {
  const configDir = mkdtempSync(join(tmpdir(), 'teamctl-joiners-'));
  const ctx = new Context({ streams: fakeStreams(), env: { TEAMCTL_CONFIG_DIR: configDir }, now: () => now }, { color: false });
  client = new ApiClient({ baseUrl, token: 'sbx_test', userAgent: 'test', timeoutMs: 5000 });
  return { ctx, client, configDir };
}

const entry = (key: string, orgRole?: string | null): UserEntry => ({ key, kind: key.includes('@') ? 'email' : 'id', line: 1, ...(orgRole === undefined ? {} : { orgRole: orgRole as UserEntry['orgRole'] }) });
const placed = (key: string, team: string, role: PlacedRow['role'], orgRole?: string | null): PlacedRow => ({ entry: entry(key, orgRole), team, role });
const out = (email: string) => ({ id: null, email });

describe('joinersDomain', () => {
  it('refuses users outside named by id, one or several, naming only them', async () => {
    const { ctx, client } = setup();
    const journal = await Journal.open(ctx.store.dir, baseUrl, 'acme');
    const refusal = (ids: string[]) => joinersDomain(ctx, client, 'acme', 'members sync', [out('a@example.com'), ...ids.map((id) => ({ id, email: null }))], [], options, settings, journal);
    const err = await refusal(['u9']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe('u9 is not in organization acme and named by id: an invitation goes to an e-mail; nothing was sent');
    expect(((await refusal(['u9', 'u8']).catch((e: unknown) => e)) as UsageError).message).toBe(
      'u9, u8 are not in organization acme and named by id: an invitation goes to an e-mail; nothing was sent',
    );
    expect((err as UsageError).hint).toBe('name them by their e-mail in the file or on the command line');
  });

  it('invites each e-mail with its rows’ organization role (guest too) else --invite-role, in its teams; a recent record is pending', async () => {
    const { ctx, client, configDir } = setup();
    const at = (ms: number) => new Date(ms).toISOString();
    const lock = { wait: false, onWait: () => {} };
    const journal = await Journal.open(configDir, baseUrl, 'acme', lock);
    await journal.intend([{ kind: 'invitation', email: 'recent@example.com' }], new Date(now - 7 * day + 1));
    await journal.intend([{ kind: 'invitation', email: 'old@example.com' }], new Date(now - 7 * day));
    // A record of another organization or another service is none.
    await withJournalOf(configDir, baseUrl, 'other', lock, (j) => j.intend([{ kind: 'invitation', email: 'elsewhere@example.com' }], new Date(now)));
    await withJournalOf(configDir, 'https://other.example.org', 'acme', lock, (j) => j.intend([{ kind: 'invitation', email: 'elsewhere@example.com' }], new Date(now)));
    const rows = [
      placed('A@example.com', 't', 'owner'),
      placed('a@example.com', 'v', undefined, 'edit'),
      placed('a@example.com', 'w', 'member', 'admin'),
      placed('b@example.com', 't', undefined),
      placed('guest@example.com', 'v', 'member', null),
      placed('recent@example.com', 't', undefined, 'edit'),
      placed('nobody-else@example.com', 'x', undefined, 'review'),
    ];
    const outsiders = ['a@example.com', 'b@example.com', 'guest@example.com', 'recent@example.com', 'old@example.com', 'elsewhere@example.com'].map(out);
    const domain = await joinersDomain(ctx, client, 'acme', 'members sync', outsiders, rows, options, settings, journal);
    const file = domain.planFile();
    expect({ command: file.command, baseUrl: file.baseUrl, organization: file.organization, kind: file.kind }).toEqual({ command: 'members sync', baseUrl, organization: 'acme', kind: 'organization' });
    expect(file.body as InvitationsPlanBody).toEqual({
      invitees: [
        { email: 'a@example.com', role: 'edit', teams: [{ team: 't', role: 'owner' }, { team: 'v', role: undefined }, { team: 'w', role: 'member' }] },
        { email: 'b@example.com', role: 'comment', teams: [{ team: 't', role: undefined }] },
        { email: 'guest@example.com', role: null, teams: [{ team: 'v', role: 'member' }] },
        { email: 'old@example.com', role: 'comment', teams: [] },
        { email: 'elsewhere@example.com', role: 'comment', teams: [] },
      ],
      pending: [{ email: 'recent@example.com', invitedAt: at(now - 7 * day + 1) }],
      sso: true,
      reinviteAfterDays: 7,
      batchSize: 7,
      concurrency: 3,
    });
    expect(await domain.planText(false)).toContain('  … recent@example.com invited 2030-01-03, pending: placed in teams by a run after they accept (not invited again before 2030-01-10)');
  });

  it('nobody outside: nothing to invite', async () => {
    const { ctx, client } = setup();
    const domain = await joinersDomain(ctx, client, 'acme', 'members add', [], [placed('a@example.com', 't', undefined)], { ...options, sso: false }, settings, await Journal.open(ctx.store.dir, baseUrl, 'acme'));
    expect(domain.isEmpty()).toBe(true);
    expect((domain.planFile().body as InvitationsPlanBody).sso).toBe(false);
  });
});
