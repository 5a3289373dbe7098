// The service's glossary operations: list (keyset pages, optionally ordered by a language), get
// one entry, and the batch PUT of `insert`/`update`/`delete` operations, validated as a whole
// before any is applied, then applied in place (no copy of the glossary).
import type { GlossaryEntry, GlossaryOperation, GlossaryTranslations, Page } from '../api/types.js';
import { orderByKey } from './language-keys.js';
import { decodeCursor, encodeCursor } from './cursors.js';
import { HttpError, isPlainObject, json, lengthInCharacters, noContent, objectBody, parseLimit } from './http.js';
import type { Incoming, Reply } from './http.js';
import { requireOrganization, tooMany } from './service-context.js';
import type { ServiceContext } from './service-context.js';
import type { GlossarySortKey, StoredGlossaryEntry } from './store.js';

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
 * Validates a whole glossary batch, in order (an entry deleted earlier in the batch is unknown to
 * later operations). Throws a 400 naming the first bad operation's index; returns the typed
 * operations otherwise. Costs O(batch), whatever the glossary's size.
 */
export function validateGlossaryOperations(operations: unknown[], exists: (id: string) => boolean): GlossaryOperation[] {
  const deleted = new Set<string>();
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
      if (deleted.has(op.id) || !exists(op.id)) throw new HttpError(400, `${at}: no glossary entry with id ${JSON.stringify(op.id)}`);
    }
    if (type !== 'delete') {
      const problem = translationsProblem(op.translations);
      if (problem) throw new HttpError(400, `${at}: ${problem}`);
    }
    if (type === 'insert') return { type, translations: { ...(op.translations as GlossaryTranslations) } };
    const id = op.id as string;
    if (type === 'delete') {
      deleted.add(id);
      return { type, id };
    }
    return { type, id, translations: { ...(op.translations as GlossaryTranslations) } };
  });
}

function glossaryEntry(ctx: ServiceContext, orgId: string, entry: StoredGlossaryEntry): GlossaryEntry {
  return {
    object: 'glossary-entry',
    id: entry.id,
    translations: { ...entry.translations },
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    urls: {
      location: `${ctx.baseUrl()}/v1/orgs/${encodeURIComponent(orgId)}/translations-glossary/${encodeURIComponent(entry.id)}`,
    },
  };
}

export function listGlossary(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  const limit = parseLimit(inc.query.limit, ctx.defaultPageSize, ctx.maxPageSize);
  let orderBy = inc.query.orderBy;
  // The published document lists language keys for orderBy; the sandbox accepts any
  // well-formed language key (sandbox's choice), matched case-insensitively.
  if (orderBy !== undefined && !orderByKey.test(orderBy)) {
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
  const page = ctx.store.listGlossary(orgId, orderBy, after, limit);
  const body: Page<GlossaryEntry> = { items: page.items.map((e) => glossaryEntry(ctx, orgId, e)), count: page.count };
  if (page.nextAfter !== undefined) {
    body.next = { page: encodeCursor({ l: 'glossary', o: orderBy ?? null, a: page.nextAfter }) };
  }
  return json(200, body);
}

export function updateGlossary(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  const body = objectBody(inc, true, '{"operations": [...]}');
  const operations = body.operations;
  // `operations` is required (published document).
  if (!Array.isArray(operations)) throw new HttpError(400, 'operations is required and must be an array');
  if (operations.length > ctx.maxBatch) throw tooMany(ctx, operations.length, 'operations');
  // The whole batch is validated before anything is applied: all or nothing.
  const valid = validateGlossaryOperations(operations, (id) => ctx.store.hasGlossaryEntry(orgId, id));
  ctx.store.applyGlossaryOperations(orgId, valid, new Date().toISOString());
  return noContent(204);
}

export function getGlossaryEntry(ctx: ServiceContext, orgId: string, entryId: string): Reply {
  requireOrganization(ctx, orgId);
  const entry = ctx.store.getGlossaryEntry(orgId, entryId);
  if (!entry) throw new HttpError(404, `glossary entry ${entryId} not found in organization ${orgId}`);
  return json(200, glossaryEntry(ctx, orgId, entry));
}
