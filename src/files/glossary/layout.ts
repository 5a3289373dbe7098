// What a glossary layout is (`teamctl help glossary-files`, "Glossary file layouts"): one module per layout a tool writes,
// listed in registry.ts, so a new layout is one module, one registry line and one fixture. A
// delimited layout says which of its header cells hold a language, which hold terms in a language
// the header does not say, and which are metadata the glossary cannot hold; an XML layout says
// which elements hold a concept and its languages. Every layout's file is read into the same rows
// (rows.ts), so the checks of the import format apply to all of them alike.

/** What one header cell of a delimited file is. */
export type HeaderCell =
  | { kind: 'id' }
  | { kind: 'language'; language: string }
  /** A key of the language-key shape ICU does not know: a language only if the glossary uses it. */
  | { kind: 'maybe-language'; language: string }
  | { kind: 'metadata' }
  /** Terms in a language the header does not say (source, target, term): --languages names it. */
  | { kind: 'term' }
  /**
   * A term status (status.ts): `Status [de]` for one language (`of`, as the cell names it), a
   * plain `status` for every term of its row; `flag` for a boolean column (`forbidden`).
   */
  | { kind: 'status'; of?: string; flag: boolean }
  /** None of the above; `layout` and `named` when a layout's term column names a language ICU does not know. */
  | { kind: 'unknown'; layout?: LayoutInfo; named?: string };

/** What every layout says of itself, for detection and for the messages of a refused file. */
export interface LayoutInfo {
  /** As messages name it: "a Crowdin export". */
  name: string;
  /** A first line of it (README's table). */
  example: string;
  /** What reads a file of this layout that teamctl refuses as it is: a flag or an edit. */
  fix?: string;
}

/** A layout of delimited files (CSV, `;`, TSV). */
export interface DelimitedLayout extends LayoutInfo {
  /**
   * How sure it is that a file with this first row is its own (higher is surer), or undefined
   * when not at all. Cells come trimmed and NFC.
   */
  detect(head: readonly string[]): number | undefined;
  /** The language text of a column that holds this layout's terms (`Term [de]` → `de`), or undefined. */
  languageColumn?(cell: string): string | undefined;
  /** Columns of terms in a language the header does not say, squashed (see squash). */
  termColumns?: readonly string[];
  /** Metadata columns (squashed), also in their per-language forms: ignored with one warning. */
  metadata?: readonly string[];
  /**
   * Its `term` column repeats one of its language columns (Phrase, Lokalise): beside language
   * columns it is ignored like metadata; alone, `--languages` names its language.
   */
  termRepeatsLanguage?: boolean;
}

/** A layout of XML files: its root element and the elements of a concept. */
export interface XmlLayout extends LayoutInfo {
  /** How sure it is that a file whose root element is `root` is its own, or undefined. */
  detect(root: string): number | undefined;
  /** Elements that are one concept. */
  concept: readonly string[];
}

/** A header name as layouts compare it: lower case, `_`, `-` and runs of spaces as one space. */
export const squash = (name: string): string => name.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
