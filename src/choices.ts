// The values a flag or an argument accepts, in one place: commander's .choices(), the checks of
// config values and saved plans, and shell completion all read them here (README, "Commands").
// A leaf: it imports nothing, so the program can load it at start-up for free.

export const outputFormats = ['table', 'tsv', 'json', 'ndjson', 'csv', 'markdown'] as const;
export type OutputFormat = (typeof outputFormats)[number];

/** The team roles of the service. */
export const teamMemberRoles = ['owner', 'member'] as const;

/** The organization roles of the service (MemberRole); `guest` is its null (MemberRoleOrGuest). */
export const organizationRoles = ['admin', 'create', 'edit', 'review', 'comment', 'read'] as const;

/** `glossary import --on-conflict`: what a row does whose key term an entry has with other translations. */
export const onConflictActions = ['skip', 'update', 'insert'] as const;
export type OnConflict = (typeof onConflictActions)[number];

/** `glossary export --format`. */
export const exportFormats = ['csv', 'json', 'ndjson', 'tbx', 'deepl', 'tsv-pair'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The settings a profile stores (`config get|set|unset <key>`); the token is stored by `auth login`. */
export const configKeys = ['base-url', 'org', 'team', 'output', 'keep'] as const;
export type ConfigKey = (typeof configKeys)[number];

/** `teamctl sandbox --seed`. */
export const seedNames = ['demo', 'empty'] as const;
export type SeedName = (typeof seedNames)[number];

/** `teamctl completion <shell>`. */
export const shells = ['bash', 'zsh', 'fish'] as const;

/** The kinds of resource access is granted on (`teamctl access`): the service's spaces, collections and sites. */
export const resourceKinds = ['space', 'collection', 'site'] as const;
export type ResourceKind = (typeof resourceKinds)[number];

/** The plans the sandbox plays (`teamctl sandbox --plan`): `free` has no audit logs. */
export const sandboxPlans = ['enterprise', 'free'] as const;
