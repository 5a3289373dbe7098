// The sandbox's state: organizations, each with its users (organization member records), its
// teams (a title, user id → team role) and its glossary entries, all in memory. Listings page
// through orders kept up to date as members and entries change (README, sandbox: "Rehearsing at
// scale"). Writing the state to a data file is persistence.ts's job: it listens to `onChange`.
// This is the one facade through which the service's handlers, the data file and the tests reach
// the state; the orders themselves live in team-store.ts and glossary-store.ts, the users' shape
// in users.ts, the accounts, invitations and removal requests in member-requests.ts. URLs are not
// stored: they depend on the address the sandbox listens on, so the server adds them.
import type { GlossaryOperation, TeamMemberRole } from '../api/types.js';
import { AccessStore } from './access-store.js';
import { AuditLog } from './audit-log.js';
import { TranslationStore } from './translation-store.js';
import { SamlStore } from './saml-store.js';
import { GlossaryEntries, newGlossaryEntryId } from './glossary-store.js';
import type { GlossarySortKey, KeysetPage, StoredGlossaryEntry } from './glossary-store.js';
import { MemberRequests } from './member-requests.js';
import { MemberStore } from './member-store.js';
import { compareStrings } from './sorted-list.js';
import { nonEmpty, StoreError } from './store-data.js';
import { loadStore } from './store-load.js';
import type { OrganizationState as Organization, SandboxData, TeamMembership } from './store-data.js';
import { normaliseEmail, numberedUsers } from './users.js';
import type { AddUsersOptions, SandboxUser } from './users.js';
import { newTeamId, Team } from './team-store.js';
import { WriteCounts } from './write-counts.js';
import type { WriteCountsView } from './write-counts.js';

export type { GlossarySortKey, KeysetPage, StoredGlossaryEntry } from './glossary-store.js';
export type { AddUsersOptions, SandboxUser } from './users.js';
export type { Account, StoredInvitation, StoredRemovalRequest } from './member-requests.js';
export { StoreError } from './store-data.js';
export type { SandboxData, TeamMembership } from './store-data.js';
export type { WriteCountsView } from './write-counts.js';

export class SandboxStore {
  /** When this store was made: the creation time the sandbox gives its teams (sandbox's choice). */
  readonly createdAt = new Date().toISOString();
  private readonly organizations = new Map<string, Organization>();
  /** Role changes, removals, accounts, invitations and removal requests (member-store.ts). */
  readonly members = new MemberStore(
    (orgId) => this.org(orgId),
    () => this.organizations.values(),
    () => this.changed(),
  );
  /** Spaces, collections and sites, and their grants (access-store.ts). */
  readonly access = new AccessStore((orgId) => this.org(orgId), () => this.changed());
  /** The audit events of every organization (audit-log.ts). */
  readonly audit = new AuditLog(() => this.changed());
  /** Translations of a space into another language, and their runs (translation-store.ts). */
  readonly translations = new TranslationStore((orgId) => this.org(orgId), () => this.changed());
  /** The organizations' SAML providers (saml-store.ts). */
  readonly saml = new SamlStore((orgId) => this.org(orgId), () => this.changed());
  private _token: string | undefined;
  private readonly listeners: (() => void)[] = [];
  /** Depth of batch(): listeners hear of a change once the outermost batch ends. */
  private batchDepth = 0;

  /** The sandbox token kept with the state (persisted when a data file is attached). */
  get token(): string | undefined {
    return this._token;
  }
  set token(value: string | undefined) {
    this._token = value;
    this.changed();
  }

  /** Calls `listener` after each change (after the outermost batch() for changes inside one). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Runs `fn` and reports one change at the end instead of one per change inside it. */
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
    if (this.batchDepth === 0) for (const listener of this.listeners) listener();
  }

  toJSON(): SandboxData {
    const data: SandboxData = { version: 1, organizations: [] };
    if (this._token !== undefined) data.token = this._token;
    // Empty member requests are left out: a sandbox without them writes what older ones did.
    const directory = this.members.accounts();
    if (directory.length > 0) data.directory = directory;
    if (this.audit.all().length > 0) data.audit = this.audit.all();
    for (const org of this.organizations.values()) {
      data.organizations.push({
        id: org.id,
        users: [...org.users.values()],
        teams: [...org.teams].map(([id, team]) => ({
          id,
          title: team.title,
          ...(team.createdAt === undefined ? {} : { createdAt: team.createdAt }),
          members: [...team.roles].map(([userId, role]) => ({ userId, role })),
        })),
        glossary: org.glossary.all(),
        ...nonEmpty('invitations', org.requests.allInvitations()),
        ...nonEmpty('removalRequests', org.requests.allRemovalRequests()),
        ...(org.sent.toJSON() === undefined ? {} : { sent: org.sent.toJSON() }),
        ...this.access.toJSON(org.id),
        ...this.translations.toJSON(org.id),
        ...this.saml.toJSON(org.id),
      });
    }
    return data;
  }

  /** The store a data file holds (store-load.ts checks and loads it). */
  static fromJSON(data: unknown): SandboxStore {
    return loadStore(new SandboxStore(), data);
  }

  /** Loads what the service was sent, as a data file keeps it. */
  loadSent(orgId: string, sent: NonNullable<SandboxData['organizations'][number]['sent']>): void {
    this.org(orgId).sent.load(sent, (message) => new StoreError(`organization ${orgId}: ${message}`));
  }

  // ---- organizations, users, teams --------------------------------------------------------

  private org(orgId: string): Organization {
    const org = this.organizations.get(orgId);
    if (!org) throw new StoreError(`unknown organization ${orgId}`);
    return org;
  }

  private team(orgId: string, teamId: string): Team {
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
      glossary: new GlossaryEntries(),
      requests: new MemberRequests(),
      sent: new WriteCounts(),
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

  /** Creates a team with a chosen id (seeds, tests, the data file); titled by its id unless given. */
  createTeam(orgId: string, teamId: string, title = teamId, createdAt?: string): void {
    const org = this.org(orgId);
    if (org.teams.has(teamId)) throw new StoreError(`team ${teamId} already exists in organization ${orgId}`);
    org.teams.set(teamId, new Team(title, createdAt));
    this.changed();
  }

  /**
   * The service's team creation: a new team with a fresh id (never derived from the title, which
   * need not be unique), created at `now`, with `members` (every user must exist). Returns its id.
   */
  addTeam(orgId: string, title: string, members: TeamMembership[], now: string, newId: () => string = newTeamId): string {
    const org = this.org(orgId);
    for (const m of members) if (!org.users.has(m.userId)) throw new StoreError(`unknown user ${m.userId} in organization ${orgId}`);
    let id = newId();
    while (org.teams.has(id)) id = newId();
    const team = new Team(title, now);
    for (const m of members) team.set(m.userId, m.role);
    org.teams.set(id, team);
    this.changed();
    return id;
  }

  teamTitle(orgId: string, teamId: string): string {
    return this.team(orgId, teamId).title;
  }

  /** When the team was created; the store's creation time for a team that does not say. */
  teamCreatedAt(orgId: string, teamId: string): string {
    return this.team(orgId, teamId).createdAt ?? this.createdAt;
  }

  renameTeam(orgId: string, teamId: string, title: string): void {
    this.team(orgId, teamId).title = title;
    this.changed();
  }

  /** Deletes a team and its memberships; false when there was no such team. */
  deleteTeam(orgId: string, teamId: string): boolean {
    const deleted = this.org(orgId).teams.delete(teamId);
    if (deleted) this.changed();
    return deleted;
  }

  addUser(orgId: string, user: SandboxUser): SandboxUser {
    const org = this.org(orgId);
    if (org.users.has(user.id)) throw new StoreError(`user ${user.id} already exists in organization ${orgId}`);
    const email = normaliseEmail(user.email);
    if (org.emails.has(email)) throw new StoreError(`e-mail ${user.email} already used in organization ${orgId}`);
    const copy = { ...user };
    org.users.set(copy.id, copy);
    org.emails.set(email, copy.id);
    // A user who joins is no longer invited.
    org.requests.dropInvitation(email);
    this.changed();
    return copy;
  }

  /** Adds `n` deterministic users (users.ts: numberedUsers), numbered after the existing ones. */
  addUsers(orgId: string, n: number, options: AddUsersOptions = {}): SandboxUser[] {
    const users = numberedUsers(this.org(orgId).users.keys(), n, options);
    return this.batch(() => users.map((u) => this.addUser(orgId, u)));
  }

  /**
   * A pending invitee accepts (tests, and a person opening the e-mail): a member now, with the
   * invitation's role and a new id (or the account's, when the sandbox knows one), no longer invited.
   */
  acceptInvitation(orgId: string, email: string, now = new Date().toISOString()): SandboxUser {
    const invitation = this.members.invitations(orgId).find((i) => normaliseEmail(i.email) === normaliseEmail(email));
    if (!invitation) throw new StoreError(`no pending invitation of ${email} to organization ${orgId}`);
    const account = this.members.findAccount(invitation.email);
    const id = account?.id ?? `u-${newTeamId().slice(0, 12)}`;
    return this.addUser(orgId, { id, displayName: account?.displayName ?? invitation.email.split('@')[0] ?? invitation.email, email: invitation.email, role: invitation.role, disabled: false, joinedAt: now, sso: invitation.sso, spaces: 0, sites: 0 });
  }

  getUser(orgId: string, userId: string): SandboxUser | undefined {
    return this.organizations.get(orgId)?.users.get(userId);
  }

  /** Users of an organization, by id (seeds, tests and the demo roster; no endpoint lists them). */
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
    return [...this.org(orgId).teams.values()].filter((team) => team.roles.has(userId)).length;
  }

  // ---- team members -----------------------------------------------------------------------

  /** Members of a team, by user id. */
  teamMembers(orgId: string, teamId: string): TeamMembership[] {
    const team = this.team(orgId, teamId);
    return team.order.values().map((userId) => ({ userId, role: team.roles.get(userId) as TeamMemberRole }));
  }

  teamRole(orgId: string, teamId: string, userId: string): TeamMemberRole | undefined {
    return this.team(orgId, teamId).roles.get(userId);
  }

  /** One page of team members in user-id order, after user id `after`. */
  listTeamMembers(orgId: string, teamId: string, after: string | undefined, limit: number): KeysetPage<TeamMembership, string> {
    const team = this.team(orgId, teamId);
    const { keys, more } = team.order.page(after, limit);
    const page: KeysetPage<TeamMembership, string> = {
      items: keys.map((userId) => ({ userId, role: team.roles.get(userId) as TeamMemberRole })),
      count: team.roles.size,
    };
    const last = keys[keys.length - 1];
    if (more && last !== undefined) page.nextAfter = last;
    return page;
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
      if (!removed.has(userId) && !team.roles.has(userId)) team.set(userId, 'member');
    }
    for (const userId of removed) team.delete(userId);
    this.changed();
  }

  /** Adds a user with `role` (default `member`), or changes an existing member's role when given. */
  putTeamMember(orgId: string, teamId: string, userId: string, role?: TeamMemberRole): void {
    const team = this.team(orgId, teamId);
    if (!this.org(orgId).users.has(userId)) throw new StoreError(`unknown user ${userId} in organization ${orgId}`);
    const current = team.roles.get(userId);
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

  // ---- what the service was sent (write-counts.ts) ----------------------------------------

  /**
   * Counts one write the service processed: an invitation of `email`, a team created with
   * `title`, or a removal of `userId` sent to the admins as a request. Every one counts, the same
   * key again included; counts never go down.
   */
  countSent(orgId: string, write: { invitation: string } | { team: string } | { removalRequest: string }): void {
    const sent = this.org(orgId).sent;
    if ('invitation' in write) sent.invitationSent(write.invitation);
    else if ('team' in write) sent.teamCreated(write.team);
    else sent.removalRequested(write.removalRequest);
    this.changed();
  }

  /** Invitations of this e-mail (trimmed, any case) the service accepted: each one mails the invitee. */
  invitationsSent(orgId: string, email: string): number {
    return this.org(orgId).sent.invitationsSent(email);
  }

  /** Teams the service created with exactly this title (deleted or renamed since included). */
  teamsCreated(orgId: string, title: string): number {
    return this.org(orgId).sent.teamsCreated(title);
  }

  /** Teams of the organization titled exactly `title` now. */
  teamsTitled(orgId: string, title: string): number {
    return [...this.org(orgId).teams.values()].filter((team) => team.title === title).length;
  }

  /** Removals of this user the service sent the admins as requests (answered 202). */
  removalRequestsSent(orgId: string, userId: string): number {
    return this.org(orgId).sent.removalRequestsSent(userId);
  }

  /** Every count of the organization, by e-mail, title and user id. */
  sentCounts(orgId: string): WriteCountsView {
    return this.org(orgId).sent.view();
  }

  // ---- glossary ---------------------------------------------------------------------------

  getGlossaryEntry(orgId: string, entryId: string): StoredGlossaryEntry | undefined {
    return this.organizations.get(orgId)?.glossary.get(entryId);
  }

  hasGlossaryEntry(orgId: string, entryId: string): boolean {
    return this.organizations.get(orgId)?.glossary.has(entryId) ?? false;
  }

  /** All entries, by id. */
  glossaryEntries(orgId: string): StoredGlossaryEntry[] {
    return this.org(orgId).glossary.all();
  }

  /** One page of glossary entries, ordered by id or by the `orderBy` translation. */
  listGlossary(orgId: string, orderBy: string | undefined, after: GlossarySortKey | undefined, limit: number) {
    return this.org(orgId).glossary.page(orderBy, after, limit);
  }

  /** Adds an entry as is (seed and test helper). */
  addGlossaryEntry(orgId: string, entry: StoredGlossaryEntry): StoredGlossaryEntry {
    const glossary = this.org(orgId).glossary;
    if (glossary.has(entry.id)) throw new StoreError(`glossary entry ${entry.id} already exists`);
    const copy = { ...entry, translations: { ...entry.translations } };
    glossary.add(copy);
    this.changed();
    return copy;
  }

  /**
   * Applies, in place and in order, a batch of operations the caller has validated as a whole
   * (so none can fail half-way: the batch is all-or-nothing). `update` replaces the entry's
   * translations. Returns the ids of inserted entries.
   */
  applyGlossaryOperations(
    orgId: string,
    operations: GlossaryOperation[],
    now: string,
    newId: () => string = newGlossaryEntryId,
  ): string[] {
    const glossary = this.org(orgId).glossary;
    for (const op of operations) {
      if (op.type !== 'insert' && !glossary.has(op.id)) throw new StoreError(`unknown glossary entry ${op.id}`);
    }
    const inserted: string[] = [];
    for (const op of operations) {
      if (op.type === 'insert') {
        let id = newId();
        while (glossary.has(id)) id = newId();
        glossary.add({ id, translations: { ...op.translations }, createdAt: now, updatedAt: now });
        inserted.push(id);
      } else if (op.type === 'update') {
        glossary.update(glossary.get(op.id) as StoredGlossaryEntry, { ...op.translations }, now);
      } else {
        glossary.delete(op.id);
      }
    }
    this.changed();
    return inserted;
  }
}
