// A team's title as people read it (README, "Teams by id or title"): the one fold every path that
// compares titles uses — finding a team by title, never two teams of one title, the teams a
// roster creates — so no two of them can disagree on whether two titles are the same.

/** The key two titles share when a person would read them as the same title ("Platform" = "PLATFORM"). */
export const titleKey = (title: string): string => title.normalize('NFC').toLocaleLowerCase('en-US');
