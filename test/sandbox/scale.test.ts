// The sandbox at rehearsal scale: listings never sort the collection per request, a glossary PUT
// validates in O(batch), and --data writes are coalesced (README, sandbox: "Rehearsing at scale").
// Work is counted (sorts, lookups, writes), never timed.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateGlossaryOperations } from '../../src/sandbox/glossary.js';
import { DataFile } from '../../src/sandbox/persistence.js';
import { seededStore } from '../../src/sandbox/seed.js';
import { SandboxStore } from '../../src/sandbox/store.js';
import type { GlossarySortKey } from '../../src/sandbox/store.js';

const org = 'o';

function bigGlossary(n: number): SandboxStore {
  const store = new SandboxStore();
  store.createOrganization(org);
  store.batch(() => {
    for (let i = 0; i < n; i++) {
      // Ids and English terms in unrelated orders, so the two listings differ.
      const id = `ge_${((i * 7919) % n).toString(36).padStart(6, '0')}`;
      store.addGlossaryEntry(org, { id, translations: { en: `term ${String(n - i).padStart(6, '0')}` }, createdAt: 't', updatedAt: 't' });
    }
  });
  return store;
}

function walkGlossary(store: SandboxStore, orderBy: string | undefined): string[] {
  const ids: string[] = [];
  let after: GlossarySortKey | undefined;
  for (;;) {
    const page = store.listGlossary(org, orderBy, after, 1000);
    ids.push(...page.items.map((e) => e.id));
    if (page.nextAfter === undefined) return ids;
    after = page.nextAfter;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('listings at 100k', () => {
  it('page through 100k glossary entries without sorting per page, by id and by a language', () => {
    const store = bigGlossary(100_000);
    const sort = vi.spyOn(Array.prototype, 'sort');
    const byId = walkGlossary(store, undefined);
    expect(byId).toHaveLength(100_000);
    expect(sort).not.toHaveBeenCalled();
    const byEnglish = walkGlossary(store, 'en');
    expect(new Set(byEnglish).size).toBe(100_000);
    // The language order is built once, on the first page, then kept up to date.
    expect(sort).toHaveBeenCalledTimes(1);
    expect(walkGlossary(store, 'en')).toEqual(byEnglish);
    const first = byEnglish[0] as string;
    store.applyGlossaryOperations(org, [{ type: 'update', id: first, translations: { en: 'zzz last' } }], 'now');
    const after = walkGlossary(store, 'en');
    expect(after[after.length - 1]).toBe(first);
    expect(after.slice(0, -1)).toEqual(byEnglish.slice(1));
    expect(sort).toHaveBeenCalledTimes(1);
  });

  it('pages through 100k team members without sorting', () => {
    const store = new SandboxStore();
    store.createOrganization(org);
    store.createTeam(org, 't');
    const users = store.addUsers(org, 100_000);
    store.setTeamMembers(org, 't', users.map((u) => ({ userId: u.id })));
    const sort = vi.spyOn(Array.prototype, 'sort');
    let after: string | undefined;
    let seen = 0;
    for (;;) {
      const page = store.listTeamMembers(org, 't', after, 1000);
      seen += page.items.length;
      if (page.nextAfter === undefined) break;
      after = page.nextAfter;
    }
    expect(seen).toBe(100_000);
    expect(sort).not.toHaveBeenCalled();
  });
});

describe('glossary PUT', () => {
  it('validates a batch with one lookup per update or delete, whatever the glossary size', () => {
    const exists = vi.fn((id: string) => id !== 'gone');
    const ops = [
      { type: 'insert', translations: { en: 'a' } },
      { type: 'update', id: 'x', translations: { en: 'b' } },
      { type: 'delete', id: 'x' },
    ];
    expect(validateGlossaryOperations(ops, exists)).toHaveLength(3);
    expect(exists).toHaveBeenCalledTimes(2);
    // Deleted earlier in the batch: unknown to later operations, without copying the glossary.
    expect(() => validateGlossaryOperations([{ type: 'delete', id: 'x' }, { type: 'update', id: 'x', translations: { en: 'c' } }], exists)).toThrow(
      /operations\[1\]: no glossary entry/,
    );
  });
});

describe('--data writes', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('coalesces changes: none written per change, the last state written on close, 0600', async () => {
    dir = mkdtempSync(join(tmpdir(), 'teamctl-persist-'));
    const file = join(dir, 'state.json');
    const store = seededStore('empty');
    // An interval longer than the test: only close() may write after attach.
    const dataFile = await DataFile.attach(file, store, { intervalMs: 3_600_000 });
    const initial = readFileSync(file, 'utf8');
    const users = store.users('acme');
    for (const u of users) store.putTeamMember('acme', 'design', u.id, 'owner');
    expect(readFileSync(file, 'utf8')).toBe(initial);
    await dataFile.close();
    const saved = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    expect(saved).toEqual(store.toJSON());
    expect(store.teamMembers('acme', 'design')).toHaveLength(users.length);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('schedules one write for a burst of changes, and none once closed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'teamctl-persist-'));
    const file = join(dir, 'state.json');
    const store = seededStore('empty');
    vi.useFakeTimers();
    try {
      const dataFile = await DataFile.attach(file, store, { intervalMs: 200 });
      expect(vi.getTimerCount()).toBe(0);
      for (const u of store.users('acme').slice(0, 10)) store.putTeamMember('acme', 'design', u.id);
      expect(vi.getTimerCount()).toBe(1);
      await dataFile.close();
      expect(vi.getTimerCount()).toBe(0);
      store.removeTeamMember('acme', 'design', store.users('acme')[0]!.id);
      expect(vi.getTimerCount()).toBe(0);
      expect((JSON.parse(readFileSync(file, 'utf8')) as ReturnType<SandboxStore['toJSON']>).organizations[0]!.teams[1]!.members).toHaveLength(10);
    } finally {
      vi.useRealTimers();
    }
  });
});
