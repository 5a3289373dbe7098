// The concept reader of every XML layout (`teamctl help glossary-files`, "From a CAT tool"): TBX and MultiTerm (their
// elements in tbx.ts and multiterm.ts). Each concept becomes one row of the import format, so the
// CSV reader's checks apply to it unchanged (lengths, line breaks, duplicates), located on the
// concept's line.
// - What the service cannot hold is never dropped silently: several terms for a language (the
//   first admitted one is taken), definitions, notes, part of speech — each is a warning with the
//   concept's line. A term's status is read by the rule of every layout (status.ts): a term marked
//   forbidden, deprecated, obsolete or superseded is left out of its language, one warning per kind.
// - Concept ids are entry ids only in a file teamctl exported (a round trip); a CAT tool's concept
//   ids mean nothing to the service, so those rows match by their key term.
// - A DOCTYPE naming an external DTD is accepted and the DTD never read; one with an internal
//   subset (where entities are declared) is refused, and so is any undefined entity: no external
//   entities, no expansion bombs.
import { InputFileError, type FileProblem } from '../../errors.js';
import type { DelimitedFile, RowCheck } from '../csv.js';
import { normaliseCell } from '../../model/entries.js';
import { escapedCell } from '../cells.js';
import { multiTermLanguage } from './multiterm.js';
import { xmlLayoutOf, xmlLayouts } from './registry.js';
import { StatusTally, statusOf, type LeftOutTerm } from './status.js';
import { teamctlEntryIdJsonType, teamctlEntryIdType, teamctlTbxMarker, teamctlTermJsonType } from './tbx.js';

// UTF-16 without a byte order mark, read as UTF-8: ASCII such as `<?` comes with a NUL before each
// character (big-endian) or after it (little-endian). A file with its mark is read as UTF-16.
// eslint-disable-next-line no-control-regex
const utf16WithoutMark = /^(?:\u0000[\u0001-\u007f]\u0000[\u0001-\u007f]|[\u0001-\u007f]\u0000[\u0001-\u007f]\u0000)/;
const utf16Problem = 'the file looks like UTF-16 without a byte order mark (a NUL byte beside each character): save it as UTF-8, or as UTF-16 with its byte order mark';

/** The string a JSON string literal stands for; undefined when it is none. */
function jsonString(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'string') return value;
  } catch {
    // not JSON at all
  }
  return undefined;
}

interface Term {
  text: string;
  line: number;
  status: string;
}

interface Concept {
  line: number;
  id: string | undefined;
  /** Language as written → its terms, in file order. */
  terms: Map<string, Term[]>;
  /** What the service cannot hold, for the warning (definition, note, part of speech, …). */
  dropped: Set<string>;
}

/**
 * The text of an element being read (a status, an id, an exact term, the header's source), and
 * its depth: the text ends where that element closes, whatever markup (<hi>) it holds.
 */
interface Collected {
  depth: number;
  text: string[];
}

/**
 * DCT elements for what DCA keeps in <transacGrp>, <ref> and <xref>, which are not warned about
 * in either style (who changed a concept when, links): the same warnings for both.
 */
const dctAdministrative = /^(transactionType|responsibility|crossReference|externalCrossReference|xGraphic|date)$/i;
/**
 * The data categories that say a term's status, in DCA (a type) and DCT (an element) alike, and
 * the fields MultiTerm termbases name so (`<descrip type="Status">`, `Usage`, `Term Status`).
 */
const statusCategory = /^(administrativeStatus|normativeAuthorization|usageStatus|status|usage|term ?status|usage ?status)$/i;

const preferred = /preferred/i;
/** The elements that are one concept, in every XML layout. */
const conceptElements: ReadonlySet<string> = new Set(xmlLayouts.flatMap((l) => l.concept));
const lineBreak = /[\n\r]/;

/** A value as a cell the import reads back as it (readCell): an export's apostrophe added where needed. */
const asCell = (value: string): string => (escapedCell.test(normaliseCell(value)) ? `'${normaliseCell(value)}` : value);

/**
 * A copy of `text` that shares no memory with the chunk it was parsed from. The parser's strings
 * are slices of the piece of the file it was fed (`teamctl help reliability`, "Bounded input"): a term kept as such a
 * slice would keep its whole 1 MB piece alive, and a big termbase all of its pieces.
 */
const detached = (text: string): string => (text.length < 13 ? text : (' ' + text).slice(1));

/** Local element name, without a namespace prefix. */
const local = (name: string): string => name.slice(name.indexOf(':') + 1);

/** Warnings of one kind past this many are counted, not kept (see `ConceptReader.note`). */
const detailed = 20;

/**
 * The concepts of a TBX text as the rows of a delimited file (header `id`, then the languages in
 * the order first met), and the warnings of what was not imported. Throws InputFileError for XML
 * that cannot be read, a DOCTYPE, or a file with no term.
 *
 * The text may come in pieces (readCheckedChunks): the parser is fed one piece at a time, and each
 * concept becomes its row when it closes, so neither the whole text nor the parsed concepts are
 * held (`teamctl help reliability`, "Bounded input").
 */
export async function conceptRows(text: string | AsyncIterable<string>, file: string, check?: RowCheck): Promise<{ rows: DelimitedFile; warnings: FileProblem[]; leftOut: LeftOutTerm[] }> {
  const { SaxesParser } = await import('saxes');
  const parser = new SaxesParser(); // (it counts lines whatever its options)
  const reader = new ConceptReader(file, () => parser.line, check);
  parser.on('doctype', (doctype) => reader.doctype(doctype));
  parser.on('opentag', (tag) => reader.open(tag.name, tag.attributes as Record<string, string | undefined>));
  parser.on('text', (t) => reader.text(t));
  parser.on('cdata', (t) => reader.cdata(t));
  parser.on('closetag', (tag) => reader.close(tag.name));
  // The first characters the parser was given: UTF-16 without a byte order mark shows there.
  let head = '';
  try {
    // (The parser skips a byte order mark at the start of the text, and only there.)
    if (typeof text === 'string') {
      head = text.slice(0, 4);
      parser.write(text);
    } else {
      for await (const piece of text) {
        if (head.length < 4) head += piece.slice(0, 4 - head.length);
        parser.write(piece);
      }
    }
    parser.close();
  } catch (err) {
    if (err instanceof InputFileError) throw err;
    throw reader.notXml(err as Error, head);
  }
  return reader.result();
}

/** The state of one file's reading, fed by the XML parser's events. */
class ConceptReader {
  private readonly problems: FileProblem[] = [];
  private readonly warnings: FileProblem[] = [];
  /** One row per concept with a usable term: cells[0] the concept id, then a cell per language index. */
  private readonly rows: DelimitedFile['rows'] = [];
  private conceptSeen = false;
  private readonly languages: string[] = [];
  private readonly languageIndex = new Map<string, number>();
  private readonly stack: string[] = [];
  private concept: Concept | undefined;
  /** The language of the section being read; null when its element names none (a problem already). */
  private language: string | null | undefined;
  private term: Term | undefined;
  private termText: string[] | undefined;
  private statusNote: Collected | undefined;
  /** A concept's id: `json` for teamctlEntryIdJsonType. */
  private idNote: (Collected & { json: boolean }) | undefined;
  /** The exact text of the last term, in a file teamctl exported (teamctlTermJsonType). */
  private exactNote: Collected | undefined;
  private exportedByTeamctl = false;
  private headerText: Collected | undefined;
  /** Whether any element was opened: a parse error before that means the file is no XML at all. */
  private rootSeen = false;
  /** The root element's local name: which layout the file says it is. */
  private root = '';
  /** Warnings by kind: how many were kept, how many more were counted, and the line of the first counted. */
  private readonly kinds = new Map<string, { shown: number; more: number; line: number }>();
  /** The terms a status left out or did not say (status.ts): one warning per kind. */
  private readonly statuses = new StatusTally();

  constructor(
    private readonly file: string,
    private readonly line: () => number,
    /** Each concept's row as it is made (a bound on what the file may hold). */
    private readonly check: RowCheck | undefined,
  ) {}

  /**
   * A warning of one kind (`what`). Past the first `detailed` they are counted, not kept: a
   * termbase whose every concept has a definition would otherwise print (and hold) a line per concept.
   */
  private note(what: string, line: number, message: string): void {
    const seen = this.kinds.get(what) ?? { shown: 0, more: 0, line };
    this.kinds.set(what, seen);
    if (seen.shown < detailed) {
      seen.shown++;
      this.warnings.push({ file: this.file, line, message });
    } else {
      if (seen.more === 0) seen.line = line;
      seen.more++;
    }
  }

  private problem(message: string): void {
    this.problems.push({ file: this.file, line: this.line(), message });
  }

  /** A closed concept as its row (its terms per language, after what the service cannot hold) and its warnings. */
  private conceptRow(c: Concept): void {
    this.conceptSeen = true;
    const values: [number, string][] = [];
    const notes: [what: string, text: string][] = [];
    for (const [lang, terms] of c.terms) {
      // A term marked preferred comes first; then the admitted ones, in file order. A language
      // whose terms are all left out is still a column: `glossary sync` removes it (an empty cell).
      const usable: Term[] = [];
      for (const t of terms) {
        // An empty <term> (KDE Lokalize writes one for a concept not yet filled in) is no term.
        if (t.text.trim() === '') continue;
        const verdict = statusOf(t.status);
        this.statuses.record(verdict, { line: t.line, language: lang, term: t.text.trim(), value: t.status });
        if (verdict.kind !== 'left-out') usable.push(t);
      }
      usable.sort((a, b) => Number(preferred.test(b.status)) - Number(preferred.test(a.status)));
      let index = this.languageIndex.get(lang);
      if (index === undefined) {
        index = this.languages.push(lang) - 1;
        this.languageIndex.set(lang, index);
      }
      const [first, ...others] = usable;
      if (!first) continue;
      if (others.length > 0) notes.push(['several terms for one language', `${usable.length} ${lang} terms: imported ${JSON.stringify(first.text.trim())}, left out ${others.map((t) => JSON.stringify(t.text.trim())).join(', ')} (an entry holds one term per language)`]);
      const value = first.text;
      values.push([index + 1, asCell(value)]);
      if (lineBreak.test(value.trim())) notes.push(['a term with a line break', `the ${lang} term has a line break`]);
    }
    if (c.dropped.size > 0) {
      const fields = [...c.dropped].join(', ');
      notes.push([`${fields} not imported`, `not imported (the glossary holds translations only): ${fields}`]);
    }
    for (const [what, text] of notes) this.note(what, c.line, `concept${c.id ? ` ${JSON.stringify(c.id)}` : ''}: ${text}`);
    // (A concept left without a usable term was warned about above: it is no row.) One whose
    // terms are all empty is skipped with a warning (`teamctl help glossary-files`, "From a CAT tool").
    if (values.length === 0 && [...c.terms.values()].every((terms) => terms.every((t) => t.text.trim() === ''))) {
      this.note('a concept with no term', c.line, `concept${c.id ? ` ${JSON.stringify(c.id)}` : ''}: no term (${c.terms.size === 0 ? 'no <term>' : 'its <term> is empty'}): skipped`);
    }
    if (values.length === 0) return;
    // Exactly as long as the languages met so far: rows are most of what a big file leaves in memory.
    const cells = new Array<string>(this.languages.length + 1).fill('');
    cells[0] = c.id ?? '';
    for (const [i, v] of values) cells[i] = v;
    const row = { line: c.line, cells };
    this.check?.(row, this.file);
    this.rows.push(row);
  }

  doctype(doctype: string): void {
    // `<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">` (nearly every TBX 2008 file) names a DTD
    // that is never fetched; an internal subset is where entities are declared: refused.
    if (doctype.includes('[')) {
      throw new InputFileError([{ file: this.file, line: this.line(), message: 'a DOCTYPE with an internal subset ([…], where entities are declared) is refused in a TBX file: remove the […] part' }]);
    }
  }

  open(tagName: string, attributes: Record<string, string | undefined>): void {
    const name = local(tagName);
    if (!this.rootSeen) this.root = name;
    this.rootSeen = true;
    this.stack.push(name);
    // (Without namespace processing, every attribute is a string.)
    const attr = (key: string): string | undefined => attributes[key];
    const collect = (): Collected => ({ depth: this.stack.length, text: [] });
    const concept = this.concept;
    if (conceptElements.has(name)) {
      this.concept = { line: this.line(), id: attr('id'), terms: new Map(), dropped: new Set() };
    } else if ((name === 'langSec' || name === 'langSet') && concept) {
      this.language = (attr('xml:lang') ?? attr('lang'))?.trim() || null;
      if (this.language === null) this.problem(`<${name}> without xml:lang: add the language of its terms (xml:lang="en")`);
    } else if (name === 'concept' && concept && this.stack.at(-2) === 'conceptGrp') {
      this.idNote = { ...collect(), json: false }; // MultiTerm's concept number: named in warnings, never an entry id
    } else if (name === 'language' && concept && this.stack.at(-2) === 'languageGrp') {
      // MultiTerm: <languageGrp><language type="English" lang="EN-US"/>…
      this.language = multiTermLanguage(attr('lang'), attr('type')) ?? null;
      if (this.language === null) this.problem('<language> without a lang attribute naming a language tag: add it (lang="EN-US"), as MultiTerm writes it');
    } else if (name === 'term' && concept) {
      if (this.language) {
        this.term = { text: '', line: this.line(), status: '' };
        this.termText = [];
      } else if (this.language === undefined) this.problem("<term> outside a language's section: put it in the <langSec xml:lang=\"…\"> (<langSet>, MultiTerm's <languageGrp>) of its language");
    } else if (name === 'termNote' || name === 'descrip' || name === 'note' || name === 'admin') {
      this.openNote(attr('type') ?? name, collect);
    } else if (tagName.includes(':') && concept) {
      // TBX v3 DCT style: a data category is an element of its module's namespace
      // (<basic:administrativeStatus>, <min:definition>), the same category as DCA's
      // <termNote type="administrativeStatus">: the same status, the same warnings.
      if (statusCategory.test(name)) this.statusNote = collect();
      else if (!dctAdministrative.test(name)) concept.dropped.add(name);
    } else if (name === 'sourceDesc') {
      // The header's source (TBX and TBX 2008 alike): where teamctl's export says it is one.
      this.headerText ??= collect();
    }
  }

  /** A note-like element (termNote, descrip, note, admin) of type `type`: a status, an id, an exact term, or dropped. */
  private openNote(type: string, collect: () => Collected): void {
    const { concept, language } = this;
    if (statusCategory.test(type)) this.statusNote = collect();
    else if ((type === teamctlEntryIdType || type === teamctlEntryIdJsonType) && concept && language === undefined) this.idNote = { ...collect(), json: type === teamctlEntryIdJsonType };
    else if (type === teamctlTermJsonType && this.exportedByTeamctl && concept && language && concept.terms.has(language)) this.exactNote = collect();
    else if (concept) concept.dropped.add(type);
  }

  text(t: string): void {
    this.termText?.push(t);
    this.statusNote?.text.push(t);
    this.idNote?.text.push(t);
    this.exactNote?.text.push(t);
    this.headerText?.text.push(t);
  }

  cdata(t: string): void {
    this.termText?.push(t);
  }

  close(tagName: string): void {
    const name = local(tagName);
    this.stack.pop();
    const depth = this.stack.length + 1; // of the element that closes
    const { concept, language } = this;
    if (name === 'term' && this.term && this.termText && concept && language) {
      this.term.text = detached(this.termText.join(''));
      const list = concept.terms.get(language) ?? [];
      list.push(this.term);
      concept.terms.set(language, list);
      this.termText = undefined;
    } else if (this.idNote?.depth === depth && concept) {
      const text = this.idNote.text.join('').trim();
      const id = this.idNote.json ? jsonString(text) : text;
      if (id === undefined) this.problem(`<admin type="${teamctlEntryIdJsonType}"> is not a JSON string`);
      concept.id = id === undefined ? undefined : detached(id);
      this.idNote = undefined;
    } else if (this.exactNote?.depth === depth && concept && language) {
      // The exact term teamctl wrote, in place of the visible one (which lacks what XML cannot hold).
      const exact = jsonString(this.exactNote.text.join(''));
      const last = concept.terms.get(language)?.at(-1);
      if (exact === undefined) this.problem(`<admin type="${teamctlTermJsonType}"> is not a JSON string`);
      else if (last) last.text = exact;
      this.exactNote = undefined;
    } else if (this.statusNote?.depth === depth) {
      // A status belongs to the last term of its termSec/tig (TBX puts it after the term).
      const list = concept && language ? concept.terms.get(language) : undefined;
      const last = list?.[list.length - 1];
      if (last) last.status = this.statusNote.text.join('').trim();
      this.statusNote = undefined;
    } else if (name === 'langSec' || name === 'langSet' || name === 'languageGrp') {
      this.language = undefined;
    } else if (conceptElements.has(name) && concept) {
      this.conceptRow(concept);
      this.concept = undefined;
    } else if (this.headerText?.depth === depth) {
      if (this.headerText.text.join('').includes(teamctlTbxMarker)) this.exportedByTeamctl = true;
      this.headerText = undefined;
    }
  }

  /** The parser's error, in teamctl's words, on its line; `head` the first characters it was given. */
  notXml(err: Error, head: string): InputFileError {
    // UTF-16 without a byte order mark shows in the first characters, before any element.
    if (!this.rootSeen && utf16WithoutMark.test(head)) return new InputFileError([{ file: this.file, line: 1, message: utf16Problem }]);
    // The parser's messages: `12:4: unexpected close tag.` (a file name first only when it is given one).
    const message = err.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    // Nothing of XML before the error: a file named .tbx or .xml that is something else.
    const hint = this.rootSeen ? '' : ` — a .tbx or .xml file is read as XML (${xmlLayouts.map((l) => l.name).join(', ')}): a CSV file needs a name like .csv`;
    return new InputFileError([{ file: this.file, line: this.line(), message: `not well-formed XML: ${message}${hint}` }]);
  }

  /** The rows and warnings of the whole file, once the parser has closed. */
  result(): { rows: DelimitedFile; warnings: FileProblem[]; leftOut: LeftOutTerm[] } {
    const { file, languages, rows, warnings } = this;
    if (this.problems.length > 0) throw new InputFileError(this.problems.slice(0, InputFileError.maxListed), this.problems.length);
    for (const [what, { more, line }] of this.kinds) {
      if (more > 0) warnings.push({ file, line, message: `and ${more.toLocaleString('en-US')} more ${more === 1 ? 'concept' : 'concepts'} like those above (${what}), from this line on` });
    }
    warnings.push(...this.statuses.warnings(file));
    // (teamctl's export of an empty glossary is an empty import, as its CSV export is.)
    if (!this.conceptSeen && !this.exportedByTeamctl) {
      // The root names the layout; a root of none (a TMX or XLIFF file) is named, with what is read.
      const layout = xmlLayoutOf(this.root);
      const expected = (layout === undefined ? xmlLayouts : [layout]).map((l) => `${l.example} (${l.name})`).join(' or ');
      const what = layout === undefined ? `the root element <${this.root}> is none of the layouts teamctl reads: ` : `in this ${layout.name} file: `;
      throw new InputFileError([{ file, line: 1, message: `no concept found: ${what}expected ${expected}` }]);
    }
    // Every row gets a cell per language, in place; its id cell only in a file teamctl exported.
    for (const { cells } of rows) {
      cells[0] = this.exportedByTeamctl ? asCell(cells[0] ?? '') : '';
      while (cells.length <= languages.length) cells.push('');
    }
    return { rows: { file, delimiter: ',', rows: [{ line: 1, cells: ['id', ...languages] }, ...rows] }, warnings, leftOut: this.statuses.leftOutTerms() };
  }
}
