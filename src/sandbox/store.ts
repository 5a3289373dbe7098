// The sandbox's state: organizations, each with its users (organization member records), its
// teams (user id → team role) and its glossary entries. Everything is in memory; when a data
// file is attached, the whole state is written to it after each change (temp file in the same
// folder, then rename, so a crash never leaves half a file) and can be loaded back at start.
//
// URLs are not stored: they depend on the address the sandbox listens on, which may change
// between runs, so the server adds them when it renders a resource.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { GlossaryOperation, GlossaryTranslations, TeamMemberRole } from '../api/types.js';

/** A user of an organization: the organization member record without URLs and team count. */
export interface SandboxUser {
  id: string;
  displayName: string;
  email: string;
  photoURL?: string;
  /** Organization-level role (admin/create/edit/review/comment/read), null for a guest. */
  role: string | null;
  disabled: boolean;
  joinedAt: string;
  lastSeenAt?: string;
  sso: boolean;
  spaces: number;
  sites: number;
}

export interface TeamMembership {
  userId: string;
  role: TeamMemberRole;
}

/** A glossary entry without its URL. */
export interface StoredGlossaryEntry {
  id: string;
  translations: GlossaryTranslations;
  createdAt: string;
  updatedAt: string;
}

/** The data file's content. */
export interface SandboxData {
  version: 1;
  token?: string;
  organizations: {
    id: string;
    users: SandboxUser[];
    teams: { id: string; members: TeamMembership[] }[];
    glossary: StoredGlossaryEntry[];
  }[];
}

/** Misuse of the store by a caller (tests, seed): unknown organization, duplicate id, … */
export class StoreError extends Error {
  override name = 'StoreError';
}

interface Organization {
  id: string;
  users: Map<string, SandboxUser>;
  /** Lower-cased, trimmed e-mail → user id. */
  emails: Map<string, string>;
  teams: Map<string, Map<string, TeamMemberRole>>;
  glossary: Map<string, StoredGlossaryEntry>;
}

/** One page of a keyset-paginated listing. */
export interface KeysetPage<T, K> {
  items: T[];
  /** Total size of the listing. */
  count: number;
  /** Key of the last item when more items follow it; absent on the last page. */
  nextAfter?: K;
}

/**
 * Sort key of a glossary listing: [0 when the entry has the orderBy translation else 1, that
 * translation (or ''), id]. Without orderBy every key is [0, '', id], that is: by id.
 */
export type GlossarySortKey = [number, string, string];

export interface AddUsersOptions {
  /** Organization role of every new user (default `read`). */
  role?: string | null;
  /** E-mail domain (default `example.com`). */
  domain?: string;
}

/** Plain code-unit comparison: deterministic, the same in sorting and in cursor lookups. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareGlossaryKeys(a: GlossarySortKey, b: GlossarySortKey): number {
  return a[0] - b[0] || compareStrings(a[1], b[1]) || compareStrings(a[2], b[2]);
}

/** E-mails are compared trimmed and case-insensitively. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The translation for `language`, matched case-insensitively (sandbox's choice: the published
 * document's language keys are lower case, e.g. `pt-br`, while glossaries commonly use `pt-BR`).
 */
export function translationFor(translations: GlossaryTranslations, language: string): string | undefined {
  if (Object.hasOwn(translations, language)) return translations[language];
  const wanted = language.toLowerCase();
  const key = Object.keys(translations).find((k) => k.toLowerCase() === wanted);
  return key === undefined ? undefined : translations[key];
}

/** Items after `after` (exclusive), at most `limit`, from a list sorted by `key`. */
function keysetPage<T, K>(
  sorted: T[],
  key: (item: T) => K,
  compare: (a: K, b: K) => number,
  after: K | undefined,
  limit: number,
): KeysetPage<T, K> {
  let start = 0;
  if (after !== undefined) {
    // Binary search for the first item strictly after the cursor key; the item the cursor
    // named may have been removed since, which keyset pagination does not mind.
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(key(sorted[mid] as T), after) <= 0) lo = mid + 1;
      else hi = mid;
    }
    start = lo;
  }
  const items = sorted.slice(start, start + limit);
  const page: KeysetPage<T, K> = { items, count: sorted.length };
  const last = items[items.length - 1];
  if (start + items.length < sorted.length && last !== undefined) page.nextAfter = key(last);
  return page;
}

/** Writes a file atomically: a temp file in the same folder, flushed, then renamed over it. */
export function writeFileAtomic(path: string, text: string): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  // 0600: the file holds the sandbox token.
  const fd = openSync(temp, 'w', 0o600);
  try {
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (err) {
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
    throw err;
  }
}

export class SandboxStore {
  private readonly organizations = new Map<string, Organization>();
  private _token: string | undefined;
  private file: string | undefined;
  /** Depth of batch(): saving waits for the outermost batch to end. */
  private batchDepth = 0;

  // ---- persistence ----------------------------------------------------------------------

  /** The sandbox token kept with the state (persisted when a data file is attached). */
  get token(): string | undefined {
    return this._token;
  }
  set token(value: string | undefined) {
    this._token = value;
    this.changed();
  }

  /** The attached data file, if any. */
  get dataFile(): string | undefined {
    return this.file;
  }

  /** From now on, the state is written to `path` after each change; writes it once now. */
  attachFile(path: string): void {
    this.file = path;
    this.save();
  }

  save(): void {
    if (this.file !== undefined) writeFileAtomic(this.file, JSON.stringify(this.toJSON(), null, 2) + '\n');
  }

  /** Runs `fn` and saves once at the end instead of after each change inside it. */
  batch<T>(fn: () => T): T {
    this.batchDepth++;
    try {
      return fn();
    } finally {
      this.batchDepth--;
      this.changed();
    }
  }

  private changed(): void {
    if (this.batchDepth === 0) this.save();
  }

  /** Reads a data file; undefined when it does not exist. Throws on a file that is not sandbox data. */
  static load(path: string): SandboxStore | undefined {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      throw new StoreError(`${path}: not a sandbox data file (invalid JSON)`, { cause: err });
    }
    try {
      return SandboxStore.fromJSON(data);
    } catch (err) {
      throw new StoreError(`${path}: not a sandbox data file (${(err as Error).message})`, { cause: err });
    }
  }

  toJSON(): SandboxData {
    const data: SandboxData = { version: 1, organizations: [] };
    if (this._token !== undefined) data.token = this._token;
    for (const org of this.organizations.values()) {
      data.organizations.push({
        id: org.id,
        users: [...org.users.values()],
        teams: [...org.teams].map(([id, members]) => ({
          id,
          members: [...members].map(([userId, role]) => ({ userId, role })),
        })),
        glossary: [...org.glossary.values()],
      });
    }
    return data;
  }

  static fromJSON(data: unknown): SandboxStore {
    const d = data as Partial<SandboxData> | null;
    if (typeof d !== 'object' || d === null || d.version !== 1 || !Array.isArray(d.organizations)) {
      throw new StoreError('expected {"version":1,"organizations":[…]}');
    }
    const store = new SandboxStore();
    store.batch(() => {
      if (typeof d.token === 'string') store._token = d.token;
      for (const o of d.organizations ?? []) {
        store.createOrganization(o.id);
        for (const u of o.users) store.addUser(o.id, u);
        for (const t of o.teams) {
          store.createTeam(o.id, t.id);
          store.setTeamMembers(o.id, t.id, t.members);
        }
        const glossary = store.org(o.id).glossary;
        for (const e of o.glossary) glossary.set(e.id, { ...e, translations: { ...e.translations } });
      }
    });
    return store;
  }

  // ---- organizations, users, teams --------------------------------------------------------

  private org(orgId: string): Organization {
    const org = this.organizations.get(orgId);
    if (!org) throw new StoreError(`unknown organization ${orgId}`);
    return org;
  }

  private team(orgId: string, teamId: string): Map<string, TeamMemberRole> {
    const team = this.org(orgId).teams.get(teamId);
    if (!team) throw new StoreError(`unknown team ${teamId} in organization ${orgId}`);
    return team;
  }

  organizationIds(): string[] {
    return [...this.organizations.keys()];
  }

  hasOrganization(orgId: string): boolean {
    return this.organizations.has(orgId);
  }

  createOrganization(orgId: string): void {
    if (this.organizations.has(orgId)) throw new StoreError(`organization ${orgId} already exists`);
    this.organizations.set(orgId, {
      id: orgId,
      users: new Map(),
      emails: new Map(),
      teams: new Map(),
      glossary: new Map(),
    });
    this.changed();
  }

  /** Team ids of an organization, in creation order. */
  teamIds(orgId: string): string[] {
    return [...this.org(orgId).teams.keys()];
  }

  hasTeam(orgId: string, teamId: string): boolean {
    return this.organizations.get(orgId)?.teams.has(teamId) ?? false;
  }

  createTeam(orgId: string, teamId: string): void {
    const org = this.org(orgId);
    if (org.teams.has(teamId)) throw new StoreError(`team ${teamId} already exists in organization ${orgId}`);
    org.teams.set(teamId, new Map());
    this.changed();
  }

  addUser(orgId: string, user: SandboxUser): SandboxUser {
    const org = this.org(orgId);
    if (org.users.has(user.id)) throw new StoreError(`user ${user.id} already exists in organization ${orgId}`);
    const email = normaliseEmail(user.email);
    if (org.emails.has(email)) throw new StoreError(`e-mail ${user.email} already used in organization ${orgId}`);
    const copy = { ...user };
    org.users.set(copy.id, copy);
    org.emails.set(email, copy.id);
    this.changed();
    return copy;
  }

  /**
   * Adds `n` deterministic users: ids `u00001`, `u00002`, … and e-mails `user00001@example.com`,
   * numbered after the highest such user already there, so repeated calls never collide.
   */
  addUsers(orgId: string, n: number, options: AddUsersOptions = {}): SandboxUser[] {
    const org = this.org(orgId);
    let highest = 0;
    for (const id of org.users.keys()) {
      const m = /^u(\d+)$/.exec(id);
      if (m) highest = Math.max(highest, Number(m[1]));
    }
    const domain = options.domain ?? 'example.com';
    const created: SandboxUser[] = [];
    this.batch(() => {
      for (let i = 1; i <= n; i++) {
        const number = highest + i;
        const digits = String(number).padStart(5, '0');
        const id = `u${digits}`;
        created.push(
          this.addUser(orgId, {
            id,
            displayName: `User ${digits}`,
            email: `user${digits}@${domain}`,
            photoURL: `https://avatars.example.com/${id}.png`,
            role: options.role === undefined ? 'read' : options.role,
            disabled: false,
            // Fixed dates keep generated state deterministic.
            joinedAt: new Date(Date.UTC(2024, 0, 1) + number * 60_000).toISOString(),
            lastSeenAt: new Date(Date.UTC(2025, 0, 1) + number * 60_000).toISOString(),
            sso: false,
            spaces: 0,
            sites: 0,
          }),
        );
      }
    });
    return created;
  }

  getUser(orgId: string, userId: string): SandboxUser | undefined {
    return this.organizations.get(orgId)?.users.get(userId);
  }

  /** Users of an organization, by id. */
  users(orgId: string): SandboxUser[] {
    return [...this.org(orgId).users.values()].sort((a, b) => compareStrings(a.id, b.id));
  }

  /** The user named by a user id, or else by an e-mail (trimmed, case-insensitive). */
  findUser(orgId: string, idOrEmail: string): SandboxUser | undefined {
    const org = this.organizations.get(orgId);
    if (!org) return undefined;
    const byId = org.users.get(idOrEmail);
    if (byId) return byId;
    const id = org.emails.get(normaliseEmail(idOrEmail));
    return id === undefined ? undefined : org.users.get(id);
  }

  /** Number of teams of the organization the user is in. */
  teamCount(orgId: string, userId: string): number {
    let count = 0;
    for (const members of this.org(orgId).teams.values()) if (members.has(userId)) count++;
    return count;
  }

  // ---- team members -----------------------------------------------------------------------

  /** Members of a team, by user id. */
  teamMembers(orgId: string, teamId: string): TeamMembership[] {
    return [...this.team(orgId, teamId)]
      .map(([userId, role]) => ({ userId, role }))
      .sort((a, b) => compareStrings(a.userId, b.userId));
  }

  teamRole(orgId: string, teamId: string, userId: string): TeamMemberRole | undefined {
    return this.team(orgId, teamId).get(userId);
  }

  /** One page of team members in user-id order, after user id `after`. */
  listTeamMembers(orgId: string, teamId: string, after: string | undefined, limit: number) {
    const members = this.teamMembers(orgId, teamId);
    return keysetPage(members, (m) => m.userId, compareStrings, after, limit);
  }

  /** Replaces a team's membership (test helper). Every user must exist; role defaults to `member`. */
  setTeamMembers(orgId: string, teamId: string, members: { userId: string; role?: TeamMemberRole }[]): void {
    const team = this.team(orgId, teamId);
    const org = this.org(orgId);
    for (const m of members) {
      if (!org.users.has(m.userId)) throw new StoreError(`unknown user ${m.userId} in organization ${orgId}`);
    }
    team.clear();
    for (const m of members) team.set(m.userId, m.role ?? 'member');
    this.changed();
  }

  /**
   * The bulk update, on user ids already resolved: users in `remove` leave the team (and win
   * over `add`); users in `add` join as `member`, existing members keeping their role.
   */
  updateTeamMembers(orgId: string, teamId: string, add: string[], remove: string[]): void {
    const team = this.team(orgId, teamId);
    const removed = new Set(remove);
    for (const userId of add) {
      if (!removed.has(userId) && !team.has(userId)) team.set(userId, 'member');
    }
    for (const userId of removed) team.delete(userId);
    this.changed();
  }

  /** Adds a user with `role` (default `member`), or changes an existing member's role when given. */
  putTeamMember(orgId: string, teamId: string, userId: string, role?: TeamMemberRole): void {
    const team = this.team(orgId, teamId);
    if (!this.org(orgId).users.has(userId)) throw new StoreError(`unknown user ${userId} in organization ${orgId}`);
    const current = team.get(userId);
    // Default role for a new member: `member` (sandbox's choice; the service does not say).
    team.set(userId, role ?? current ?? 'member');
    this.changed();
  }

  /** Removes a member; false when the user was not a member. */
  removeTeamMember(orgId: string, teamId: string, userId: string): boolean {
    const removed = this.team(orgId, teamId).delete(userId);
    if (removed) this.changed();
    return removed;
  }

  // ---- glossary ---------------------------------------------------------------------------

  getGlossaryEntry(orgId: string, entryId: string): StoredGlossaryEntry | undefined {
    return this.organizations.get(orgId)?.glossary.get(entryId);
  }

  /** All entries, by id. */
  glossaryEntries(orgId: string): StoredGlossaryEntry[] {
    return [...this.org(orgId).glossary.values()].sort((a, b) => compareStrings(a.id, b.id));
  }

  /** The sort key of an entry in a listing ordered by `orderBy` (or by id). */
  static glossarySortKey(entry: StoredGlossaryEntry, orderBy: string | undefined): GlossarySortKey {
    if (orderBy === undefined) return [0, '', entry.id];
    const value = translationFor(entry.translations, orderBy);
    // Entries without that translation come last (then by id).
    return value === undefined ? [1, '', entry.id] : [0, value, entry.id];
  }

  /** One page of glossary entries, ordered by id or by the `orderBy` translation. */
  listGlossary(orgId: string, orderBy: string | undefined, after: GlossarySortKey | undefined, limit: number) {
    const keyed = this.glossaryEntries(orgId).map((entry) => ({
      entry,
      key: SandboxStore.glossarySortKey(entry, orderBy),
    }));
    keyed.sort((a, b) => compareGlossaryKeys(a.key, b.key));
    const page = keysetPage(keyed, (k) => k.key, compareGlossaryKeys, after, limit);
    const result: KeysetPage<StoredGlossaryEntry, GlossarySortKey> = {
      items: page.items.map((k) => k.entry),
      count: page.count,
    };
    if (page.nextAfter) result.nextAfter = page.nextAfter;
    return result;
  }

  /** Adds an entry as is (seed and test helper). */
  addGlossaryEntry(orgId: string, entry: StoredGlossaryEntry): StoredGlossaryEntry {
    const glossary = this.org(orgId).glossary;
    if (glossary.has(entry.id)) throw new StoreError(`glossary entry ${entry.id} already exists`);
    const copy = { ...entry, translations: { ...entry.translations } };
    glossary.set(copy.id, copy);
    this.changed();
    return copy;
  }

  /**
   * Applies a batch of operations that the caller has validated as a whole, in order.
   * `update` replaces the entry's translations (sandbox's choice: the service does not say
   * whether it replaces or merges). Returns the ids of inserted entries.
   */
  applyGlossaryOperations(
    orgId: string,
    operations: GlossaryOperation[],
    now: string,
    newId: () => string = newGlossaryEntryId,
  ): string[] {
    const glossary = this.org(orgId).glossary;
    const inserted: string[] = [];
    for (const op of operations) {
      if (op.type === 'insert') {
        let id = newId();
        while (glossary.has(id)) id = newId();
        glossary.set(id, { id, translations: { ...op.translations }, createdAt: now, updatedAt: now });
        inserted.push(id);
      } else if (op.type === 'update') {
        const entry = glossary.get(op.id);
        if (!entry) throw new StoreError(`unknown glossary entry ${op.id}`);
        entry.translations = { ...op.translations };
        entry.updatedAt = now;
      } else {
        glossary.delete(op.id);
      }
    }
    this.changed();
    return inserted;
  }
}

/** A fresh opaque glossary entry id: `ge_` + 16 random base-36 characters. */
export function newGlossaryEntryId(): string {
  const bytes = randomBytes(16);
  let id = 'ge_';
  for (const b of bytes) id += (b % 36).toString(36);
  return id;
}
