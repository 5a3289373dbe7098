// Who a user named in a file or on the command line is, as a value (`teamctl help rosters`, "The
// roster"): an e-mail or an id, checked for its shape, its length and characters that would make a
// plan lie; and the command line's users checked like a file's rows, every problem at once. The
// files themselves are read in users.ts.
import { identifierProblem } from '../api/segment.js';
import type { FileProblem } from '../errors.js';
import { InputFileError, UsageError } from '../errors.js';
import { emailKey, type UserEntry, type UserKind } from '../model/users.js';
import { quote } from '../output/words.js';

// Pragmatic, not RFC 5322: enough to catch a name, a stray delimiter or a truncated address.
const localPart = String.raw`[^\s\p{Cc}\uFFFD@<>()[\]\\,;:"]+`;
const domainLabel = String.raw`[^\s\p{Cc}\uFFFD@<>()[\]\\,;:".]+`;
const emailShape = new RegExp(`^${localPart}@${domainLabel}(?:\\.${domainLabel})+$`, 'u');

/** Classifies a value as written (trimmed, NFC): containing `@` makes it an e-mail, otherwise an id. */
export function classifyUser(value: string): { key: string; kind: UserKind } {
  const key = value.trim().normalize('NFC');
  return { key, kind: key.includes('@') ? 'email' : 'id' };
}

/** The longest e-mail (RFC 5321's path limit) and id accepted. */
export const maxEmailLength = 254;
export const maxIdLength = 255;

// Characters that cannot be seen or that reorder what is seen: a plan showing them would lie.
const invisible = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/** Why a user value could spoof a plan (invisible, reordering or look-alike characters), or null. */
function spoofProblem(key: string): string | null {
  const hidden = invisible.exec(key);
  if (hidden) return `contains an invisible or direction character (U+${(hidden[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}) that would hide what the plan shows`;
  // Compatibility forms (fullwidth Ａ, ligatures, superscripts) look like other characters.
  if (key.normalize('NFKC') !== key) return `contains look-alike characters (such as fullwidth letters); write it as ${quote(key.normalize('NFKC'))}`;
  return null;
}

/** Why a classified user is invalid, or null when it is fine. */
export function userProblem(key: string, kind: UserKind): string | null {
  if (key === '') return 'empty user';
  const spoof = spoofProblem(key);
  if (spoof) return `invalid user ${quote(key)}: ${spoof}`;
  const max = kind === 'email' ? maxEmailLength : maxIdLength;
  if ([...key].length > max) return `invalid ${kind === 'email' ? 'e-mail address' : 'user id'} (${[...key].length} characters; at most ${max})`;
  if (kind === 'email') return emailShape.test(key) ? null : `invalid e-mail address ${quote(key)}`;
  if (/\s/u.test(key)) return `invalid user id ${quote(key)} (ids contain no spaces)`;
  // Control or replacement characters mean a binary or mis-encoded file, not an id.
  if (/[\p{Cc}\uFFFD]/u.test(key)) return `invalid user id ${quote(key)} (is the file UTF-8?)`;
  // An id becomes a URL path segment (the single-member requests): nothing may change its shape.
  const pathProblem = identifierProblem(key);
  if (pathProblem !== undefined) return `invalid user id ${quote(key)}: ${pathProblem}`;
  return null;
}

/** The identity two entries share when they name the same user: e-mails ignore case. */
export function userIdentity(user: { key: string; kind: UserKind }): string {
  return user.kind === 'email' ? `email:${emailKey(user.key)}` : `id:${user.key.trim()}`;
}

/**
 * Why a command-line user is invalid, or null when it is fine: the words a file's user gets,
 * which name the value; the caller names the argument's position.
 */
function argumentProblem(value: string): string | null {
  const { key, kind } = classifyUser(value);
  return userProblem(key, kind);
}

/** A user given as a command-line argument (`members add|remove`, `sync --add|--remove`). */
export function parseUserArgument(value: string): UserEntry {
  const problem = argumentProblem(value);
  if (problem) throw new UsageError(problem);
  const { key, kind } = classifyUser(value);
  return { key, kind, line: 0 };
}

/**
 * Users given as command-line arguments, without throwing: every invalid one becomes a problem
 * whose `file` is `source` (`arguments`, `--add`, `--remove`) and whose `line` is the
 * argument's 1-based position, so the caller reports them with any file problems at once.
 */
export function parseUserArguments(values: readonly string[], source: string): { users: UserEntry[]; problems: FileProblem[] } {
  const users: UserEntry[] = [];
  const problems: FileProblem[] = [];
  values.forEach((value, i) => {
    const problem = argumentProblem(value);
    if (problem) problems.push({ file: source, line: i + 1, message: problem });
    else users.push(parseUserArgument(value));
  });
  return { users, problems };
}

/** Throws one InputFileError listing `problems` (up to 50, counting `total`); nothing when empty. */
export function throwProblems(problems: readonly FileProblem[], total: number = problems.length): void {
  if (total > 0) throw new InputFileError(problems.slice(0, InputFileError.maxListed), total);
}
