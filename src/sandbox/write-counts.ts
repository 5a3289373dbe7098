// What the sandbox counts of one organization's writes that a client must never send twice
// (README, sandbox): the invitations it accepted for each e-mail (each one mails the invitee), the
// teams it created under each title, and the removals it sent the admins as requests (answered
// 202) for each user, and the user grants on a space, collection or site it took for each resource
// and user (each one may notify the user: access-store.ts). Counted when the service processes the request, whatever its answer became
// (lost, late, an unexpected body), and never decreased: a team deleted since, an invitee who
// joined, a member removed still count. Nothing in the published document exposes these; the
// store does (store.ts), for tests to prove a write was sent exactly once.
import { normaliseEmail } from './users.js';

/** The data file's form: each count by its key; a kind with no count is left out. */
export interface WriteCountsData {
  /** Accepted invitations by e-mail (trimmed, lower-case). */
  invitations?: Record<string, number>;
  /** Teams created by title (as given). */
  teams?: Record<string, number>;
  /** Removal requests (202) by user id. */
  removalRequests?: Record<string, number>;
  /** User grants by `<kind>:<resource id> <user id>`. */
  userGrants?: Record<string, number>;
}

/** The counts of one organization, each a map from its key to how many. */
export interface WriteCountsView {
  invitationsSent: Record<string, number>;
  teamsCreated: Record<string, number>;
  removalRequestsSent: Record<string, number>;
  /** By `<kind>:<resource id> <user id>`, e.g. `space:abc u123`. */
  userGrantsSent: Record<string, number>;
}

function add(counts: Map<string, number>, key: string, n = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + n);
}

const record = (counts: Map<string, number>): Record<string, number> => Object.fromEntries(counts);

/** Thrown for a data file's counts that are not counts (the store makes it its own error). */
type Fail = (message: string) => Error;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function load(counts: Map<string, number>, what: string, value: unknown, fail: Fail, keyOf: (key: string) => string = (key) => key): void {
  if (value === undefined) return;
  if (!isObject(value)) throw fail(`sent.${what} must be an object of counts`);
  for (const [key, n] of Object.entries(value)) {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw fail(`sent.${what}[${JSON.stringify(key)}] must be a whole number >= 1`);
    add(counts, keyOf(key), n);
  }
}

export class WriteCounts {
  private readonly invitations = new Map<string, number>();
  private readonly teams = new Map<string, number>();
  private readonly removals = new Map<string, number>();
  private readonly userGrants = new Map<string, number>();

  invitationSent(email: string): void {
    add(this.invitations, normaliseEmail(email));
  }

  teamCreated(title: string): void {
    add(this.teams, title);
  }

  removalRequested(userId: string): void {
    add(this.removals, userId);
  }

  /** A user grant on `resource` (`<kind>:<id>`) of `userId`. */
  userGranted(resource: string, userId: string): void {
    add(this.userGrants, `${resource} ${userId}`);
  }

  userGrantsSent(resource: string, userId: string): number {
    return this.userGrants.get(`${resource} ${userId}`) ?? 0;
  }

  /** Invitations accepted for an e-mail (trimmed, any case). */
  invitationsSent(email: string): number {
    return this.invitations.get(normaliseEmail(email)) ?? 0;
  }

  /** Teams created with exactly this title. */
  teamsCreated(title: string): number {
    return this.teams.get(title) ?? 0;
  }

  /** Removals of a user sent to the admins as requests. */
  removalRequestsSent(userId: string): number {
    return this.removals.get(userId) ?? 0;
  }

  view(): WriteCountsView {
    return { invitationsSent: record(this.invitations), teamsCreated: record(this.teams), removalRequestsSent: record(this.removals), userGrantsSent: record(this.userGrants) };
  }

  /** The data file's form; undefined when nothing was counted. */
  toJSON(): WriteCountsData | undefined {
    const data: WriteCountsData = {};
    if (this.invitations.size > 0) data.invitations = record(this.invitations);
    if (this.teams.size > 0) data.teams = record(this.teams);
    if (this.removals.size > 0) data.removalRequests = record(this.removals);
    if (this.userGrants.size > 0) data.userGrants = record(this.userGrants);
    return Object.keys(data).length > 0 ? data : undefined;
  }

  /** Adds the counts of a data file; throws `fail`'s error on one that is not a count. */
  load(data: unknown, fail: Fail): void {
    if (!isObject(data)) throw fail('sent must be an object of counts');
    load(this.invitations, 'invitations', data.invitations, fail, normaliseEmail);
    load(this.teams, 'teams', data.teams, fail);
    load(this.removals, 'removalRequests', data.removalRequests, fail);
    load(this.userGrants, 'userGrants', data.userGrants, fail);
  }
}
