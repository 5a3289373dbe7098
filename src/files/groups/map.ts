// The group map of a directory sync (`teamctl help directory`, "The group map"): a small CSV,
// `group,team,role`, saying which team each identity provider group feeds and with which role.
// A header is required (any case; `role` may be left out: member). The group cell is a group's
// name, a `*` pattern (`eng-*`: the team cell's `*` is what the group's `*` matched) or a regular
// expression between slashes (`/^eng-(.+)$/`: `$1` in the team cell). Group names compare
// case-insensitively, as identity providers compare them; an expression matches the whole name.
// Every problem names the map's file and line (exit 2, nothing sent).
import type { TeamMemberRole } from '../../api/types.js';
import { InputFileError, type FileProblem } from '../../errors.js';
import { normalTitle, titleKey } from '../../model/titles.js';
import { quote } from '../../output/words.js';
import { parseDelimited } from '../csv.js';
import { readTextFile } from '../textFile.js';
import { parseRole, throwProblems } from '../users.js';

/** How a row's group cell matches group names. */
export type GroupPatternKind = 'name' | 'glob' | 'expression';

/** One row of the map, checked. */
export interface GroupMapRow {
  /** The map's line. */
  line: number;
  /** The group cell as written (trimmed). */
  group: string;
  kind: GroupPatternKind;
  /** The whole-name, case-insensitive expression the group cell stands for. */
  pattern: RegExp;
  /** The team cell as written (trimmed): an id or a title, with `*` or `$1`… to fill in. */
  team: string;
  role: TeamMemberRole;
}

export interface GroupMap {
  file: string;
  rows: GroupMapRow[];
}

/** The largest group map read (`teamctl help directory`): a map is a few hundred rows at most. */
export const maxGroupMapBytes = 1024 * 1024;

/** The columns a map has: `group` and `team` required, `role` optional. */
const columns = ['group', 'team', 'role'] as const;

/** Reads and checks a group map: every problem of the file at once (exit 2, nothing sent). */
export async function readGroupMap(file: string, cwd: string): Promise<GroupMap> {
  const text = await readTextFile(file, cwd, { maxBytes: maxGroupMapBytes, what: 'the group map', regularOnly: true });
  return parseGroupMap(text, file);
}

/** The map of a file's text (pure; readGroupMap reads the file). */
export function parseGroupMap(text: string, file: string): GroupMap {
  const { rows } = parseDelimited(text, file);
  const [head, ...body] = rows;
  if (head === undefined) throw new InputFileError([{ file, line: 0, message: 'the group map is empty: it needs a header line "group,team,role" and a row per group (or pattern)' }]);
  const index = headerIndex(head.cells, file, head.line);
  const problems: FileProblem[] = [];
  const map: GroupMapRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of body) {
    const cell = (name: (typeof columns)[number]): string => {
      const at = index.get(name);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    const problem = (message: string): void => void problems.push({ file, line, message });
    if (cells.length > index.size && cells.slice(index.size).some((c) => c.trim() !== '')) problem(`${cells.length} cells, and the header has ${index.size}`);
    const group = cell('group').normalize('NFC');
    const team = normalTitle(cell('team'));
    const role = parseRole(cell('role'));
    if (role === null) problem(`role ${quote(cell('role'))} is neither owner nor member (an empty cell is member)`);
    if (group === '') problem('the group cell is empty: name a group, a pattern (eng-*) or an expression (/^eng-(.+)$/)');
    if (team === '') problem('the team cell is empty: name the team (its id or title) this group feeds');
    if (group === '' || team === '' || role === null) continue;
    const pattern = groupPattern(group, team);
    if ('problem' in pattern) {
      problem(pattern.problem);
      continue;
    }
    const key = `${group.toLocaleLowerCase('en-US')}\u0000${titleKey(team)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problem(`group ${quote(group)} → team ${quote(team)} is already mapped on line ${earlier}: one row per group and team`);
      continue;
    }
    seen.set(key, line);
    map.push({ line, group, kind: pattern.kind, pattern: pattern.pattern, team, role });
  }
  throwProblems(problems);
  if (map.length === 0) throw new InputFileError([{ file, line: head.line, message: 'the group map maps no group: add a row per group (or pattern) under its header' }]);
  return { file, rows: map };
}

/** The header's columns by name (any case), refused when it is not a map's header. */
function headerIndex(cells: readonly string[], file: string, line: number): Map<(typeof columns)[number], number> {
  const index = new Map<(typeof columns)[number], number>();
  const problems: string[] = [];
  cells.forEach((raw, at) => {
    const name = raw.trim().toLowerCase();
    const known = columns.find((c) => c === name);
    if (known === undefined) problems.push(`${quote(raw.trim())} is no column of a group map`);
    else if (index.has(known)) problems.push(`the column ${quote(known)} is there twice`);
    else index.set(known, at);
  });
  if (!index.has('group') || !index.has('team')) problems.unshift('the header needs the columns "group" and "team" ("role" too, or everyone is a member)');
  if (problems.length > 0) throw new InputFileError([{ file, line, message: `${problems.join('; ')}: a group map starts with the header line "group,team,role"` }]);
  return index;
}

/** Characters a regular expression gives a meaning to. */
const special = /[.*+?^${}()|[\]\\/]/g;
const escape = (text: string): string => text.replace(special, '\\$&');

/**
 * A group in parentheses that holds a repetition and is itself repeated (`(a+)+`, `(\w*,?)*`),
 * the shape whose backtracking grows exponentially with the name's length; undefined when none.
 * A map comes from outside, and one expression is tried on every group of the export.
 */
export function repeatedRepeat(source: string): string | undefined {
  const open: { at: number; repeats: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') open.push({ at: i, repeats: false });
    else if (c === '*' || c === '+' || (c === '{' && /^\{\d+,\d*\}/.test(source.slice(i)))) {
      const inner = open.at(-1);
      if (inner !== undefined) inner.repeats = true;
    } else if (c === ')') {
      const group = open.pop();
      if (group === undefined) continue;
      const quantifier = /^(?:[*+]|\{\d+,\d*\})/.exec(source.slice(i + 1))?.[0];
      if (group.repeats && quantifier !== undefined) return source.slice(group.at, i + 1 + quantifier.length);
      // A repetition inside makes the enclosing group repeat too.
      const outer = open.at(-1);
      if (group.repeats && outer !== undefined) outer.repeats = true;
    }
  }
  return undefined;
}

/** The expression of a group cell, or why it cannot be one (the team cell checked against it). */
function groupPattern(group: string, team: string): { kind: GroupPatternKind; pattern: RegExp } | { problem: string } {
  if (group.length > 2 && group.startsWith('/') && group.endsWith('/')) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(`^(?:${group.slice(1, -1)})$`, 'iu');
    } catch (err) {
      return { problem: `${quote(group)} is not a valid regular expression: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}` };
    }
    const repeated = repeatedRepeat(group.slice(1, -1));
    if (repeated !== undefined) return { problem: `${quote(group)} repeats ${quote(repeated)}, which repeats itself: such an expression can take minutes on one long name; write it without the outer repetition` };
    const captures = (new RegExp(`${pattern.source}|`, 'u').exec('')?.length ?? 1) - 1;
    const used = [...team.matchAll(/\$(\d)/g)].map((m) => Number(m[1]));
    const missing = used.find((n) => n === 0 || n > captures);
    if (missing !== undefined) return { problem: `the team cell uses $${missing}, and ${quote(group)} has ${captures === 0 ? 'no group in parentheses' : `only $1${captures > 1 ? `…$${captures}` : ''}`}` };
    if (team.includes('*')) return { problem: `the team cell's * takes what a * pattern matched, and ${quote(group)} is a regular expression: use $1` };
    return { kind: 'expression', pattern };
  }
  const stars = group.split('*').length - 1;
  if (stars > 1) return { problem: `${quote(group)} has ${stars} *: a pattern has one (eng-*), or write a regular expression between slashes (/^eng-(.+)-(.+)$/)` };
  if (stars === 0) {
    if (team.includes('*')) return { problem: `the team cell has a *, which takes what the group's * matched, and ${quote(group)} has none` };
    return { kind: 'name', pattern: new RegExp(`^${escape(group)}$`, 'iu') };
  }
  const [prefix = '', suffix = ''] = group.split('*');
  if (prefix === '' && suffix === '') return { problem: 'the group cell * alone would map every group: name a prefix or a suffix (eng-*)' };
  return { kind: 'glob', pattern: new RegExp(`^${escape(prefix)}(.+)${escape(suffix)}$`, 'iu') };
}

/**
 * The team a row maps `group` to, or undefined when the row does not match it: the team cell with
 * its `*` (or `$1`…) filled in from the group's name as the export writes it, trimmed; '' when
 * what it matched leaves no team name (the caller says so).
 */
export function teamOfGroup(row: GroupMapRow, group: string): string | undefined {
  const match = row.pattern.exec(group.normalize('NFC').trim());
  if (match === null) return undefined;
  if (row.kind === 'glob') return normalTitle(row.team.replaceAll('*', match[1] ?? ''));
  if (row.kind === 'expression') return normalTitle(row.team.replace(/\$(\d)/g, (_, n: string) => match[Number(n)] ?? ''));
  return row.team;
}
