// `teamctl help translations`: the translations of spaces, and running them again.
export const text = `# Translations

A translation makes a space in another language from a source space. After
the glossary changed, run the translations it affects again, so the
translated spaces use the new terms.

\`\`\`sh
teamctl translations list                  # source, target, status, last run
teamctl translations run --language de --dry-run
teamctl translations run tr-api-de --yes
teamctl glossary sync terms.csv --rerun-translations --yes
\`\`\`

## Listing

\`translations list\` shows each translation's id, its source space (id and
title) and language, its target language, its status (pending, running,
completed), how many times it ran and its last run (when the service last
changed it, once it has run). Every output format and \`--jq\` work, as for
other lists; JSON keeps the service's items as they are (no title).

## Running

\`translations run\` takes ids, \`--all\`, or \`--language <code>\`
(repeatable; any case: \`pt-BR\` is the service's \`pt-br\`). \`--dry-run\`
lists what it would run. **Each run is billable**: it is asked for on a
terminal; without one, \`--yes\` is needed, or nothing is sent (exit 3).

**Never run twice.** Each run is recorded in the journal before it is sent
(\`teamctl help reliability\`). When its answer is lost, the listing settles
it: a translation that counts one run more ran. A run whose outcome is still
unknown is not sent again: the command ends with exit 6, and running it again
later finds the run in the listing (not sent again) or, once \`--hold-back\`
(60 s by default) has passed with no run, sends it.

## After a glossary sync

\`glossary sync <file> --rerun-translations\` runs, after the sync succeeded,
the translations whose target language the change touched: a language whose
term it inserted, changed or deleted. A sync that changed nothing, or did not
succeed, runs none. Without a terminal it needs \`--yes\` before anything is
sent, the sync included; with \`--dry-run\` it lists what it would run.

## The sandbox

The sandbox's demo organization has five translations of its spaces. A run
counts at once, is pending for 5 s, running for 60 s, then completed.
`;
