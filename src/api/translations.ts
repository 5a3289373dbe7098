// Translation endpoints (`teamctl help translations`): the organization's translations (GET
// /orgs/{organizationId}/translations, pages of the published `Translation`) and a run of one
// (POST …/translations/{translationId}/run, 204). Typed calls, no printing, no exit codes.
import type { ApiClient } from './client.js';
import { pathSegment } from './segment.js';
import { answerLimits, checkLength, isObject, wrong, type Where } from './shapes.js';

/** TranslationStatus of the published document. */
export const translationStatuses = ['pending', 'running', 'completed'] as const;
export type TranslationStatus = (typeof translationStatuses)[number];

/** A translation as teamctl reads it: the published `Translation`'s fields it uses. */
export interface Translation {
  id: string;
  status: TranslationStatus;
  source: { space: string; language: string };
  /** The target language (TranslationLanguage). */
  language: string;
  createdAt: string;
  /** When the service last changed the translation: a run changes it. */
  updatedAt: string;
  /** stats.runs: how many times it has been run. */
  runs: number;
}

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';
/** A language code as the document's TranslationLanguage spells them (`pt-br`, `yue`); a new one the service adds reads too. */
const languageCode = (value: unknown): value is string => typeof value === 'string' && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(value);

/** One `Translation`: the fields above, each of its published type; anything else is exit 1, naming the field. */
export function checkTranslation(value: unknown, where: Where): Translation {
  if (!isObject(value)) throw wrong('a translation that is not a JSON object', where);
  const { id, status, source, language, createdAt, updatedAt, stats } = value;
  if (!text(id)) throw wrong('field "id" is missing or not a string', where);
  checkLength(id, answerLimits.id, 'id', where);
  if (!(translationStatuses as readonly unknown[]).includes(status)) throw wrong(`field "status" is not one of ${translationStatuses.join(', ')} (${JSON.stringify(status)})`, where);
  if (!isObject(source) || !text(source.space) || !languageCode(source.language)) throw wrong('field "source" is not an object with a space and a language', where);
  checkLength(source.space, answerLimits.id, 'source.space', where);
  if (!languageCode(language)) throw wrong(`field "language" is not a language code (${JSON.stringify(language)})`, where);
  for (const [name, time] of [['createdAt', createdAt], ['updatedAt', updatedAt]] as const) {
    if (typeof time !== 'string' || Number.isNaN(Date.parse(time))) throw wrong(`field "${name}" is not a date-time`, where);
  }
  if (!isObject(stats) || !Number.isInteger(stats.runs) || (stats.runs as number) < 0) throw wrong('field "stats.runs" is missing or not a count', where);
  return {
    id,
    status: status as TranslationStatus,
    source: { space: source.space as string, language: source.language as string },
    language,
    createdAt: createdAt as string,
    updatedAt: updatedAt as string,
    runs: stats.runs as number,
  };
}

export function translationsPath(org: string): string {
  return `/orgs/${pathSegment(org, 'organization')}/translations`;
}

/** Pages of the organization's translations (following `next.page`). */
export function listTranslations(client: ApiClient, org: string, pageSize = 1000): AsyncGenerator<Translation[], void, undefined> {
  return client.pages<Translation>(translationsPath(org), pageSize, { item: checkTranslation, what: 'translations' });
}

/** Every translation, read in full. */
export async function readTranslations(client: ApiClient, org: string): Promise<Translation[]> {
  const all: Translation[] = [];
  for await (const page of listTranslations(client, org)) all.push(...page);
  return all;
}

/**
 * POST …/translations/{translationId}/run. Billable and not idempotent: repeated only when it
 * cannot have been processed (connection refused, 429); after any other failure the listing says
 * whether it ran (`stats.runs`).
 */
export async function runTranslation(client: ApiClient, org: string, id: string): Promise<void> {
  await client.request('POST', `${translationsPath(org)}/${pathSegment(id, 'translation id')}/run`, { retryClass: 'unprocessed-only' });
}
