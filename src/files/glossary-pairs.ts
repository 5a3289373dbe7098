// The pair formats of `glossary export` (README, "The glossary"): one language pair, one entry
// a line, no header. `deepl`: DeepL's glossary CSV, `source,target,SRC,TGT` with DeepL's codes
// (deeplCode), RFC 4180 quoting; `tsv-pair`: `source<TAB>target`, the TSV of Google Cloud
// Translation's unidirectional glossaries and Microsoft Custom Translator's dictionaries.
//
// Decisions:
// - Only entries with a term in both languages; the first entry of each source term is written and
//   later ones with that source term are left out with one warning (DeepL refuses a source term
//   twice, and teamctl's reader would take them as homonyms).
// - A term holding a tab, a line break or another control character (DeepL refuses those; TSV
//   cannot carry a tab or a line break) stops the export (exit 2) naming the entry, as the CSV
//   export does for what it cannot carry. A `"` is quoted the CSV way in DeepL's CSV; `tsv-pair`
//   is plain TSV, never quoted (Microsoft Custom Translator would keep the quotes as part of the
//   term), and teamctl reads a quote in a TSV cell as a character, so it reads back whole.
// - Terms are written as an import reads them (trimmed, NFC; DeepL refuses surrounding
//   whitespace), with the apostrophe rule of the plain CSV export (csvCell), so every export
//   reads back exactly.
import type { GlossaryEntry } from '../api/types.js';
import { UsageError } from '../errors.js';
import { normaliseCell } from '../model/entries.js';
import { stringify } from '../output/csv.js';
import { quote, shorten } from '../output/words.js';
import { pickTranslation } from './glossary-columns.js';
import { csvCell } from './glossary-write.js';
import { deeplCode } from './glossary/headerless.js';

export type PairFormat = 'deepl' | 'tsv-pair';

/** What neither format can carry in a term: C0 and C1 controls (tab, LF, CR …) and Unicode line ends. */
const uncarried = /[\p{Cc}\u2028\u2029]/u;

/** The source terms written, and the entries left out for repeating one. */
export class PairWriter {
  private readonly sources = new Set<string>();
  /** Entries holding a language under keys differing only in case, with different terms (the first is written, as in CSV). */
  readonly conflicts: { id: string; column: string; keys: string[] }[] = [];
  /** Ids of entries left out because an earlier entry has their source term. */
  readonly repeated: string[] = [];
  /** Ids of entries left out for lacking a term: [no source term, no target term]. */
  readonly lacking: [string[], string[]] = [[], []];
  private readonly codes: [string, string];

  constructor(
    readonly format: PairFormat,
    readonly languages: readonly [string, string],
  ) {
    this.codes = [deeplCode(languages[0]), deeplCode(languages[1])];
    if (format === 'deepl' && this.codes[0] === this.codes[1]) {
      throw new UsageError(`--languages ${languages.join(',')}: DeepL names both ${this.codes[0]} (its glossaries have no regional variants), so they cannot be a DeepL pair`);
    }
  }

  /** One entry's line, or '' when it lacks a term in either language or repeats a source term. */
  row(entry: Pick<GlossaryEntry, 'id' | 'translations'>): string {
    const terms = this.languages.map((l) => {
      const picked = pickTranslation(entry.translations, l);
      if (picked.conflict) this.conflicts.push({ id: entry.id, column: l, keys: picked.conflict.keys });
      return normaliseCell(picked.value);
    });
    const [source, target] = terms as [string, string];
    if (source === '' || target === '') {
      this.lacking[source === '' ? 0 : 1].push(entry.id);
      return '';
    }
    terms.forEach((term, i) => {
      const bad = uncarried.exec(term);
      if (bad !== null) {
        const what = `U+${(bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
        throw new UsageError(`entry ${quote(entry.id)}: its ${quote(this.languages[i] ?? '')} term ${quote(shorten(term, 41))} holds ${what} (a tab, a line break or another control character), which --format ${this.format} cannot carry`, {
          hint: 'export it with --format json or tbx, or correct the term',
        });
      }
    });
    // Plain TSV has no quoting: a term quoted whole would be read back without its quotes.
    const wholeQuote = this.format === 'tsv-pair' ? terms.findIndex((t) => /^".*"$/s.test(t)) : -1;
    if (wholeQuote >= 0) {
      throw new UsageError(`entry ${quote(entry.id)}: its ${quote(this.languages[wholeQuote] ?? '')} term ${quote(shorten(terms[wholeQuote] ?? '', 41))} is wholly in quotes, which plain TSV (--format tsv-pair) cannot carry`, {
        hint: 'export it with --format json or tbx, or correct the term',
      });
    }
    if (this.sources.has(source)) {
      this.repeated.push(entry.id);
      return '';
    }
    this.sources.add(source);
    // TSV as Google and Microsoft read it: no quoting at all (a tab or a line break was refused above).
    if (this.format === 'tsv-pair') return `${csvCell(source)}\t${csvCell(target)}\n`;
    return stringify([[csvCell(source), csvCell(target), ...this.codes]], { delimiter: ',', record_delimiter: '\n' });
  }

  /**
   * The warning of the entries left out for lacking a term in one of the two languages (README,
   * "The glossary"): how many, why, and some of their ids; undefined when none was.
   */
  lackingWarning(): string | undefined {
    const [noSource, noTarget] = this.lacking;
    const n = noSource.length + noTarget.length;
    if (n === 0) return undefined;
    const why = [noTarget.length > 0 ? `${noTarget.length} with no ${this.languages[1]} term` : '', noSource.length > 0 ? `${noSource.length} with no ${this.languages[0]} term` : ''].filter((w) => w !== '');
    const ids = [...noTarget, ...noSource];
    const some = ids.slice(0, 5).join(', ') + (n > 5 ? ', …' : '');
    return `${n} ${n === 1 ? 'entry' : 'entries'} left out: ${why.join(', ')} (${some}); a pair glossary holds only entries with a term in both languages`;
  }

  /** The warning naming the entries left out for repeating a source term, or undefined. */
  repeatedWarning(): string | undefined {
    const n = this.repeated.length;
    if (n === 0) return undefined;
    const some = this.repeated.slice(0, 5).join(', ') + (n > 5 ? ', …' : '');
    return `${n} ${n === 1 ? 'entry' : 'entries'} left out: ${n === 1 ? 'its' : 'their'} ${this.languages[0]} term is already on an earlier line (${some}); a pair glossary takes each source term once`;
  }
}
