// User grants in the journal (`teamctl help access`): recorded before they are sent, read back by
// the next run, settled by the listing of the resources it covers — landed or past the hold-back
// time forgotten, the rest held back, a resource the listing did not cover left alone.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journaledGrants, settleUserGrants } from '../../src/access/userGrants.js';
import { withJournalOf } from '../../src/journal/journal.js';
import type { Grant } from '../../src/model/access.js';

const lock = { wait: false, onWait: () => {} };
const site = (id: string) => ({ kind: 'site' as const, id, title: id, defaultLevel: null });
const userGrant = (resource: string, user: string): Grant => ({ resource: site(resource), subject: { kind: 'user', id: user, name: user }, role: 'read' });
const sentAt = Date.parse('2026-12-07T10:00:00Z');

describe('user grants in the journal', () => {
  it('a grant listed is forgotten; one not listed is held back until its hold-back time has passed; a resource not listed is left alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-grants-'));
    await withJournalOf(dir, 'https://api.example.com', 'lab', lock, async (journal) => {
      await journal.intend([{ kind: 'grant', resource: 'site:a', user: 'u1' }, { kind: 'grant', resource: 'site:a', user: 'u2' }, { kind: 'grant', resource: 'site:b', user: 'u3' }], new Date(sentAt));
    });
    await withJournalOf(dir, 'https://api.example.com', 'lab', lock, async (journal) => {
      let now = sentAt + 30_000;
      const journaled = await journaledGrants(journal, [userGrant('a', 'u1')], 60_000, () => now);
      expect([...journaled.held.keys()]).toEqual(['site:a user:u2', 'site:b user:u3']);
      expect(journal.writes('grant').map((w) => w.user)).toEqual(['u2', 'u3']);
      // Past the hold-back time, a listing of site a alone: u2 is taken as lost, u3 (site b, not listed) kept.
      now = sentAt + 61_000;
      await settleUserGrants(journaled, [], new Set(['site:a']));
      expect([...journaled.held.keys()]).toEqual(['site:b user:u3']);
      expect(journal.writes('grant').map((w) => w.user)).toEqual(['u3']);
    });
  });
});
