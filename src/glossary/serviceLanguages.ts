// The languages the service's translation feature reads a glossary in (`teamctl help
// glossary-files`, "Keys the translation feature reads"): which key it reads as written, which
// differs from one only in case (written in the service's spelling), and which it has no language
// for (not sent; the nearest service language is named, and `--map-language` maps it). Pure.
import { UsageError } from '../errors.js';

/**
 * The service's `TranslationLanguage` enum, in its order: a copy of the published OpenAPI document
 * of `@gitbook/api` 0.202.0 (`spec/openapi.json`, `components.schemas.TranslationLanguage`; the
 * document's `info.version` is 0.0.1-beta). The package is no dependency of teamctl, so the list
 * is copied here; test/glossary/serviceLanguages.test.ts holds the same 39 codes.
 */
export const serviceLanguages: readonly string[] = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'zh-tw', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no',
  'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
];

const known = new Set(serviceLanguages);

/** The service's spelling of `key` when it is one of its languages in any case (`pt-BR` → `pt-br`). */
export function serviceSpelling(key: string): string | undefined {
  const lower = key.trim().toLowerCase();
  return known.has(lower) ? lower : undefined;
}

/**
 * Where ICU's likely subtags do not lead to a service language: the service names a script or a
 * macrolanguage by another code. Keyed by the maximized `language-Script`.
 * - Chinese in Traditional script (zh-Hant, zh-HK, zh-MO) is the service's `zh-tw`;
 * - Norwegian Bokmål and Nynorsk (nb, nn) are the service's `no`.
 */
const nearestByScript: Readonly<Record<string, string>> = {
  'zh-Hant': 'zh-tw',
  'nb-Latn': 'no',
  'nn-Latn': 'no',
};

/**
 * The service language nearest to a key it has no language for, or undefined: the key's language
 * and region (pt-Latn-BR → pt-br), else its minimal form by ICU's likely subtags when that is a
 * service language (de-DE → de, zh-Hant → zh-TW → zh-tw, iw → he), else the table above, else
 * the key's language alone (es-419 → es, pt-PT → pt).
 */
export function nearestServiceLanguage(key: string): string | undefined {
  const exact = serviceSpelling(key);
  if (exact !== undefined) return exact;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(key.trim().replace(/_/g, '-'));
  } catch {
    return undefined;
  }
  // (The key's own region first: pt-Latn-BR is the service's pt-br, though ICU minimizes it to pt.)
  const regional = locale.region === undefined ? undefined : serviceSpelling(`${locale.language}-${locale.region}`);
  if (regional !== undefined) return regional;
  const minimal = serviceSpelling(locale.minimize().toString());
  if (minimal !== undefined) return minimal;
  const max = locale.maximize();
  const byScript = nearestByScript[`${max.language}-${max.script ?? ''}`];
  if (byScript !== undefined) return byScript;
  return serviceSpelling(max.language);
}

/** `--map-language de-DE=de,zh-Hant=zh-tw` (repeatable): lower-case key → the service language. */
export type LanguageMap = ReadonlyMap<string, string>;

/**
 * The values of `--map-language`, each a comma-separated list of `key=language`: the right side
 * must be a service language (any case), a key is mapped once. Anything else is a usage error.
 */
export function parseLanguageMap(values: readonly string[] | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const value of values ?? []) {
    for (const pair of value.split(',')) {
      const m = /^\s*([^=\s]+)\s*=\s*([^=\s]+)\s*$/.exec(pair);
      if (m === null) throw new UsageError(`--map-language takes key=language pairs separated by commas, like de-DE=de,zh-Hant=zh-tw — not ${JSON.stringify(pair)}`);
      const [, from = '', to = ''] = m;
      const service = serviceSpelling(to);
      if (service === undefined) {
        throw new UsageError(`--map-language ${from}=${to}: ${JSON.stringify(to)} is not a language of the translation feature (see \`teamctl help glossary-files\`)`);
      }
      const earlier = map.get(from.toLowerCase());
      if (earlier !== undefined && earlier !== service) throw new UsageError(`--map-language maps ${JSON.stringify(from)} twice (to ${earlier} and ${service})`);
      map.set(from.toLowerCase(), service);
    }
  }
  return map;
}

/** What the feature makes of one key: read as it is, read once respelled or mapped, or not at all. */
export type KeyVerdict =
  | { kind: 'service'; key: string }
  | { kind: 'respelled'; key: string; to: string }
  | { kind: 'mapped'; key: string; to: string }
  | { kind: 'unusable'; key: string; nearest: string | undefined };

/** The verdict on `key`, `--map-language` first (a mapping names the key as written, any case). */
export function keyVerdict(key: string, map: LanguageMap = new Map()): KeyVerdict {
  const mapped = map.get(key.toLowerCase());
  if (mapped !== undefined && mapped !== key) return { kind: 'mapped', key, to: mapped };
  const service = serviceSpelling(key);
  if (service === key) return { kind: 'service', key };
  if (service !== undefined) return { kind: 'respelled', key, to: service };
  return { kind: 'unusable', key, nearest: nearestServiceLanguage(key) };
}

/** The service key `key` is written as, or undefined when the feature has no language for it. */
export function serviceKey(key: string, map: LanguageMap = new Map()): string | undefined {
  const v = keyVerdict(key, map);
  return v.kind === 'unusable' ? undefined : v.kind === 'service' ? v.key : v.to;
}

/** Why a key is not sent, and the flag that maps it: one sentence. */
export function unusableKeyMessage(key: string, nearest: string | undefined): string {
  const hint = nearest === undefined ? 'map it to one with --map-language' : `the nearest is ${nearest}: --map-language ${key}=${nearest}`;
  return `the translation feature has no language ${JSON.stringify(key)} (${hint})`;
}

/**
 * A translation map with every key the feature reads in the service's spelling (and mapped keys
 * moved); other keys as they are. Where two keys land on one language, the first met stands.
 */
export function respelled(translations: Readonly<Record<string, string>>, map: LanguageMap = new Map()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(translations)) {
    const to = serviceKey(key, map) ?? key;
    if (!(to in out)) out[to] = value;
  }
  return out;
}
