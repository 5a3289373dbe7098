// `teamctl help audit`: The audit log.
export const text = `# The audit log

Who changed what, and when: the organization's audit events, as the service
records them (an Enterprise plan's). An event has a time, an action, an actor
(a user, an integration, an installation…), a source (\`ui\`, \`api\`,
\`integration\`, …) and a target (a team, a user, a space…).

## audit list, audit actions

\`\`\`console
$ teamctl audit list --since 7d                 # newest first
$ teamctl audit list --actor kenji.sato@example.com -o csv > kenji.csv
$ teamctl audit list --target "Platform Engineering" --action team.renamed
$ teamctl audit actions                         # the action names
\`\`\`

Every output format of the other lists: a table on a terminal, \`-o tsv\`,
\`csv\`, \`markdown\`, \`json\` and \`ndjson\` (the service's events unchanged),
and \`--jq\`. Pages of 100 are read until the last.

## Filters

- \`--since\`, \`--until\`: a date (\`2026-03-01\`, midnight UTC), a date-time
  with its zone (\`2026-03-01T09:00:00Z\`, \`…+02:00\`), or a duration back
  from now: \`30m\`, \`12h\`, \`7d\`, \`2w\`. Both ends are included.
- \`--action\`: an action name exactly as \`audit actions\` lists it; another
  name is exit 2 with the nearest ones.
- \`--actor\`: an e-mail (read in the organization's members) or a user id.
- \`--target\`: an e-mail, a team's title, a space's, collection's or site's
  title (any case), or an id. A title several of them share is exit 2 naming
  each with its id; a value that names none is sent as an id (a glossary
  entry, something deleted since).

## Follow from a state file (a SIEM export)

\`\`\`console
$ teamctl audit list --since 30d --follow-from audit.state -o ndjson
\`\`\`

\`--follow-from <state-file>\` emits only the events after the position the
file holds, **oldest first** (the order a log shipper appends them), then
writes the new position. Without the file, it starts at \`--since\` (or the
first event); with it, \`--since\` is not used.

- The position is the time of the newest event emitted and the ids of every
  event emitted at that very time: events that share a time are emitted once
  each, whichever run sees them.
- The run's end is fixed when it starts (\`--until\`, else now): an event
  recorded while it reads its pages waits for the next run.
- The file is written (whole, or not at all) only once standard output has
  taken every byte without error. A run killed, or whose output fails, before
  that leaves the position where it was: the next run emits the same events
  again, and none is lost. A run that wrote its position never emits them
  again, and a run with nothing new leaves the file as it is.
- Each organization and each set of \`--action\`, \`--actor\` and \`--target\`
  needs its own file: a file of another organization or other filters, a
  file that holds no position, or a symbolic link is exit 2, naming it.
- \`--jq\` is refused with it (it holds the output back): pipe to \`jq\`.
- More than 100,000 new events in one run is exit 1, nothing emitted: take
  them in parts with \`--until\`.

## Without audit logs

When the organization's plan has no audit logs (\`auditLogs\` is false on the
organization and the service answers 403), \`audit list\` and \`audit actions\`
say so in one line and exit 4, the code of a refusal:

    error: organization acme has no audit logs: its plan does not include them

## Drift that says who

When a drift check (\`members sync\`, \`glossary sync\` or \`access sync\` with
\`--dry-run --exit-code\`) finds changes pending, it names the latest three
audit events of each drifted team, glossary entry, space, collection or site
(the actor, the time, the source) on stderr, in \`--json\` (\`recentChanges\`)
and in Markdown and the step summary:

    Recent changes to what drifted (audit log):
      team "Platform Engineering" (engineering): team.member_removed by
      kenji.sato@example.com (ui) …

It costs one request per drifted object, for the first 20 of them. Without
audit logs, or when the audit log cannot be read, the check is the same and
names no one (\`--debug\` says why). \`--no-audit\` asks for none.

## A nightly SIEM export (GitHub Actions)

The state file is kept between runs in the workflow's cache; the events go to
the SIEM's intake only once the run has succeeded, so a failed run forwards
nothing and the next one sends them again.

\`\`\`yaml
# .github/workflows/audit-export.yml
name: audit export
on:
  schedule:
    - cron: "7 2 * * *"
  workflow_dispatch:

concurrency:
  group: teamctl-audit-acme     # one export at a time: one position
  cancel-in-progress: false

env:
  TEAMCTL_BASE_URL: https://api.example.com
  TEAMCTL_ORG: acme
  TEAMCTL_TOKEN: \${{ secrets.TEAMCTL_TOKEN }}   # never a flag: logs show flags

jobs:
  export:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/setup-node@v4
        with: { node-version: 22 }
      # then install teamctl as \`teamctl help ci\` shows
      - uses: actions/cache/restore@v4
        with:
          path: audit.state
          key: audit-state-\${{ github.run_id }}
          restore-keys: audit-state-
      - run: >
          teamctl audit list --since 30d --follow-from audit.state
          -o ndjson > events.ndjson
      - run: >
          curl -fsS --data-binary @events.ndjson
          -H "Authorization: Bearer $SIEM_TOKEN" "$SIEM_URL"
        env:
          SIEM_URL: \${{ vars.SIEM_URL }}
          SIEM_TOKEN: \${{ secrets.SIEM_TOKEN }}
      - uses: actions/cache/save@v4
        with:
          path: audit.state
          key: audit-state-\${{ github.run_id }}
\`\`\`

The state is saved after the upload: when the upload fails, the saved state
is the previous one and the next run sends the same events again (the SIEM
sees an event twice, never misses one). The quarterly access review is in
\`teamctl help access\`, "Review".
`;
