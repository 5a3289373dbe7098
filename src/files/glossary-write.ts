// The CSV writer of `glossary export` (README, "The glossary"): the import format, with the
// --excel variant, streamed entry by entry. Every export reads back exactly through the reader
// (glossary.ts): see its notes on apostrophes and formulas. TBX is written by tbx-write.ts.
import { stringify } from '../output/csv.js';
import type { GlossaryEntry } from '../api/types.js';
import { UsageError } from '../errors.js';
import { normaliseCell } from '../model/entries.js';
import { escapedCell, excelCell } from './cells.js';
import { pickTranslation } from './glossary-columns.js';

// The cell writers. `n` below is a value as an import compares it (normaliseCell: trimmed, NFC);
// readCell(written) === normaliseCell(value) for every value, which the property tests check.

/**
 * A cell for a plain CSV export: the value as it is, except that a value that starts with
 * apostrophes and then = + - @ tab or CR (`'-s form`) gets one more `'`, which the reader removes
 * again. Such a value is written trimmed and NFC, as an import would take it anyway.
 */
export function csvCell(value: string): string {
  const n = normaliseCell(value);
  return escapedCell.test(n) ? `'${n}` : value;
}

/** A UTF-16 surrogate not part of a pair. */
const loneSurrogate = /\p{Cs}/u;

export interface GlossaryCsvOptions {
  /** The columns to write, in this order; default: every language present the import format can carry (csvLanguages). */
  languages?: string[];
  /** UTF-8 BOM, CRLF line ends, formula cells neutralised (excelCell). */
  excel?: boolean;
  /** Write the `id` column first (default true: the import format). */
  includeId?: boolean;
}

/**
 * Writes CSV one piece at a time (header, then one row per entry), so a caller can stream a large
 * glossary when it knows the languages up front.
 */
export class GlossaryCsvWriter {
  private readonly includeId: boolean;
  private readonly excel: boolean;
  constructor(
    readonly languages: readonly string[],
    opts: Omit<GlossaryCsvOptions, 'languages'> = {},
  ) {
    this.includeId = opts.includeId ?? true;
    this.excel = opts.excel ?? false;
    const idLike = languages.find((l) => l.trim().toLowerCase() === 'id');
    if (idLike !== undefined && this.includeId) {
      throw new UsageError(`language key "${idLike}" cannot be a CSV column: the import format reserves "id"`, {
        hint: 'export it with --format json or tbx',
      });
    }
  }

  private line(cells: string[]): string {
    return stringify([cells.map(this.excel ? excelCell : csvCell)], {
      record_delimiter: this.excel ? '\r\n' : '\n',
      // csv-stringify quotes LF but not a lone CR, which readers take as a line end.
      quoted_match: /[\r\n]/,
    });
  }

  /** The header line (with the BOM in Excel mode). */
  header(): string {
    const cells = this.includeId ? ['id', ...this.languages] : [...this.languages];
    return (this.excel ? '\uFEFF' : '') + this.line(cells);
  }

  /** Entries written so far that hold one language under several spellings with different values. */
  readonly conflicts: { id: string; column: string; keys: string[] }[] = [];

  /**
   * One entry's line, or '' when it has no translation in the chosen languages (such a row could
   * not be imported, so `--lang` exports leave it out). Keys are matched case-insensitively
   * (pickTranslation); a conflict between spellings is recorded in `conflicts`.
   */
  row(entry: Pick<GlossaryEntry, 'id' | 'translations'>): string {
    const values = this.languages.map((l) => {
      const picked = pickTranslation(entry.translations, l);
      if (picked.conflict) this.conflicts.push({ id: entry.id, column: l, keys: picked.conflict.keys });
      return picked.value;
    });
    if (values.every((v) => v === '')) return '';
    // Refused, naming the entry, rather than changed: a lone surrogate (a UTF-8 file writes it as
    // U+FFFD) and a CR in an id (the reader takes CR as LF; no translation holds one).
    const cells = this.includeId ? [entry.id, ...values] : values;
    const bad = cells.findIndex((c, i) => loneSurrogate.test(c) || (this.includeId && i === 0 && c.includes('\r')));
    if (bad >= 0) {
      const what = this.includeId && bad === 0 ? 'its id' : `its ${JSON.stringify(this.languages[bad - (this.includeId ? 1 : 0)])} translation`;
      const why = loneSurrogate.test(cells[bad] as string) ? 'a lone surrogate (half of a UTF-16 pair)' : 'a carriage return';
      throw new UsageError(`entry ${JSON.stringify(entry.id)}: ${what} holds ${why}, which the CSV format cannot carry`, {
        hint: 'export it with --format json or tbx',
      });
    }
    return this.line(cells);
  }
}
