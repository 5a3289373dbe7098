// One term-status rule for every glossary layout (`teamctl help glossary-files`, "Glossary file layouts", "Term status"),
// with TBX's as the reference: a term marked forbidden, deprecated, obsolete or superseded is left
// out of its language only (the rest of its row or concept is read; a row left with no term is
// dropped); preferred and admitted terms are read; a value teamctl does not know keeps the term,
// with a warning. One warning counts each kind. TBX and MultiTerm (xml.ts), Crowdin's
// `Status [lang]`, Phrase's `status`, Lokalise's `forbidden` and a plain `status` or `forbidden`
// column (rows.ts) all go through statusOf / flagOf and a StatusTally.
//
// Decisions where the contract is silent:
// - Values compare in any case, without TBX's `-admn-sts` suffix, a trailing `Term`, spaces,
//   `_` and `-`: `deprecatedTerm-admn-sts`, `Deprecated`, `deprecated term` are one value.
// - `rejected` counts as forbidden, `not recommended` (Crowdin, ISO 12620's notRecommended) as
//   deprecated: both say "do not use this term".
// - Read: preferred, admitted, standardized, legal, regulated (TBX's normativeAuthorization),
//   approved and new (Phrase TMS), and an empty cell.
// - A boolean column (`forbidden`): true, 1, yes, x say forbidden; false, 0, no and empty do not.
import type { FileProblem } from '../../errors.js';
import { quote, shorten } from '../../output/words.js';

/** The kinds of status that leave a term out, as warnings name them. */
export type LeftOut = 'forbidden' | 'deprecated' | 'obsolete' | 'superseded';

/** What a status says of its term: left out (and why), read, or not known (read, warned). */
export type Verdict = { kind: 'left-out'; why: LeftOut } | { kind: 'read' } | { kind: 'unknown' };

const leftOut: Readonly<Record<string, LeftOut>> = {
  forbidden: 'forbidden',
  rejected: 'forbidden',
  deprecated: 'deprecated',
  notrecommended: 'deprecated',
  obsolete: 'obsolete',
  superseded: 'superseded',
};

const read = new Set(['', 'preferred', 'admitted', 'standardized', 'legal', 'regulated', 'approved', 'new']);

/** A status value as compared: `deprecatedTerm-admn-sts` → `deprecated`, `Not recommended` → `notrecommended`. */
const squashStatus = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/-admn-sts$/, '')
    .replace(/[\s_-]+/g, '')
    .replace(/(.)term$/, '$1');

/** What a status value (TBX's, Crowdin's, Phrase's, a plain `status` column's) says of its term. */
export function statusOf(value: string): Verdict {
  const squashed = squashStatus(value);
  const why = leftOut[squashed];
  if (why !== undefined) return { kind: 'left-out', why };
  return read.has(squashed) ? { kind: 'read' } : { kind: 'unknown' };
}

const yes = new Set(['true', '1', 'yes', 'x']);
const no = new Set(['false', '0', 'no', '']);

/** Whether a boolean cell (`forbidden`, `translatable`) says yes. */
export function isYes(value: string): boolean {
  return yes.has(value.trim().toLowerCase());
}

/** What a boolean `forbidden` cell says of its term. */
export function flagOf(value: string): Verdict {
  const v = value.trim().toLowerCase();
  if (yes.has(v)) return { kind: 'left-out', why: 'forbidden' };
  return no.has(v) ? { kind: 'read' } : { kind: 'unknown' };
}

/** A term a status left out of its language: where, which language, which term, why. */
export interface LeftOutTerm {
  line: number;
  language: string;
  term: string;
  why: LeftOut;
}

/** One term a status named: where, which language, which term (empty when the cell was empty). */
interface Seen {
  line: number;
  language: string;
  term: string;
  value: string;
}

/** How many terms a warning names before it only counts. */
const named = 5;

/** The terms each status kind left out (and those with unknown values), for one warning per kind. */
export class StatusTally {
  private readonly byKind = new Map<LeftOut | 'unknown', Seen[]>();

  /** Counts a term `verdict` left out, or whose status is unknown; nothing for a term read. */
  record(verdict: Verdict, seen: Seen): void {
    if (verdict.kind === 'read') return;
    const kind = verdict.kind === 'unknown' ? 'unknown' : verdict.why;
    const list = this.byKind.get(kind) ?? [];
    list.push(seen);
    this.byKind.set(kind, list);
  }

  /** The terms a status left out, in the order met (`teamctl glossary lint` looks for them among the translations). */
  leftOutTerms(): LeftOutTerm[] {
    return [...this.byKind].flatMap(([why, list]) => (why === 'unknown' ? [] : list.map((s) => ({ line: s.line, language: s.language, term: s.term, why })))).sort((a, b) => a.line - b.line);
  }

  /** How many terms were left out. */
  get leftOut(): number {
    return [...this.byKind].reduce((n, [kind, list]) => (kind === 'unknown' ? n : n + list.length), 0);
  }

  /** One warning per kind, on the line of its first term, naming the first few terms. */
  warnings(file: string): FileProblem[] {
    const out: FileProblem[] = [];
    for (const kind of ['forbidden', 'deprecated', 'obsolete', 'superseded', 'unknown'] as const) {
      const list = this.byKind.get(kind);
      if (!list || list.length === 0) continue;
      const first = list[0] as Seen;
      const terms = list.slice(0, named).map((s) => `${s.language} ${quote(shorten(s.term, 41))} (line ${s.line}${kind === 'unknown' ? `, ${quote(shorten(s.value, 41))}` : ''})`);
      const more = list.length > named ? `, and ${list.length - named} more` : '';
      const count = `${list.length} ${list.length === 1 ? 'term' : 'terms'}`;
      const message =
        kind === 'unknown'
          ? `${count} with a status teamctl does not know kept (known: preferred, admitted, forbidden, deprecated, obsolete, superseded): ${terms.join(', ')}${more}`
          : `${count} marked ${kind} left out of ${list.length === 1 ? 'its language' : 'their languages'}: ${terms.join(', ')}${more}`;
      out.push({ file, line: first.line, message });
    }
    return out;
  }
}
