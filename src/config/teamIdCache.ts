// The team ids shell completion offers for --team (README, "completion"), kept a short while per
// base URL and organization so that pressing Tab again does not ask the service again. The file
// holds ids, base URLs, organizations and times — never the token — and is bounded: a few
// services, one page of teams each. Anything wrong with it (missing, too big, not ours) reads
// as an empty cache: completion then asks the service, or offers nothing.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic.js';
import { readRegularText } from '../files/regular.js';

/** How long ids are offered without asking the service again. */
export const teamIdsTtlMs = 60_000;
/** The most ids kept for one organization: one page of the listing. */
export const maxCachedTeamIds = 1000;
/** The most base URL + organization pairs kept; the oldest go first. */
export const maxCachedOrganizations = 20;
/** A larger file is not one teamctl wrote (20 × 1,000 ids of 200 characters stay under it). */
const maxCacheBytes = 8 * 1024 * 1024;

export interface TeamIdsEntry {
  baseUrl: string;
  org: string;
  /** When the service was asked (ms since the epoch, from the injected clock). */
  fetchedAt: number;
  teams: string[];
}

/**
 * An id the shell may be handed: a plain word. A completion script's word list is expanded by
 * the shell (`compgen -W`), so `$(…)` or a backquote in an id from the service would run.
 */
export function isPlainId(id: string): boolean {
  return id.length <= 200 && /^[A-Za-z0-9_][A-Za-z0-9_.@+:-]*$/.test(id);
}

export function teamIdCachePath(configDir: string): string {
  return join(configDir, 'completion-cache.json');
}

function isEntry(value: unknown): value is TeamIdsEntry {
  const e = value as Partial<TeamIdsEntry> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.baseUrl === 'string' &&
    typeof e.org === 'string' &&
    typeof e.fetchedAt === 'number' &&
    Number.isFinite(e.fetchedAt) &&
    Array.isArray(e.teams) &&
    e.teams.length <= maxCachedTeamIds &&
    e.teams.every((t) => typeof t === 'string' && isPlainId(t))
  );
}

/** The cache's entries; a missing, oversized or foreign file, or a bad entry, reads as nothing. */
export async function readTeamIdCache(path: string): Promise<TeamIdsEntry[]> {
  try {
    // A file of teamctl's own: never through a link, never waiting on a FIFO (files/regular.ts).
    const parsed = JSON.parse(await readRegularText(path, { own: true, maxBytes: maxCacheBytes })) as { entries?: unknown };
    return Array.isArray(parsed?.entries) ? parsed.entries.filter(isEntry).slice(0, maxCachedOrganizations) : [];
  } catch {
    return [];
  }
}

/** The ids cached for this base URL and organization, if asked for less than the TTL ago. */
export function freshTeamIds(entries: readonly TeamIdsEntry[], baseUrl: string, org: string, now: number): string[] | undefined {
  const entry = entries.find((e) => e.baseUrl === baseUrl && e.org === org);
  // A time in the future (a clock set back) is not trusted either.
  if (entry === undefined || now < entry.fetchedAt || now - entry.fetchedAt >= teamIdsTtlMs) return undefined;
  return entry.teams;
}

/**
 * Stores one organization's ids, replacing its older entry, dropping expired ones and keeping the
 * newest few: written whole or not at all, mode 0600 in a folder created 0700 (README, "Settings").
 */
export async function writeTeamIdCache(path: string, configDir: string, entries: readonly TeamIdsEntry[], entry: TeamIdsEntry): Promise<void> {
  const others = entries.filter((e) => !(e.baseUrl === entry.baseUrl && e.org === entry.org) && freshTeamIds([e], e.baseUrl, e.org, entry.fetchedAt) !== undefined);
  const kept = [{ ...entry, teams: entry.teams.filter(isPlainId).slice(0, maxCachedTeamIds) }, ...others].slice(0, maxCachedOrganizations);
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  // Replaced, never written through a link to somewhere else.
  await writeFileAtomic(path, JSON.stringify({ entries: kept }) + '\n', path, { mode: 0o600, own: true });
}
