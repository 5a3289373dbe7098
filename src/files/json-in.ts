// teamctl's own JSON and NDJSON read back (README, "The glossary"; `teamctl help rosters`, "The roster"): the glossary's
// `export --format json|ndjson` and `members list --json` / `-o ndjson`, recognised by their
// content (a first character `[` or `{`), never by their name. Each item becomes a row of the
// delimited readers' shape, on the line where the item starts, so every check of a CSV file
// applies to it unchanged (rows.ts, users.ts).
import type { FileProblem } from '../errors.js';
import { InputFileError } from '../errors.js';
import type { DelimitedFile, DelimitedRow } from './csv.js';
import { escapedCell } from './cells.js';
import { normaliseCell } from '../model/entries.js';
import { quote } from '../output/words.js';

/** Whether a file's text is JSON or NDJSON: its first character, after a byte order mark and blanks. */
export function looksLikeJson(text: string): boolean {
  return /^\uFEFF?\s*[[{]/.test(text);
}

/** One item of a JSON array or an NDJSON file, with the line it starts on. */
interface Item {
  line: number;
  value: unknown;
}

/**
 * The lines on which the elements of a top-level JSON array (or the members of an object) start,
 * for the text JSON.parse has accepted: a scan that knows strings and nesting, and stops where
 * that first value ends, or once it has found `most` + 1 elements (a count bounded before the
 * text is parsed).
 */
function elementLines(text: string, most = Infinity): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expecting = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') continue;
    if (depth === 1 && expecting) {
      lines.push(line);
      expecting = false;
      if (lines.length > most) break;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expecting = true;
    } else if (c === ']' || c === '}') {
      if (--depth === 0) break;
    } else if (c === ',' && depth === 1) expecting = true;
  }
  return lines;
}

/**
 * A bound on the items of one file (a glossary file's entries): `items` at most, and the refusal
 * of the first item past them, on its line. Checked before the text is parsed, so a file of a
 * million small items is refused without holding them.
 */
export interface ItemBound {
  items: number;
  past: (line: number) => Error;
}

/** Refuses a top-level array, or one object, of more than `bound.items` elements (keys). */
function boundElements(body: string, bound: ItemBound | undefined): number[] | undefined {
  if (bound === undefined) return undefined;
  const lines = elementLines(body, bound.items);
  const past = lines[bound.items];
  if (past !== undefined) throw bound.past(past);
  return lines;
}

/**
 * JSON.parse's reason, without the text it quotes (which may be long and hold anything), control
 * characters escaped: `Unexpected token ']'`.
 */
function reason(err: Error): string {
  // A long text is quoted from its middle: `Unexpected token ']', ..."3},\n]" is not valid JSON`.
  const text = err.message.split(/, (?:\.\.\.)?"|\s+in JSON at|\s+at position/)[0] ?? err.message;
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}

/**
 * The line of a JSON array's error: the position JSON.parse names, else the first line that is
 * not valid JSON alone (an export writes an element per line), else line 1.
 */
function lineOfError(text: string, err: Error): number {
  const at = /position (\d+)/.exec(err.message)?.[1];
  if (at !== undefined) return text.slice(0, Number(at)).split('\n').length;
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim().replace(/,$/, '');
    if (line === '' || line === '[' || line === ']') continue;
    try {
      JSON.parse(line);
    } catch {
      return i + 1;
    }
  }
  return 1;
}

/**
 * The keys an object of `text` (JSON that JSON.parse has accepted) holds twice, with their lines
 * (`firstLine` is the line `text` starts on): JSON.parse keeps the last silently, which would
 * drop a translation without a word (`teamctl help glossary-files`, "Glossary file layouts").
 */
export function duplicateKeys(text: string, firstLine = 1): { line: number; key: string }[] {
  const found: { line: number; key: string }[] = [];
  // One entry per open object or array: an object's keys so far (undefined for an array).
  const open: (Set<string> | undefined)[] = [];
  let line = firstLine;
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      const keys = open.at(-1);
      if (expectingKey && keys !== undefined) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        if (keys.has(key)) found.push({ line, key });
        keys.add(key);
      }
      expectingKey = false;
    } else if (c === '{') {
      open.push(new Set());
      expectingKey = true;
    } else if (c === '[') open.push(undefined);
    else if (c === '}' || c === ']') open.pop();
    else if (c === ',') expectingKey = open.at(-1) !== undefined;
  }
  return found;
}

const duplicateProblem = (file: string, d: { line: number; key: string }): FileProblem => ({
  file,
  line: d.line,
  message: `the key ${JSON.stringify(d.key)} is twice in one object: remove one (JSON keeps only the last, so the other would be lost)`,
});

/**
 * The items of a JSON array, one JSON object, or NDJSON (an object per line); problems located on
 * their lines. `bound`: the most items, refused before they are parsed.
 */
export function jsonItems(text: string, file: string, bound?: ItemBound): Item[] {
  const body = text.replace(/^\uFEFF/, '');
  const start = body.trimStart()[0];
  if (start === '[') {
    const counted = boundElements(body, bound);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (err) {
      throw new InputFileError([{ file, line: lineOfError(body, err as Error), message: `not valid JSON: ${reason(err as Error)}` }]);
    }
    const twice = duplicateKeys(body);
    if (twice.length > 0) throw new InputFileError(twice.slice(0, InputFileError.maxListed).map((d) => duplicateProblem(file, d)), twice.length);
    const lines = counted ?? elementLines(body);
    return (parsed as unknown[]).map((value, i) => ({ line: lines[i] ?? 1, value }));
  }
  // One JSON object, on one line or many: one item.
  const whole = parsedObject(body);
  if (whole !== undefined) return [{ line: body.slice(0, body.length - body.trimStart().length).split('\n').length, value: whole }];
  // NDJSON: one document per line.
  const items: Item[] = [];
  const problems: FileProblem[] = [];
  // Every problem counts; the first ones are listed.
  let total = 0;
  const problem = (p: FileProblem): void => {
    if (total++ < InputFileError.maxListed) problems.push(p);
  };
  let lines = 0;
  body.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    if (bound !== undefined && ++lines > bound.items) throw bound.past(i + 1);
    try {
      items.push({ line: i + 1, value: JSON.parse(raw) });
      for (const d of duplicateKeys(raw, i + 1)) problem(duplicateProblem(file, d));
    } catch (err) {
      problem({ file, line: i + 1, message: `not valid JSON (NDJSON holds one JSON object per line): ${reason(err as Error)}` });
    }
  });
  if (problems.length > 0) throw new InputFileError(problems, total);
  return items;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The whole text as one JSON object, or undefined when it is none (NDJSON, an array, broken). */
function parsedObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A plain JSON map of `term: translation` pairs (`{"bank": "Bank"}`, as many tools and scripts
 * write a glossary; `teamctl help glossary-files`, "Glossary file layouts"): its pairs, each on the line its key is
 * on, or undefined when the text is no such map (teamctl's own export has `translations`).
 */
export function termMap(text: string, bound?: ItemBound): { line: number; term: string; translation: string }[] | undefined {
  const body = text.replace(/^\uFEFF/, '');
  // (An array is no map: it is not parsed here.)
  if (body.trimStart()[0] !== '{') return undefined;
  boundElements(body, bound);
  const value = parsedObject(body);
  if (value === undefined || isObject(value.translations)) return undefined;
  const pairs = Object.entries(value);
  if (pairs.length === 0 || !pairs.every(([, v]) => typeof v === 'string')) return undefined;
  const lines = elementLines(body);
  return pairs.map(([term, translation], i) => ({ line: lines[i] ?? 1, term, translation: translation as string }));
}

/**
 * A term map's pairs as rows of two languages: `--languages src,tgt` names them; without it the
 * map is refused saying so (the flag then reads it).
 */
export function termMapRows(pairs: NonNullable<ReturnType<typeof termMap>>, file: string, languages: readonly string[] | undefined): DelimitedFile {
  if (languages === undefined || languages.length !== 2) {
    const said = languages === undefined ? '' : ` (--languages names ${languages.length})`;
    throw new InputFileError([{ file, line: 1, message: `a JSON object of term: translation pairs names no languages${said}: name the terms' language and the translations', --languages en,de` }]);
  }
  const rows: DelimitedRow[] = pairs.map(({ line, term, translation }) => ({ line, cells: ['', asCell(term), asCell(translation)] }));
  return { file, delimiter: ',', rows: [{ line: 1, cells: ['id', ...languages] }, ...rows] };
}

/** A value as a cell the readers read back as it (readCell): an export's apostrophe added where needed. */
const asCell = (value: string): string => (escapedCell.test(normaliseCell(value)) ? `'${normaliseCell(value)}` : value);

/**
 * A glossary export's entries (`{"id","translations":{…},…}`) as rows: `id`, then a column per
 * language key in the order met. An item of another shape is a problem of its line.
 */
export function glossaryJsonRows(text: string, file: string, bound?: ItemBound): DelimitedFile {
  const items = jsonItems(text, file, bound);
  const problems: FileProblem[] = [];
  const languages: string[] = [];
  const index = new Map<string, number>();
  const rows: DelimitedRow[] = [];
  for (const { line, value } of items) {
    const translations = isObject(value) ? value.translations : undefined;
    if (!isObject(value) || !isObject(translations)) {
      problems.push({ file, line, message: 'not a glossary entry: expected an object with "translations" (as glossary export --format json writes)' });
      continue;
    }
    const id = value.id;
    if (id !== undefined && typeof id !== 'string') problems.push({ file, line, message: `"id" is ${quote(JSON.stringify(id))}, not a string` });
    const cells: string[] = [typeof id === 'string' ? asCell(id) : ''];
    for (const [language, term] of Object.entries(translations)) {
      if (typeof term !== 'string') {
        problems.push({ file, line, message: `the ${quote(language)} translation is ${quote(JSON.stringify(term) ?? String(term))}, not a string` });
        continue;
      }
      let at = index.get(language);
      if (at === undefined) {
        at = languages.push(language);
        index.set(language, at);
      }
      cells[at] = asCell(term);
    }
    rows.push({ line, cells });
  }
  if (problems.length > 0) throw new InputFileError(problems.slice(0, InputFileError.maxListed), problems.length);
  for (const row of rows) for (let i = 0; i <= languages.length; i++) row.cells[i] ??= '';
  return { file, delimiter: ',', rows: [{ line: 1, cells: ['id', ...languages] }, ...rows] };
}

/**
 * `members list --json` / `-o ndjson` items (`{"organization":{"user":{…}},"team":{"role"}}`, with
 * `teamId` when several teams were listed) as a roster's rows: `id,email,role` and `team` when
 * the items name their teams (an organization roster). An item of another shape is a problem of its line.
 */
export function memberJsonRows(text: string, file: string): DelimitedFile & { problems: FileProblem[] } {
  const items = jsonItems(text, file);
  const problems: FileProblem[] = [];
  const withTeams = items.some(({ value }) => isObject(value) && typeof value.teamId === 'string');
  const rows: DelimitedRow[] = [];
  for (const { line, value } of items) {
    const organization = isObject(value) ? value.organization : undefined;
    const user = isObject(organization) ? organization.user : undefined;
    const team = isObject(value) ? value.team : undefined;
    if (!isObject(value) || !isObject(organization) || !isObject(team)) {
      problems.push({ file, line, message: 'not a team member: expected an object with "organization" and "team" (as members list --json writes)' });
      continue;
    }
    const text = (v: unknown): string => (typeof v === 'string' ? v : '');
    const id = isObject(user) && typeof user.id === 'string' ? user.id : text(organization.id);
    // The organization role as the service gives it (null: a guest), read only with --org-roles.
    const orgRole = organization.role === null ? 'guest' : text(organization.role);
    const cells = [id, isObject(user) ? text(user.email) : '', text(team.role), orgRole];
    // (An item without its team among items with theirs is an empty team cell, refused on its line.)
    if (withTeams) cells.push(text(value.teamId));
    rows.push({ line, cells });
  }
  const header = withTeams ? ['id', 'email', 'role', 'orgRole', 'team'] : ['id', 'email', 'role', 'orgRole'];
  // (A file of no items is an empty roster, which the callers refuse as any empty roster.)
  return { file, delimiter: ',', rows: items.length === 0 ? [] : [{ line: 0, cells: header }, ...rows], problems };
}
