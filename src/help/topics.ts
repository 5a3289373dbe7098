// The help topics of `teamctl help <topic>`, like gh's `gh help environment`: the reference that
// does not belong to one command. The root help lists them; each topic's text is its own module
// under topics/, loaded only when `teamctl help <topic>` prints it.

/** A topic: one line for the list, and its text, loaded when asked for. */
export interface Topic {
  summary: string;
  load: () => Promise<{ text: string }>;
}

/** The topics by name, in the order the root help lists them. */
export const topics: Record<string, Topic> = {
  environment: { summary: 'the TEAMCTL_* variables, settings and how one is chosen', load: () => import('./topics/environment.js') },
  'exit-codes': { summary: 'what each exit code means', load: () => import('./topics/exit-codes.js') },
  formatting: { summary: 'output formats, reports, Markdown and the step summary', load: () => import('./topics/formatting.js') },
  rosters: { summary: 'roster and user files: columns, HR exports, statuses, roles', load: () => import('./topics/rosters.js') },
  organization: { summary: 'the organization: joiners, invitations, org roles, leavers', load: () => import('./topics/organization.js') },
  guards: { summary: 'plans, safety guards, dry runs and how changes are sent', load: () => import('./topics/guards.js') },
  plans: { summary: 'saved plans: --plan-out, review, apply', load: () => import('./topics/plans.js') },
  access: { summary: 'who may read or edit each space, collection and site', load: () => import('./topics/access.js') },
  ci: { summary: 'workflows that keep teams and the glossary in a repository', load: () => import('./topics/ci.js') },
  'glossary-files': { summary: 'glossary file layouts, term status, encodings, limits', load: () => import('./topics/glossary-files.js') },
  translations: { summary: 'translations of spaces: list them, run them again', load: () => import('./topics/translations.js') },
  reliability: { summary: 'retries, the journal, locks, requests whose outcome is unknown', load: () => import('./topics/reliability.js') },
  interruptions: { summary: 'Ctrl-C, SIGTERM and what a stopped run leaves', load: () => import('./topics/interruptions.js') },
  sandbox: { summary: 'the local sandbox service: data file, scale, faults', load: () => import('./topics/sandbox.js') },
  audit: { summary: 'the audit log: filters, --follow-from, a SIEM export', load: () => import('./topics/audit.js') },
  directory: { summary: "the identity provider's groups as teams: the group map", load: () => import('./topics/directory.js') },
};

/** Other names of a topic (the contract's `output` is the formatting topic); not listed. */
export const topicAliases: Record<string, string> = { output: 'formatting' };

/** The topic `name` names, by its name or an alias. */
export function topicNamed(name: string): Topic | undefined {
  const key = Object.hasOwn(topicAliases, name) ? (topicAliases[name] as string) : name;
  return Object.hasOwn(topics, key) ? topics[key] : undefined;
}

/** The root help's list of topics. */
export function topicList(): string {
  const width = Math.max(...Object.keys(topics).map((n) => n.length));
  const lines = Object.entries(topics).map(([name, t]) => `  ${name.padEnd(width)}  ${t.summary}`);
  return `\nHelp topics (teamctl help <topic>):\n${lines.join('\n')}\n`;
}
