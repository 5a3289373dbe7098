// How the glossary executor (src/glossary/apply.ts) learns which operations of a batch whose
// outcome is unknown landed (`teamctl help reliability`, "Reliability: requests whose outcome is unknown"): the
// glossary as the run knows it before the batch, and listings of it now, taken a check delay
// apart until two agree on what is missing.
import { TeamctlError } from '../errors.js';
import { landedOperations, type GlossaryEntryLike, type PlannedOperation } from '../plan/glossary.js';

/** The glossary, page by page (listGlossaryEntries). */
export type ListGlossary = () => AsyncIterable<readonly GlossaryEntryLike[]>;

/** A whole listing, for the checks of what landed (each entry's id and translations only). */
export async function readAll(list: ListGlossary): Promise<GlossaryEntryLike[]> {
  const entries: GlossaryEntryLike[] = [];
  for await (const page of list()) for (const { id, translations } of page) entries.push({ id, translations });
  return entries;
}

/**
 * The glossary after the batches the service confirmed since it was `listed`, as far as we can
 * tell without listing it again: inserts get placeholder ids no service id can equal
 * (landedOperations only needs ids to tell old entries from new ones, and counts translations),
 * updates replace the map, deletes remove the entry. Built only when a check needs it (after an
 * unknown outcome), so a run of 100k inserts does not keep a second copy of them (README,
 * "Performance"); once per check, so a run stays linear.
 */
export function knownGlossary(listed: readonly GlossaryEntryLike[], since: readonly PlannedOperation[]): GlossaryEntryLike[] {
  const known = new Map(listed.map((e) => [e.id, e]));
  let placeholders = 0;
  for (const { operation: op } of since) {
    if (op.type === 'insert') {
      const id = `\u0000teamctl-inserted-${placeholders++}`;
      known.set(id, { id, translations: op.translations }); // shared, never changed
    } else if (op.type === 'update') known.set(op.id, { id: op.id, translations: op.translations });
    else known.delete(op.id);
  }
  return [...known.values()];
}

interface Found {
  landed: PlannedOperation[];
  pending: PlannedOperation[];
  after: GlossaryEntryLike[];
}

/** What the check listings found: settled (two agreed), unsettled (still changing), or no listing. */
export type Check =
  | ({ kind: 'settled' | 'unsettled'; listings: number } & Found)
  | { kind: 'unlisted'; error: TeamctlError; previous?: Found };

export interface CheckOptions {
  /** The wait before the first listing, and between two listings (ms). */
  firstWaitMs: number;
  gapMs: number;
  /** Listings at most while they keep disagreeing. */
  maxListings: number;
  sleep: (ms: number) => Promise<void>;
  /** Called before each listing (the executor counts them). */
  onListing: () => void;
}

/**
 * Lists the glossary until two listings agree on which of `ops` are missing from it, given the
 * glossary `known` before them (or at once when none is missing). Errors that are not
 * TeamctlErrors (bugs) propagate; a listing that fails ends the check as `unlisted`.
 */
export async function checkLanded(list: ListGlossary, ops: readonly PlannedOperation[], known: readonly GlossaryEntryLike[], options: CheckOptions): Promise<Check> {
  await options.sleep(options.firstWaitMs);
  let previous: Found | undefined;
  for (let listing = 1; listing <= options.maxListings; listing++) {
    if (listing > 1) await options.sleep(options.gapMs);
    let after: GlossaryEntryLike[];
    try {
      options.onListing();
      after = await readAll(list);
    } catch (readErr) {
      if (!(readErr instanceof TeamctlError)) throw readErr;
      return previous ? { kind: 'unlisted', error: readErr, previous } : { kind: 'unlisted', error: readErr };
    }
    const found: Found = { ...landedOperations(ops, known, after), after };
    const agrees = previous !== undefined && found.pending.length === previous.pending.length && found.pending.every((p) => previous?.pending.includes(p));
    if (found.pending.length === 0 || agrees) return { kind: 'settled', ...found, listings: listing };
    previous = found;
  }
  return { kind: 'unsettled', ...(previous as Found), listings: options.maxListings };
}
