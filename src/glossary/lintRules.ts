// The rules of `teamctl glossary lint` (`teamctl help glossary-files`, "Glossary lint"): what a
// glossary — the live one, or a file read by the readers of import — holds that the translation
// feature would read wrongly or not at all. Pure: items in, findings out, each with where it is
// (file and line, or entry id) and a fix.
//
// Errors are what an import would refuse or send wrong, and what the feature cannot use: a term
// the reader refuses (over 255 characters, a line break, homonyms of the key term, …), a duplicate,
// an empty entry, a forbidden or deprecated term used as a translation, a key language the feature
// has no language for. Warnings may be meant: case variants, one term with other translations in
// two entries (homonyms), other keys the feature has no language for or spells otherwise, a term
// equal to its source where the file marks it translatable. `glossary sync --lint` refuses on errors.
import type { FileProblem } from '../errors.js';
import type { LeftOutTerm } from '../files/glossary/status.js';
import { normaliseCell, translationsKey } from '../model/entries.js';
import { keyVerdict, unusableKeyMessage, type LanguageMap } from './serviceLanguages.js';

export type LintRule =
  | 'duplicate'
  | 'case-variant'
  | 'several-translations'
  | 'too-long'
  | 'line-break'
  | 'unusable-key'
  | 'respelled-key'
  | 'empty'
  | 'untranslated'
  | 'forbidden'
  | 'unreadable';

export interface Finding {
  severity: 'error' | 'warning';
  rule: LintRule;
  /** The file, or null for the live glossary. */
  file: string | null;
  /** The line in the file (1 for the header), or null for the live glossary. */
  line: number | null;
  /** The entry id, for the live glossary. */
  entry: string | null;
  message: string;
  fix: string;
}

/** A row of a file (its line) or an entry of the live glossary (its id). */
export interface LintItem {
  line?: number;
  entry?: string;
  translations: Readonly<Record<string, string>>;
}

export interface LintInput {
  /** The file, or undefined for the live glossary. */
  file?: string | undefined;
  items: readonly LintItem[];
  /** The key language: the term that identifies an entry. */
  key: string;
  /** Language keys in use (a file's columns, or the glossary's keys). */
  languages: readonly string[];
  map: LanguageMap;
  /** A file's rows merged into an identical earlier one. */
  merged?: readonly { line: number; into: number }[] | undefined;
  /** A file's terms a status left out. */
  leftOut?: readonly LeftOutTerm[] | undefined;
  /** Lines a file marks translatable. */
  translatable?: readonly number[] | undefined;
}

/** The service's published limit on one translation (`GlossaryTranslations`). */
const maxLength = 255;

/** Where an item is, as a message names it. */
const at = (item: LintItem): string => (item.entry !== undefined ? `entry ${item.entry}` : `line ${item.line ?? 0}`);

/** Every finding, in the order of their lines (the header's first), then entries. */
export function lintGlossary(input: LintInput): Finding[] {
  const out: Finding[] = [];
  const add = (severity: Finding['severity'], rule: LintRule, item: LintItem | undefined, message: string, fix: string): void => {
    out.push({ severity, rule, file: input.file ?? null, line: item === undefined ? (input.file === undefined ? null : 1) : (item.line ?? null), entry: item?.entry ?? null, message, fix });
  };
  keyFindings(input, add);
  const deleteFix = (item: LintItem): string => (item.entry !== undefined ? `delete it: teamctl glossary delete ${item.entry}` : 'delete this row');
  for (const m of input.merged ?? []) add('error', 'duplicate', { line: m.line, translations: {} }, `identical to line ${m.into}`, 'delete this row');
  const bySignature = new Map<string, LintItem>();
  for (const item of input.items) {
    const values = Object.entries(item.translations).filter(([, v]) => normaliseCell(v) !== '');
    if (values.length === 0) {
      add('error', 'empty', item, 'no translation in any language', deleteFix(item));
      continue;
    }
    for (const [language, value] of values) {
      const length = [...normaliseCell(value)].length;
      if (length > maxLength) add('error', 'too-long', item, `the ${language} term is ${length} characters long (limit ${maxLength})`, 'shorten it to 255 characters');
      if (/[\n\r]/.test(value)) add('error', 'line-break', item, `the ${language} term holds a line break`, 'write it on one line');
    }
    const signature = translationsKey(item.translations);
    const twin = bySignature.get(signature);
    if (twin !== undefined) add('error', 'duplicate', item, `the same translations as ${at(twin)}`, deleteFix(item));
    else bySignature.set(signature, item);
  }
  termFindings(input, add);
  // (A stable sort: the header's findings first, then by line; the live glossary's stay in order.)
  return out.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

type Add = (severity: Finding['severity'], rule: LintRule, item: LintItem | undefined, message: string, fix: string) => void;

/** Keys the feature reads otherwise or not at all. */
function keyFindings(input: LintInput, add: Add): void {
  for (const language of input.languages) {
    const verdict = keyVerdict(language, input.map);
    const users = input.file === undefined ? input.items.filter((i) => Object.keys(i.translations).includes(language)).length : 0;
    const held = input.file === undefined ? ` (${users} ${users === 1 ? 'entry' : 'entries'})` : '';
    if (verdict.kind === 'unusable') {
      const isKey = language.toLowerCase() === input.key.toLowerCase();
      const flag = `--map-language ${language}=${verdict.nearest ?? '<language>'}`;
      add(
        isKey ? 'error' : 'warning',
        'unusable-key',
        undefined,
        `${unusableKeyMessage(language, verdict.nearest)}${held}: ${isKey ? 'it is the key language, so the file is refused' : 'its terms are not sent'}`,
        input.file === undefined ? `teamctl glossary sync <file> --rewrite-keys ${flag}` : `rename the column to a language of the feature, or import with ${flag}`,
      );
    } else if (verdict.kind === 'respelled' && input.file === undefined) {
      add('warning', 'respelled-key', undefined, `${JSON.stringify(language)} is the translation feature's ${verdict.to} in another case${held}`, 'teamctl glossary sync <file> --rewrite-keys');
    }
  }
}

/** Case variants and homonyms, terms equal to their source, forbidden terms in use. */
function termFindings(input: LintInput, add: Add): void {
  const keyLower = input.key.toLowerCase();
  const termOf = (item: LintItem, language: string): string | undefined => {
    for (const [k, v] of Object.entries(item.translations)) if (k.toLowerCase() === language && normaliseCell(v) !== '') return normaliseCell(v);
    return undefined;
  };
  const languages = [...new Set(input.languages.map((l) => l.toLowerCase()))];
  for (const language of languages) {
    const exact = new Map<string, LintItem>();
    const folded = new Map<string, { term: string; item: LintItem }>();
    for (const item of input.items) {
      const term = termOf(item, language);
      if (term === undefined) continue;
      const first = exact.get(term);
      if (first !== undefined) {
        if (translationsKey(first.translations) !== translationsKey(item.translations)) {
          add('warning', 'several-translations', item, `the ${language} term ${JSON.stringify(term)} is also on ${at(first)}, with other translations`, 'merge the two, or keep them as homonyms (meant: two meanings)');
        }
        continue;
      }
      exact.set(term, item);
      const lower = term.toLowerCase();
      const variant = folded.get(lower);
      if (variant !== undefined && language === keyLower) {
        add('warning', 'case-variant', item, `the ${language} term ${JSON.stringify(term)} differs only in case from ${JSON.stringify(variant.term)} on ${at(variant.item)}`, 'keep one spelling, unless both are meant');
      } else if (variant === undefined) folded.set(lower, { term, item });
    }
  }
  const marked = new Set(input.translatable ?? []);
  for (const item of input.items) {
    if (item.line === undefined || !marked.has(item.line)) continue;
    const source = termOf(item, keyLower);
    if (source === undefined) continue;
    for (const [language, value] of Object.entries(item.translations)) {
      if (language.toLowerCase() !== keyLower && normaliseCell(value) === source) {
        add('warning', 'untranslated', item, `the ${language} term is the ${input.key} term ${JSON.stringify(source)}, and the row is marked translatable`, 'translate it, or mark the row not translatable');
      }
    }
  }
  // (One pass over the items, whatever the number of terms left out.)
  const leftOut = new Map<string, LeftOutTerm[]>(); // language + term → the terms a status left out
  for (const left of input.leftOut ?? []) {
    const k = `${left.language.toLowerCase()}\u0000${normaliseCell(left.term)}`;
    leftOut.set(k, [...(leftOut.get(k) ?? []), left]);
  }
  if (leftOut.size === 0) return;
  for (const item of input.items) {
    for (const [language, value] of Object.entries(item.translations)) {
      for (const left of leftOut.get(`${language.toLowerCase()}\u0000${normaliseCell(value)}`) ?? []) {
        add('error', 'forbidden', item, `the ${left.language} term ${JSON.stringify(left.term)} is marked ${left.why} on line ${left.line}`, `use the preferred ${left.language} term instead, or change its status on line ${left.line}`);
      }
    }
  }
}

/** The problems a reader refused a file for, as findings (all errors). */
export function readerFindings(problems: readonly FileProblem[]): Finding[] {
  return problems.map((p) => {
    const rule: LintRule = /characters long \(limit/.test(p.message)
      ? 'too-long'
      : /line break/.test(p.message)
        ? 'line-break'
        : /is also on line \d+ with other translations/.test(p.message)
          ? 'several-translations'
          : /row has no translation/.test(p.message)
            ? 'empty'
            : 'unreadable';
    return { severity: 'error', rule, file: p.file, line: p.line, entry: null, message: p.message, fix: rule === 'unreadable' || rule === 'several-translations' ? 'as the message says' : 'edit this row' };
  });
}

/** Whether `glossary sync --lint` refuses: any error. */
export const hasErrors = (findings: readonly Finding[]): boolean => findings.some((f) => f.severity === 'error');
