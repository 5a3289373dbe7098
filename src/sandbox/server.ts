// The local sandbox: a node:http server that behaves like the service (service-api.md and the
// published OpenAPI document) for team membership and the translation glossary, with bearer
// auth, opaque keyset page cursors, JSON errors, fault injection and test hooks. Where the
// documents are silent, the behaviour is the sandbox's choice and a comment says so.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  GlossaryEntry,
  GlossaryOperation,
  GlossaryTranslations,
  OrganizationMember,
  Page,
  TeamMemberItem,
  TeamMemberRole,
} from '../api/types.js';
import { teamMemberRoles } from '../api/types.js';
import { defaultFaultSeed, FaultInjector, hasFaults, validateFaultOptions } from './faults.js';
import type { FaultOptions } from './faults.js';
import { seededStore, seedNames } from './seed.js';
import type { SeedName } from './seed.js';
import { SandboxStore } from './store.js';
import type { GlossarySortKey, SandboxUser, StoredGlossaryEntry } from './store.js';

export interface SandboxOptions extends FaultOptions {
  /** 0 (default) = any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Initial state when there is no data file yet (default `demo`). */
  seed?: SeedName;
  /** JSON file keeping the state (and the token) across restarts. */
  dataFile?: string;
  /** Bearer token to require; default: the data file's, else a random `sbx_…`. */
  token?: string;
  /** Page size when `limit` is absent (default 50 — sandbox's choice, the service's default is not shown). */
  defaultPageSize?: number;
  /** Most add+remove entries or glossary operations in one request; more → 413 (default 1000). */
  maxBatch?: number;
  /** Keep at most this many entries in `requests`, dropping the oldest (default: all). */
  requestLogLimit?: number;
}

/** The options in force, after defaults. */
export interface ResolvedSandboxOptions {
  host: string;
  port: number;
  seed: SeedName;
  dataFile?: string;
  /** True when the state came from an existing data file (the seed was not used). */
  loadedFromDataFile: boolean;
  defaultPageSize: number;
  maxBatch: number;
  faults: FaultOptions;
}

export interface RequestLogEntry {
  method: string;
  /** Path as requested, `/v1` included, without the query string. */
  path: string;
  /** Query parameters (first value of each). */
  query: Record<string, string>;
  /** Status sent; 0 when the connection was destroyed without an answer. */
  status: number;
  /** The request body parsed as JSON; undefined when empty or not JSON. */
  body: unknown;
  /** Set when a fault or a test hook decided the outcome, e.g. `fail`, `intercept:reset`. */
  fault?: string;
  /** For a request applied and then left unanswered: the status it would have had. */
  appliedStatus?: number;
  /**
   * Set when the client had hung up (its timeout, say) before the answer was ready: the request
   * was processed all the same, as a real service does (`appliedStatus`), and the answer went
   * nowhere (`status` 0).
   */
  clientGone?: true;
}

export interface InterceptRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export type InterceptAction =
  /** Answer this without applying anything. A string body is sent as is, anything else as JSON. */
  | { kind: 'respond'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Destroy the connection; nothing is applied. */
  | { kind: 'reset' }
  /** Apply the request normally, then destroy the connection without answering. */
  | { kind: 'applyThenReset' }
  /** Apply the request normally, then answer this instead of the real answer. */
  | { kind: 'applyThen'; status: number; body?: unknown; headers?: Record<string, string> }
  /**
   * Hold the request `ms` (a slow service, or a proxy holding it), then handle it normally (no
   * faults), even if the client has hung up meanwhile: it is applied, the answer goes nowhere.
   * Unlike `--latency`, which slows every request, this can slow one request alone.
   */
  | { kind: 'delay'; ms: number };

export type Interceptor = (req: InterceptRequest) => InterceptAction | undefined;

export interface Sandbox {
  /** Base URL without `/v1`, e.g. http://127.0.0.1:4321. */
  url: string;
  token: string;
  store: SandboxStore;
  /** Every request, faulted and intercepted ones included, in order of arrival. */
  requests: RequestLogEntry[];
  options: ResolvedSandboxOptions;
  /** Registers a test hook consulted (in registration order) before faults and normal handling. */
  intercept(fn: Interceptor): void;
  clearIntercepts(): void;
  close(): Promise<void>;
}

/** Request bodies above this are answered 413 (sandbox's choice; the service's limit is not shown). */
const maxBodyBytes = 16 * 1024 * 1024;

/** Language keys as the CLI contract reads them in glossary files. */
const languageKeyPattern = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

// ---- replies ----------------------------------------------------------------------------

interface Reply {
  status: number;
  headers: Record<string, string>;
  payload?: Buffer;
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    payload: Buffer.from(JSON.stringify(value)),
  };
}

function noContent(status: 204 | 205): Reply {
  return { status, headers: {} };
}

/** The error body of the published document: {"error":{"code","message"}}. */
function error(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return json(status, { error: { code: status, message } }, headers);
}

/** A reply chosen by a test hook: string bodies go out as is, anything else as JSON. */
function custom(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  if (body === undefined) return { status, headers: { ...headers } };
  if (typeof body === 'string') {
    return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, payload: Buffer.from(body) };
  }
  return json(status, body, headers);
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  const bodyless = reply.status === 204 || reply.status === 304 || reply.status < 200;
  // Content-Length always (keep-alive friendly), except where HTTP forbids it (204, 304, 1xx).
  if (!bodyless) headers['content-length'] = String(reply.payload?.length ?? 0);
  res.writeHead(reply.status, headers);
  res.end(bodyless ? undefined : reply.payload);
}

/** Thrown by handlers to answer with an error. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

// ---- page cursors -----------------------------------------------------------------------

// Cursors are opaque to clients: base64url of a small JSON naming the listing and the last key
// returned, so a listing stays correct while members or entries change between pages.
type Cursor =
  | { l: 'members'; a: string }
  | { l: 'glossary'; o: string | null; a: GlossarySortKey };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(page: string): Cursor {
  const invalid = () => new HttpError(400, `page: not a page identifier returned by this service: ${JSON.stringify(page)}`);
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const c = raw as Record<string, unknown> | null;
  let cursor: Cursor;
  if (c?.l === 'members' && typeof c.a === 'string') {
    cursor = { l: 'members', a: c.a };
  } else if (
    c?.l === 'glossary' &&
    (c.o === null || typeof c.o === 'string') &&
    Array.isArray(c.a) &&
    c.a.length === 3 &&
    (c.a[0] === 0 || c.a[0] === 1) &&
    typeof c.a[1] === 'string' &&
    typeof c.a[2] === 'string'
  ) {
    cursor = { l: 'glossary', o: c.o, a: [c.a[0], c.a[1], c.a[2]] };
  } else {
    throw invalid();
  }
  // Only exactly what we issued is accepted: a garbled or hand-made cursor is a 400.
  if (encodeCursor(cursor) !== page) throw invalid();
  return cursor;
}

// ---- request parsing --------------------------------------------------------------------

interface Incoming {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
  rawBodyLength: number;
  bodyIsInvalidJson: boolean;
  bodyTooLarge: boolean;
}

function readBody(req: IncomingMessage): Promise<{ raw: Buffer; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep draining an oversized body (so the answer can be read) but stop storing it.
      if (size > maxBodyBytes) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve({ raw: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge }));
    req.on('error', reject);
    // A client that hangs up mid-body: nothing to answer (a no-op once 'end' has resolved).
    req.on('close', () => reject(new Error('request aborted')));
  });
}

function firstValues(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of params) if (!Object.hasOwn(query, key)) query[key] = value;
  return query;
}

/** `limit`: an integer 1..1000; absent → the default page size. */
function parseLimit(value: string | undefined, defaultPageSize: number): number {
  if (value === undefined) return defaultPageSize;
  // The published document allows 0, but a 0-item page can never advance: rejected (sandbox's choice).
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > 1000) {
    throw new HttpError(400, `limit must be an integer from 1 to 1000, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON object body; `required` false turns an empty body into {}. */
function objectBody(inc: Incoming, required: boolean, example: string): Record<string, unknown> {
  if (inc.bodyIsInvalidJson) throw new HttpError(400, 'request body is not valid JSON');
  if (inc.rawBodyLength === 0 || inc.body === undefined) {
    if (!required) return {};
    throw new HttpError(400, `request body is required: ${example}`);
  }
  if (!isPlainObject(inc.body)) throw new HttpError(400, `request body must be a JSON object: ${example}`);
  return inc.body;
}

function stringArray(body: Record<string, unknown>, field: string): string[] {
  const value = body[field];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new HttpError(400, `${field} must be an array of strings`);
  value.forEach((item, i) => {
    if (typeof item !== 'string') throw new HttpError(400, `${field}[${i}] must be a string (a user id or an e-mail)`);
  });
  return value as string[];
}

/** Lists up to 10 values for an error message. */
function listForMessage(values: string[]): string {
  const shown = values.slice(0, 10).map((v) => JSON.stringify(v)).join(', ');
  return values.length > 10 ? `${shown} and ${values.length - 10} more` : shown;
}

/** Characters as JSON Schema counts them (code points, not UTF-16 units). */
function lengthInCharacters(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function translationsProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'translations must be an object mapping language keys to terms';
  const entries = Object.entries(value);
  // At least one translation (sandbox's choice: the schema does not say; an empty entry means nothing).
  if (entries.length === 0) return 'translations must have at least one translation';
  for (const [key, term] of entries) {
    if (key === '') return 'translations has an empty language key';
    const name = `translations.${key}`;
    // GlossaryTranslations in the published document: 1..255 characters, no \n or \r.
    if (typeof term !== 'string') return `${name} must be a string`;
    const length = lengthInCharacters(term);
    if (length < 1 || length > 255 || /[\n\r]/.test(term)) {
      return `${name} must be 1-255 characters without line breaks`;
    }
  }
  return undefined;
}

/**
 * Validates a whole glossary batch against the current entries, simulating the operations in
 * order (an entry deleted earlier in the batch is unknown to later operations). Throws a 400
 * naming the first bad operation's index; returns the typed operations otherwise.
 */
function validateGlossaryOperations(operations: unknown[], existing: Set<string>): GlossaryOperation[] {
  const ids = new Set(existing);
  return operations.map((op, i): GlossaryOperation => {
    const at = `operations[${i}]`;
    if (!isPlainObject(op)) throw new HttpError(400, `${at} must be an object`);
    const type = op.type;
    if (type !== 'insert' && type !== 'update' && type !== 'delete') {
      throw new HttpError(400, `${at}: type must be "insert", "update" or "delete", got ${JSON.stringify(type)}`);
    }
    if (type !== 'insert') {
      if (typeof op.id !== 'string' || op.id === '') throw new HttpError(400, `${at}: id is required for ${type}`);
      // An unknown id is a 400 for the whole batch (sandbox's choice; the service does not say).
      if (!ids.has(op.id)) throw new HttpError(400, `${at}: no glossary entry with id ${JSON.stringify(op.id)}`);
    }
    if (type !== 'delete') {
      const problem = translationsProblem(op.translations);
      if (problem) throw new HttpError(400, `${at}: ${problem}`);
    }
    if (type === 'insert') return { type, translations: { ...(op.translations as GlossaryTranslations) } };
    const id = op.id as string;
    if (type === 'delete') {
      ids.delete(id);
      return { type, id };
    }
    return { type, id, translations: { ...(op.translations as GlossaryTranslations) } };
  });
}

// ---- the service ------------------------------------------------------------------------

type Handler = (params: string[], inc: Incoming) => Reply;

interface Route {
  /** Path segments after /v1; `:` marks a parameter. */
  pattern: string[];
  methods: Record<string, Handler>;
}

class SandboxService {
  constructor(
    private readonly store: SandboxStore,
    private readonly token: string,
    private readonly options: ResolvedSandboxOptions,
    private readonly baseUrl: () => string,
  ) {}

  private readonly routes: Route[] = [
    {
      pattern: ['orgs', ':', 'teams', ':', 'members'],
      methods: {
        GET: ([org, team], inc) => this.listTeamMembers(org!, team!, inc),
        PUT: ([org, team], inc) => this.updateTeamMembers(org!, team!, inc),
      },
    },
    {
      pattern: ['orgs', ':', 'teams', ':', 'members', ':'],
      methods: {
        PUT: ([org, team, user], inc) => this.putTeamMember(org!, team!, user!, inc),
        DELETE: ([org, team, user]) => this.deleteTeamMember(org!, team!, user!),
      },
    },
    {
      pattern: ['orgs', ':', 'translations-glossary'],
      methods: {
        GET: ([org], inc) => this.listGlossary(org!, inc),
        PUT: ([org], inc) => this.updateGlossary(org!, inc),
      },
    },
    {
      pattern: ['orgs', ':', 'translations-glossary', ':'],
      methods: { GET: ([org, id]) => this.getGlossaryEntry(org!, id!) },
    },
  ];

  /** Processes one request (auth, routing, handling) and returns the answer it deserves. */
  handle(inc: Incoming): Reply {
    try {
      if (inc.bodyTooLarge) throw new HttpError(413, `request body larger than ${maxBodyBytes} bytes`);
      if (!this.authorized(inc.headers.authorization)) {
        throw new HttpError(401, 'missing or invalid access token: send Authorization: Bearer <token>', {
          'www-authenticate': 'Bearer',
        });
      }
      const match = this.route(inc.path);
      if (!match) throw new HttpError(404, `no such endpoint: ${inc.method} ${inc.path}`);
      const handler = match.route.methods[inc.method];
      if (!handler) {
        const allow = Object.keys(match.route.methods).join(', ');
        throw new HttpError(405, `method ${inc.method} not allowed on ${inc.path}; allowed: ${allow}`, { allow });
      }
      return handler(match.params, inc);
    } catch (err) {
      if (err instanceof HttpError) return error(err.status, err.message, err.headers);
      return error(500, `sandbox internal error: ${(err as Error).message}`);
    }
  }

  private authorized(header: string | undefined): boolean {
    const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
    if (!m) return false;
    const given = Buffer.from(m[1] as string);
    const expected = Buffer.from(this.token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private route(path: string): { route: Route; params: string[] } | undefined {
    if (!path.startsWith('/v1/')) return undefined;
    let segments: string[];
    try {
      segments = path.slice('/v1/'.length).split('/').map(decodeURIComponent);
    } catch {
      return undefined;
    }
    for (const route of this.routes) {
      if (route.pattern.length !== segments.length) continue;
      const params: string[] = [];
      const matches = route.pattern.every((part, i) => {
        const segment = segments[i] as string;
        if (part !== ':') return part === segment;
        params.push(segment);
        return segment !== '';
      });
      if (matches) return { route, params };
    }
    return undefined;
  }

  // ---- lookups and rendering ----

  private requireOrganization(orgId: string): void {
    if (!this.store.hasOrganization(orgId)) throw new HttpError(404, `organization ${orgId} not found`);
  }

  private requireTeam(orgId: string, teamId: string): void {
    this.requireOrganization(orgId);
    if (!this.store.hasTeam(orgId, teamId)) throw new HttpError(404, `team ${teamId} not found in organization ${orgId}`);
  }

  private organizationMember(orgId: string, user: SandboxUser): OrganizationMember {
    const base = this.baseUrl();
    return {
      object: 'member',
      id: user.id,
      role: user.role,
      user: {
        object: 'user',
        id: user.id,
        displayName: user.displayName,
        email: user.email,
        ...(user.photoURL === undefined ? {} : { photoURL: user.photoURL }),
        // The service's user resource path; the sandbox does not serve it (sandbox's choice).
        urls: { location: `${base}/v1/users/${encodeURIComponent(user.id)}` },
      },
      disabled: user.disabled,
      joinedAt: user.joinedAt,
      ...(user.lastSeenAt === undefined ? {} : { lastSeenAt: user.lastSeenAt }),
      sso: user.sso,
      spaces: user.spaces,
      teams: this.store.teamCount(orgId, user.id),
      sites: user.sites,
    };
  }

  private glossaryEntry(orgId: string, entry: StoredGlossaryEntry): GlossaryEntry {
    return {
      object: 'glossary-entry',
      id: entry.id,
      translations: { ...entry.translations },
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      urls: {
        location: `${this.baseUrl()}/v1/orgs/${encodeURIComponent(orgId)}/translations-glossary/${encodeURIComponent(entry.id)}`,
      },
    };
  }

  private tooMany(count: number, what: string): HttpError {
    // The service's size limits are not shown; the sandbox's is maxBatch (sandbox's choice).
    return new HttpError(413, `${count} ${what} in one request; the sandbox accepts at most ${this.options.maxBatch}`);
  }

  // ---- team members ----

  private listTeamMembers(orgId: string, teamId: string, inc: Incoming): Reply {
    this.requireTeam(orgId, teamId);
    const limit = parseLimit(inc.query.limit, this.options.defaultPageSize);
    let after: string | undefined;
    if (inc.query.page !== undefined) {
      const cursor = decodeCursor(inc.query.page);
      if (cursor.l !== 'members') throw new HttpError(400, 'page: this page identifier belongs to another listing');
      after = cursor.a;
    }
    const page = this.store.listTeamMembers(orgId, teamId, after, limit);
    const items: TeamMemberItem[] = page.items.map((m) => ({
      organization: this.organizationMember(orgId, this.store.getUser(orgId, m.userId) as SandboxUser),
      team: { role: m.role },
      // Only `view` is shown by the service; an admin's token can view every member.
      permissions: { view: true },
    }));
    const body: Page<TeamMemberItem> = { items, count: page.count };
    // `next` is absent on the last page (sandbox's choice; the service does not say).
    if (page.nextAfter !== undefined) body.next = { page: encodeCursor({ l: 'members', a: page.nextAfter }) };
    return json(200, body);
  }

  private updateTeamMembers(orgId: string, teamId: string, inc: Incoming): Reply {
    this.requireTeam(orgId, teamId);
    const body = objectBody(inc, true, '{"add": [...], "remove": [...]}');
    const add = stringArray(body, 'add');
    const remove = stringArray(body, 'remove');
    // `memberships` appears in the service's example but its meaning is not shown: ignored.
    if (add.length + remove.length > this.options.maxBatch) throw this.tooMany(add.length + remove.length, 'add+remove entries');

    const addIds: string[] = [];
    const unknown: string[] = [];
    for (const entry of add) {
      const user = this.store.findUser(orgId, entry);
      if (user) addIds.push(user.id);
      else unknown.push(entry);
    }
    // An `add` entry naming no user of the organization fails the whole request, nothing applied
    // (sandbox's choice: the service does not say what it does with one).
    if (unknown.length > 0) {
      throw new HttpError(400, `add: no user of organization ${orgId} matches ${listForMessage(unknown)}; nothing was changed`);
    }
    // `remove` entries that name nobody, or a non-member, are ignored.
    const removeIds = remove.flatMap((entry) => this.store.findUser(orgId, entry)?.id ?? []);
    this.store.updateTeamMembers(orgId, teamId, addIds, removeIds);
    return noContent(204);
  }

  private putTeamMember(orgId: string, teamId: string, userId: string, inc: Incoming): Reply {
    this.requireTeam(orgId, teamId);
    const body = objectBody(inc, false, '{"role": "owner" | "member"}');
    const role = body.role;
    if (role !== undefined && !teamMemberRoles.includes(role as TeamMemberRole)) {
      throw new HttpError(400, `role must be "owner" or "member", got ${JSON.stringify(role)}`);
    }
    // The path names a user id (not an e-mail), as in the published document.
    if (!this.store.getUser(orgId, userId)) throw new HttpError(404, `user ${userId} not found in organization ${orgId}`);
    this.store.putTeamMember(orgId, teamId, userId, role as TeamMemberRole | undefined);
    return noContent(204);
  }

  private deleteTeamMember(orgId: string, teamId: string, userId: string): Reply {
    this.requireTeam(orgId, teamId);
    // 205 when removed, 204 when the user was not a member (published document). A user id
    // unknown to the organization is "not a member" too (sandbox's choice).
    return noContent(this.store.removeTeamMember(orgId, teamId, userId) ? 205 : 204);
  }

  // ---- glossary ----

  private listGlossary(orgId: string, inc: Incoming): Reply {
    this.requireOrganization(orgId);
    const limit = parseLimit(inc.query.limit, this.options.defaultPageSize);
    let orderBy = inc.query.orderBy;
    // The published document lists language keys for orderBy; the sandbox accepts any
    // well-formed language key (sandbox's choice), matched case-insensitively.
    if (orderBy !== undefined && !languageKeyPattern.test(orderBy)) {
      throw new HttpError(400, `orderBy must be a language key such as en or pt-BR, got ${JSON.stringify(orderBy)}`);
    }
    let after: GlossarySortKey | undefined;
    if (inc.query.page !== undefined) {
      const cursor = decodeCursor(inc.query.page);
      if (cursor.l !== 'glossary') throw new HttpError(400, 'page: this page identifier belongs to another listing');
      // The cursor carries its order: orderBy may be omitted on later pages, not changed.
      const cursorOrder = cursor.o ?? undefined;
      if (orderBy !== undefined && orderBy !== cursorOrder) {
        throw new HttpError(400, 'page: this page identifier belongs to a listing with another orderBy');
      }
      orderBy = cursorOrder;
      after = cursor.a;
    }
    const page = this.store.listGlossary(orgId, orderBy, after, limit);
    const body: Page<GlossaryEntry> = { items: page.items.map((e) => this.glossaryEntry(orgId, e)), count: page.count };
    if (page.nextAfter !== undefined) {
      body.next = { page: encodeCursor({ l: 'glossary', o: orderBy ?? null, a: page.nextAfter }) };
    }
    return json(200, body);
  }

  private updateGlossary(orgId: string, inc: Incoming): Reply {
    this.requireOrganization(orgId);
    const body = objectBody(inc, true, '{"operations": [...]}');
    const operations = body.operations;
    // `operations` is required (published document).
    if (!Array.isArray(operations)) throw new HttpError(400, 'operations is required and must be an array');
    if (operations.length > this.options.maxBatch) throw this.tooMany(operations.length, 'operations');
    const existing = new Set(this.store.glossaryEntries(orgId).map((e) => e.id));
    // The whole batch is validated before anything is applied.
    const valid = validateGlossaryOperations(operations, existing);
    this.store.applyGlossaryOperations(orgId, valid, new Date().toISOString());
    return noContent(204);
  }

  private getGlossaryEntry(orgId: string, entryId: string): Reply {
    this.requireOrganization(orgId);
    const entry = this.store.getGlossaryEntry(orgId, entryId);
    if (!entry) throw new HttpError(404, `glossary entry ${entryId} not found in organization ${orgId}`);
    return json(200, this.glossaryEntry(orgId, entry));
  }
}

// ---- the server -------------------------------------------------------------------------

function resolveOptions(opts: SandboxOptions): Omit<ResolvedSandboxOptions, 'port' | 'loadedFromDataFile'> {
  validateFaultOptions(opts);
  const seed = opts.seed ?? 'demo';
  if (!seedNames.includes(seed)) throw new RangeError(`seed must be one of ${seedNames.join(', ')}, got ${String(seed)}`);
  const defaultPageSize = opts.defaultPageSize ?? 50;
  if (!Number.isInteger(defaultPageSize) || defaultPageSize < 1 || defaultPageSize > 1000) {
    throw new RangeError(`defaultPageSize must be an integer from 1 to 1000, got ${defaultPageSize}`);
  }
  const maxBatch = opts.maxBatch ?? 1000;
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError(`maxBatch must be an integer >= 1, got ${maxBatch}`);
  if (opts.port !== undefined && (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535)) {
    throw new RangeError(`port must be an integer from 0 to 65535, got ${opts.port}`);
  }
  const faults: FaultOptions = {};
  if (opts.latencyMs !== undefined) faults.latencyMs = opts.latencyMs;
  if (opts.failRate !== undefined) faults.failRate = opts.failRate;
  if (opts.rateLimit !== undefined) faults.rateLimit = opts.rateLimit;
  if (opts.resetRate !== undefined) faults.resetRate = opts.resetRate;
  if (opts.ambiguousRate !== undefined) faults.ambiguousRate = opts.ambiguousRate;
  if (hasFaults(faults)) faults.faultSeed = opts.faultSeed ?? defaultFaultSeed;
  const resolved: Omit<ResolvedSandboxOptions, 'port' | 'loadedFromDataFile'> = {
    host: opts.host ?? '127.0.0.1',
    seed,
    defaultPageSize,
    maxBatch,
    faults,
  };
  if (opts.dataFile !== undefined) resolved.dataFile = opts.dataFile;
  return resolved;
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const base = resolveOptions(opts);

  // An existing data file wins over the seed: the seed only fills a new sandbox.
  const loaded = base.dataFile === undefined ? undefined : SandboxStore.load(base.dataFile);
  const loadedFromDataFile = loaded !== undefined;
  const store = loaded ?? seededStore(base.seed);
  const token = opts.token ?? store.token ?? `sbx_${randomBytes(16).toString('hex')}`;
  // Kept with the state, so a sandbox restarted on the same data file accepts the same token.
  store.token = token;
  if (base.dataFile !== undefined) store.attachFile(base.dataFile);

  const requests: RequestLogEntry[] = [];
  const logLimit = opts.requestLogLimit ?? Infinity;
  const interceptors: Interceptor[] = [];
  const faults = hasFaults(base.faults) ? new FaultInjector(base.faults) : undefined;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let url = '';

  const options: ResolvedSandboxOptions = { ...base, port: opts.port ?? 0, loadedFromDataFile };
  const service = new SandboxService(store, token, options, () => url);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { raw, tooLarge } = await readBody(req);
    const parsedUrl = new URL(req.url ?? '/', 'http://sandbox.invalid');
    let body: unknown;
    let bodyIsInvalidJson = false;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        bodyIsInvalidJson = true;
      }
    }
    const inc: Incoming = {
      method: req.method ?? 'GET',
      path: parsedUrl.pathname,
      query: firstValues(parsedUrl.searchParams),
      headers: req.headers,
      body,
      rawBodyLength: raw.length,
      bodyIsInvalidJson,
      bodyTooLarge: tooLarge,
    };
    const entry: RequestLogEntry = { method: inc.method, path: inc.path, query: inc.query, status: 0, body };
    requests.push(entry);
    if (requests.length > logLimit) requests.shift();

    // A client that hangs up before its answer is ready (its timeout, say) does not stop the
    // processing: a real service keeps working on a request whose client went away, and applies
    // it. Only the answer goes nowhere (logged as status 0, clientGone, appliedStatus).
    let clientGone = false;
    res.on('close', () => {
      if (!res.writableFinished) clientGone = true;
    });
    /** Sends `reply`; `processed` when it is the service's answer to the request, applied. */
    const answer = (reply: Reply, processed = false) => {
      if (clientGone) {
        entry.status = 0;
        entry.clientGone = true;
        if (processed) entry.appliedStatus = reply.status;
        return;
      }
      entry.status = reply.status;
      send(res, reply);
    };
    const hangUp = () => {
      entry.status = 0;
      res.destroy();
    };

    // Test hooks come first; a hook's action replaces faults for that request.
    for (const hook of interceptors) {
      const action = hook({ method: inc.method, path: inc.path, query: inc.query, body: inc.body, headers: inc.headers });
      if (!action) continue;
      entry.fault = `intercept:${action.kind}`;
      if (action.kind === 'respond') return answer(custom(action.status, action.body, action.headers));
      if (action.kind === 'reset') return hangUp();
      if (action.kind === 'delay') {
        await sleep(action.ms);
        if (closed) return; // the sandbox itself was shut down meanwhile (not the client)
        return answer(service.handle(inc), true);
      }
      const applied = service.handle(inc);
      if (action.kind === 'applyThenReset') {
        entry.appliedStatus = applied.status;
        return hangUp();
      }
      return answer(custom(action.status, action.body, action.headers));
    }

    if (faults) {
      if (faults.latencyMs > 0) {
        await sleep(faults.latencyMs);
        // `closed` is the sandbox's own shutdown, not the client's: a request whose client hung up
        // during the latency is still processed below (see `answer`).
        if (closed) return;
      }
      const decision = faults.decide();
      switch (decision.kind) {
        case 'rate-limit':
          entry.fault = 'rate-limit';
          return answer(
            error(429, `sandbox fault: rate limit of ${base.faults.rateLimit} requests per second exceeded`, {
              'retry-after': String(decision.retryAfterSeconds),
            }),
          );
        case 'fail':
          entry.fault = 'fail';
          return answer(error(503, 'sandbox fault: service unavailable (fail-rate); nothing was applied'));
        case 'reset':
          entry.fault = 'reset';
          return hangUp();
        case 'ambiguous': {
          entry.fault = 'ambiguous';
          entry.appliedStatus = service.handle(inc).status;
          return hangUp();
        }
        case 'none':
          break;
      }
    }
    answer(service.handle(inc), true);
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((err: unknown) => {
      if (res.headersSent || res.destroyed) return;
      send(res, error(500, `sandbox internal error: ${(err as Error).message}`));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, base.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  options.port = address.port;
  url = `http://${hostForUrl(base.host)}:${address.port}`;

  return {
    url,
    token,
    store,
    requests,
    options,
    intercept(fn) {
      interceptors.push(fn);
    },
    clearIntercepts() {
      interceptors.length = 0;
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Idle keep-alive sockets (and any request still waiting on latency) would hold close().
        server.closeAllConnections();
      });
    },
  };
}

// ---- banner -----------------------------------------------------------------------------

/** Single-quotes a value for a POSIX shell unless it is plainly safe. */
function shellValue(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function describeFaults(f: FaultOptions): string | undefined {
  const parts: string[] = [];
  if (f.latencyMs) parts.push(`latency ${f.latencyMs} ms`);
  if (f.failRate) parts.push(`fail-rate ${f.failRate}`);
  if (f.rateLimit !== undefined) parts.push(`rate-limit ${f.rateLimit} req/s`);
  if (f.resetRate) parts.push(`reset-rate ${f.resetRate}`);
  if (f.ambiguousRate) parts.push(`ambiguous-rate ${f.ambiguousRate}`);
  if (parts.length === 0) return undefined;
  return `${parts.join(', ')} (fault-seed ${f.faultSeed ?? defaultFaultSeed})`;
}

/** What `teamctl sandbox` prints: where it listens, the token, and lines to paste in a shell. */
export function formatBanner(sandbox: Sandbox): string {
  const orgId = sandbox.store.organizationIds()[0];
  const teamIds = orgId === undefined ? [] : sandbox.store.teamIds(orgId);
  const { options } = sandbox;
  const state =
    options.dataFile === undefined
      ? 'in memory (lost when the sandbox stops; use --data <file> to keep it)'
      : `${options.dataFile}${options.loadedFromDataFile ? ' (loaded)' : ` (new, seed ${options.seed})`}`;
  const lines = [
    `teamctl sandbox listening on ${sandbox.url}`,
    '',
    `  base URL      ${sandbox.url}`,
    `  token         ${sandbox.token}`,
    `  organization  ${orgId ?? '(none)'}`,
    `  teams         ${teamIds.length > 0 ? teamIds.join(', ') : '(none)'}`,
    `  state         ${state}`,
  ];
  const faults = describeFaults(options.faults);
  if (faults) lines.push(`  faults        ${faults}`);
  lines.push('', 'Paste into another shell to use it:', `  export TEAMCTL_BASE_URL=${shellValue(sandbox.url)}`);
  lines.push(`  export TEAMCTL_TOKEN=${shellValue(sandbox.token)}`);
  if (orgId !== undefined) lines.push(`  export TEAMCTL_ORG=${shellValue(orgId)}`);
  const teamId = teamIds[0];
  if (teamId !== undefined) lines.push(`  export TEAMCTL_TEAM=${shellValue(teamId)}`);
  return lines.join('\n') + '\n';
}
