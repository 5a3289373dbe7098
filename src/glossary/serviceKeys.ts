// A glossary file's language keys made the keys the translation feature reads, before anything
// is planned (`teamctl help glossary-files`, "Keys the translation feature reads"): a service
// language in another case is respelled (pt-BR → pt-br), a key `--map-language` names is moved,
// and any other key is left out with a warning naming the nearest service language — or, with
// `--strict-languages`, the file is refused (exit 2, nothing sent). The key language must be one
// the feature reads: entries are matched by it.
import type { GlossaryEntry } from '../api/types.js';
import { InputFileError, UsageError, type FileProblem } from '../errors.js';
import type { GlossaryFile } from '../files/glossary/read.js';
import type { PlannedOperation } from '../plan/glossary.js';
import type { SyncPlan } from '../plan/glossarySync.js';
import { keyVerdict, nearestServiceLanguage, respelled, serviceKey, unusableKeyMessage, type LanguageMap } from './serviceLanguages.js';

export interface ServiceKeyOptions {
  /** `--map-language`. */
  map: LanguageMap;
  /** `--strict-languages`: a key the feature has no language for is a problem, not a warning. */
  strict: boolean;
}

/** The file with the keys the feature reads; the keys left out said in `warnings`. */
export function toServiceKeys(file: GlossaryFile, path: string, opts: ServiceKeyOptions): { file: GlossaryFile; warnings: FileProblem[] } {
  const problems: FileProblem[] = [];
  const warnings: FileProblem[] = [];
  const at = (message: string): FileProblem => ({ file: path, line: 1, message });
  const to = new Map<string, string>(); // file key → service key
  const landed = new Map<string, string>(); // service key → the file key that landed there first
  for (const language of file.languages) {
    const verdict = keyVerdict(language, opts.map);
    if (verdict.kind === 'unusable') {
      const message = `${unusableKeyMessage(language, verdict.nearest)}; its terms are ${opts.strict ? 'refused' : 'not sent'}`;
      if (opts.strict) problems.push(at(`${message} (--strict-languages)`));
      else if (language.toLowerCase() === file.key.toLowerCase()) problems.push(at(`${message}, and entries are matched by that key language: map it or choose another with --key`));
      else warnings.push(at(message));
      continue;
    }
    const service = serviceKey(language, opts.map) as string;
    const other = landed.get(service);
    if (other !== undefined) {
      problems.push(at(`columns ${JSON.stringify(other)} and ${JSON.stringify(language)} are both the translation feature's ${service}: keep one, or map one elsewhere with --map-language`));
      continue;
    }
    landed.set(service, language);
    to.set(language, service);
  }
  if (problems.length > 0) throw new InputFileError(problems, problems.length);
  if ([...to].every(([from, service]) => from === service) && to.size === file.languages.length) return { file, warnings };
  let emptied = 0;
  const rows = [];
  for (const row of file.rows) {
    const translations: Record<string, string> = {};
    for (const [k, v] of Object.entries(row.translations)) {
      const service = to.get(k);
      if (service !== undefined) translations[service] = v;
    }
    if (Object.keys(translations).length === 0) emptied++;
    else rows.push({ ...row, translations });
  }
  if (emptied > 0) warnings.push(at(`${emptied} ${emptied === 1 ? 'row holds' : 'rows hold'} terms only in keys that are not sent: left out`));
  return { file: { ...file, rows, languages: file.languages.filter((l) => to.has(l)).map((l) => to.get(l) as string), key: to.get(file.key) ?? file.key }, warnings };
}

/**
 * The glossary as the planners match it: every entry's keys as the feature reads them (respelled,
 * and moved by `--map-language`), so a file's `de` finds an entry keyed `de-DE` mapped to it.
 * Where two keys of an entry land on one language, the first stands (as matching always read it).
 */
export function serviceView<E extends Pick<GlossaryEntry, 'translations'>>(existing: readonly E[], map: LanguageMap): E[] {
  return existing.map((e) => ({ ...e, translations: respelled(e.translations, map) }));
}

/**
 * An update written from the view would lose a term where an entry holds two keys of one service
 * language with different terms (`de` and a mapped `de-DE`, or `en` and `EN`): such an update is
 * refused (exit 2, nothing sent) — which term stands is the admin's choice.
 */
export function refuseLosingUpdates(plan: { operations: readonly PlannedOperation[] }, existing: readonly Pick<GlossaryEntry, 'id' | 'translations'>[], map: LanguageMap, org: string): void {
  const updated = new Set(plan.operations.flatMap((p) => (p.operation.type === 'update' ? [p.operation.id] : [])));
  const clashes: string[] = [];
  for (const e of existing) {
    if (!updated.has(e.id)) continue;
    const first = new Map<string, [string, string]>(); // service key → the key and term that stand
    for (const [k, v] of Object.entries(e.translations)) {
      if (typeof v !== 'string' || v.trim() === '') continue;
      const to = serviceKey(k, map) ?? k;
      const stands = first.get(to);
      if (stands === undefined) first.set(to, [k, v]);
      else if (stands[1].trim().normalize('NFC') !== v.trim().normalize('NFC')) clashes.push(`entry ${e.id} holds ${stands[0]} ${JSON.stringify(stands[1])} and ${k} ${JSON.stringify(v)}`);
    }
  }
  if (clashes.length === 0) return;
  throw new UsageError(
    `in the glossary of ${org}, ${clashes.slice(0, 5).join('; ')}${clashes.length > 5 ? `, and ${clashes.length - 5} more` : ''}: ` +
      'the translation feature reads one term per language and the update would keep only the first — delete one (`teamctl glossary delete`) or map the key elsewhere with --map-language; nothing was sent',
  );
}

/**
 * `glossary sync --rewrite-keys`: every entry whose keys the feature reads in another spelling
 * (or that `--map-language` moves) is updated to those keys in place — the same entry, so nothing
 * is duplicated. A row's own update already carries them; an unchanged row's entry becomes an
 * update on that row's line; an entry no row names, an update on line 0.
 */
export function rewriteKeys(plan: SyncPlan, existing: readonly Pick<GlossaryEntry, 'id' | 'translations'>[], view: readonly Pick<GlossaryEntry, 'id' | 'translations'>[]): void {
  const touched = new Set(plan.operations.map((p) => (p.operation.type === 'insert' ? '' : p.operation.id)));
  const presentLine = new Map(plan.present.map((p) => [p.existingId, p.line]));
  const rewrites: PlannedOperation[] = [];
  existing.forEach((entry, i) => {
    const translations = (view[i] as Pick<GlossaryEntry, 'translations'>).translations;
    if (touched.has(entry.id) || sameKeys(entry.translations, translations)) return;
    rewrites.push({ line: presentLine.get(entry.id) ?? 0, operation: { type: 'update', id: entry.id, translations } });
  });
  if (rewrites.length === 0) return;
  const rewritten = new Set(rewrites.map((r) => (r.operation as { id: string }).id));
  plan.present = plan.present.filter((p) => !rewritten.has(p.existingId));
  const deletes = plan.operations.filter((p) => p.operation.type === 'delete');
  const others = [...plan.operations.filter((p) => p.operation.type !== 'delete'), ...rewrites].sort((a, b) => a.line - b.line);
  plan.operations = [...others, ...deletes];
}

/** The same keys spelled the same, with a term each. */
function sameKeys(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = (t: Readonly<Record<string, string>>): string => JSON.stringify(Object.keys(t).filter((k) => typeof t[k] === 'string' && (t[k] as string).trim() !== '').sort());
  return keys(a) === keys(b);
}

/**
 * What the glossary holds that the feature reads in no language (keys `--map-language` does not
 * map), with the command that moves them, or undefined when nothing: one sentence.
 */
export function unreadKeys(existing: readonly Pick<GlossaryEntry, 'translations'>[], map: LanguageMap): string | undefined {
  const counts = new Map<string, number>();
  for (const e of existing) for (const k of Object.keys(e.translations)) if (serviceKey(k, map) === undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  if (counts.size === 0) return undefined;
  const keys = [...counts].sort(([a], [b]) => (a < b ? -1 : 1));
  const pairs = keys.map(([k]) => `${k}=${nearestServiceLanguage(k) ?? '<language>'}`).join(',');
  const listed = keys.map(([k, n]) => `${k} (${n} ${n === 1 ? 'entry' : 'entries'})`).join(', ');
  return `holds keys the translation feature has no language for: ${listed}; move them with \`teamctl glossary sync <file> --rewrite-keys --map-language ${pairs}\``;
}
