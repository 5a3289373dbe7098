// A team's title as people read it (README, "Teams by id or title"): the one fold every path that
// compares titles uses — finding a team by title, never two teams of one title, the teams a
// roster creates — so no two of them can disagree on whether two titles are the same; and the one
// rule of what a title may hold, so none can hide from the people who pick a team by it.

/**
 * The key two titles share when a person would read them as the same title: compatibility forms
 * made one (NFKC: a full-width "Ｄａｔａ" is "Data", a ligature its letters) and lower case
 * ("Platform" = "PLATFORM"; "ß" stays itself, as a person reading "STRASSE" sees no "ß").
 */
export const titleKey = (title: string): string => title.normalize('NFKC').toLocaleLowerCase('en-US');

/** A title as teamctl sends it: NFC, without the white space around it. */
export const normalTitle = (title: string): string => title.normalize('NFC').trim();

/** Characters that change how a title reads without being seen: zero-width ones and direction controls. */
const hidden = /[\u200B-\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/u;

/** Why `title` (as normalTitle gives it) cannot be a team's title, or undefined. */
export function hiddenInTitle(title: string): string | undefined {
  const found = hidden.exec(title)?.[0];
  if (found !== undefined) return `a title cannot hold an invisible or direction character (U+${(found.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')})`;
  if (!/[^\p{White_Space}\p{Cf}\p{Mn}\p{Me}]/u.test(title)) return 'a title needs at least one visible character';
  return undefined;
}
