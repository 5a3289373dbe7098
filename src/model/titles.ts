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

/**
 * What no title or name teamctl writes may hold, by Unicode's own classes (UTS #39, Unicode TR36),
 * not a list of characters: default-ignorable code points (zero-width ones, the combining grapheme
 * joiner, tags, the Hangul fillers), direction controls, the line and paragraph separators,
 * control characters and format characters (U+FFF9's interlinear annotations, the soft hyphen).
 * The Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) are default-ignorable; they are named too
 * so that a JavaScript engine with an older Unicode table still refuses them.
 */
const hidden = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Zl}\p{Zp}\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0]/u;

/** `U+XXXX`: how a message names a character that cannot be shown. */
export const codePointName = (ch: string): string => `U+${(ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why `title` (as normalTitle gives it) cannot be a title, or undefined: the one rule for team
 * titles and every other title or name teamctl writes.
 */
export function hiddenInTitle(title: string): string | undefined {
  const found = hidden.exec(title)?.[0];
  if (found !== undefined) return `a title cannot hold an invisible, direction or control character (${codePointName(found)})`;
  if (!/[^\p{White_Space}\p{Mn}\p{Me}]/u.test(title)) return 'a title needs at least one visible character';
  return undefined;
}
