// Glossary endpoints (`teamctl help environment`, "Talking to the service"): typed calls, no printing, no exit codes.
import { ServiceError } from '../errors.js';
import type { ApiClient } from './client.js';
import { pathSegment } from './segment.js';
import { checkEntry } from './shapes.js';
import type { GlossaryEntry, GlossaryOperation } from './types.js';


export function glossaryPath(org: string): string {
  return `/orgs/${pathSegment(org, 'organization')}/translations-glossary`;
}

/** Pages of the organization's glossary entries (GET, following `next.page`). */
export function listGlossaryEntries(client: ApiClient, org: string, pageSize: number): AsyncGenerator<GlossaryEntry[], void, undefined> {
  return client.pages<GlossaryEntry>(glossaryPath(org), pageSize, { item: checkEntry, what: 'glossary entries' });
}

/** Every entry, read in full (an import plans against the whole glossary). */
export async function readGlossary(client: ApiClient, org: string, pageSize = 1000): Promise<GlossaryEntry[]> {
  const entries: GlossaryEntry[] = [];
  for await (const items of listGlossaryEntries(client, org, pageSize)) entries.push(...items);
  return entries;
}

/**
 * PUT …/translations-glossary with a batch of operations. Not idempotent: the client repeats it
 * only when it cannot have been processed (connection refused, 429); after any other failure — a
 * 503 too, whatever its body — the caller must list the glossary again to learn what landed
 * (`teamctl help environment`, "Talking to the service").
 */
export async function updateGlossaryEntries(client: ApiClient, org: string, operations: GlossaryOperation[]): Promise<void> {
  await client.request('PUT', glossaryPath(org), { body: { operations }, retryClass: 'unprocessed-only' });
}

/** GET …/translations-glossary/{id}; a NotFoundError (exit 5) for an unknown id. */
export async function getGlossaryEntry(client: ApiClient, org: string, id: string): Promise<GlossaryEntry> {
  const { data } = await client.request<unknown>('GET', `${glossaryPath(org)}/${pathSegment(id, 'glossary entry id')}`);
  if (data === undefined) throw new ServiceError(`unexpected empty answer for glossary entry ${id}`);
  return checkEntry(data, `glossary entry ${JSON.stringify(id)}`);
}
