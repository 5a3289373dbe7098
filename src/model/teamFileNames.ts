// A team's roster file in a roster folder (`teamctl help rosters`, "A folder of team rosters"):
// `members list --write-folder` names each file by its team's title made safe for every file
// system, and the roster folder's reader finds the team again from that name. A title that is a
// safe name of its own, and no other team's in any case or form, is the name; otherwise the name
// is the safe title and the team's id, `R&D_Ops (iA5mN7ShRJNWdaEvKjZx)`, which names the team by
// its id.

/** A team as naming needs it. */
interface Titled {
  id: string;
  title: string;
}

/**
 * The name two file names share when a file system may take them for one: composed (NFC) and in
 * lower case, as macOS and Windows compare names (`eng.csv` and `ENG.csv`, `é` in either form).
 */
export const fileNameKey = (name: string): string => name.normalize('NFC').toLowerCase();

// What Windows, macOS or Linux refuse in a name, and what cannot name a team (`/ \ ? #`, controls).
// eslint-disable-next-line no-control-regex
const reserved = /[<>:"/\\|?*#\u0000-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;
// Names Windows keeps for devices, with or without an extension.
const windowsNames = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?:\..*)?$/i;
/** The most UTF-8 bytes of a name before its id and extension (file systems allow 255). */
export const maxNameBytes = 180;

/** `title` as a file name every file system takes: reserved characters as `_`, no trailing dot or space, no leading dot, no device name, at most maxNameBytes. */
export function safeFileName(title: string): string {
  let name = title.normalize('NFC').trim().replace(reserved, '_');
  let bytes = 0;
  name = [...name].filter((ch) => (bytes += Buffer.byteLength(ch)) <= maxNameBytes).join('');
  name = name.replace(/[. ]+$/, '').replace(/^\./, '_');
  if (windowsNames.test(name)) name = `${name}_`;
  return name === '' ? '_' : name;
}

/** The name of a file that names its team by id as well: `<safe title> (<id>)`. */
const withId = (team: Titled): string => `${safeFileName(team.title)} (${team.id})`;

/**
 * Each team's file name (without extension), by team id: its title when the title is a safe name
 * and no other team's title gives the same name in any case or form; else the safe title and the id.
 */
export function teamFileNames(teams: readonly Titled[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const team of teams) count.set(fileNameKey(safeFileName(team.title)), (count.get(fileNameKey(safeFileName(team.title))) ?? 0) + 1);
  return new Map(teams.map((team) => [team.id, safeFileName(team.title) === team.title && count.get(fileNameKey(team.title)) === 1 ? team.title : withId(team)]));
}

/** The team a name `<safe title> (<id>)` names: the team of that id, when the title is its safe title (in any case). */
export function teamOfSuffixedName<T extends Titled>(name: string, teams: readonly T[], fold: (s: string) => string): T | undefined {
  const parts = /^(.*) \(([^()]+)\)$/.exec(name);
  if (parts === null) return undefined;
  const team = teams.find((t) => t.id === parts[2]);
  return team !== undefined && fold(safeFileName(team.title)) === fold(parts[1] as string) ? team : undefined;
}
