// Page cursors are opaque to clients: base64url of a small JSON naming the listing and the last
// key returned, so a listing stays correct while members or entries change between pages.
import type { GlossarySortKey } from './glossary-store.js';
import { HttpError } from './http.js';

export type Cursor =
  | { l: 'members'; a: string }
  | { l: 'glossary'; o: string | null; a: GlossarySortKey }
  /** The organization's small listings (teams, members, a member's teams): an offset into one query. */
  | { l: 'offset'; q: string; n: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The cursor a `page` parameter carries; a 400 for anything this sandbox did not issue. */
export function decodeCursor(page: string): Cursor {
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
  } else if (c?.l === 'offset' && typeof c.q === 'string' && typeof c.n === 'number' && Number.isInteger(c.n) && c.n > 0) {
    cursor = { l: 'offset', q: c.q, n: c.n };
  } else {
    throw invalid();
  }
  // Only exactly what we issued is accepted: a garbled or hand-made cursor is a 400.
  if (encodeCursor(cursor) !== page) throw invalid();
  return cursor;
}
