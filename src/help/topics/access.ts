// `teamctl help access`: who may read or edit each space, collection and site.
export const text = `# Access: spaces, collections and sites

Access is the teams and users granted a role on each space, collection and
site, and each resource's **general access**: the role every member of the
organization has there. \`access list\` shows it; \`access sync <file>\` makes
the service match a file, as \`members sync\` does for a team.

## The access file

CSV, TSV or \`.xlsx\` (\`--sheet\`), one grant a row. \`access list -o csv\`
writes one that \`access sync\` reads back with nothing to change.

\`\`\`csv
resource,team,user,role
space:Onboarding,*,,read
space:Onboarding,Product Design,,edit
collection:Handbook,engineering,,admin
site:Developer Docs,,nikolai.ivanov@example.com,read
\`\`\`

- **resource**: \`space:\`, \`collection:\` or \`site:\`, then an id or a title.
  A title two resources of that kind share is refused, naming their ids.
- **team** (id or title) or **user** (e-mail or id): exactly one per row.
- **role**: admin, create, edit, review, comment, read, or guest (none).
- **general access**: \`*\` in \`team\` and an empty \`user\`. Its role is a
  role, \`guest\`, or \`inherit\` (a space or collection takes its collection's
  access). A resource the file names without a \`*\` row keeps its general
  access, \`--prune\` or not. \`*\` is spelled out so that a forgotten cell
  never opens a resource to the whole organization.

An unknown resource, team, user or role, a row naming both a team and a
user, or two rows giving one grant two roles, is exit 2 naming the file and
line; nothing is sent. With \`--create-teams\`, \`access sync\` creates a team
the file names and the organization lacks first, in the same plan (not with
\`--plan-out\`: create it with \`teams create\`, then make the plan).

## Sync

\`\`\`sh
teamctl access sync access.csv --dry-run
teamctl access sync access.csv --prune --plan-out plan.json
teamctl apply plan.json
teamctl access sync access.csv --prune --dry-run --exit-code
\`\`\`

- The plan grants, changes roles, changes general access and, with
  \`--prune\`, revokes the grants the file leaves out on the resources it names
  (\`--all-resources\`: on every resource). Without \`--prune\` nothing is
  revoked.
- \`--max-revocations <n|p%>\` (default 25 % of the grants those resources
  hold, at least 1) refuses a larger plan (exit 3); \`--force\` passes it.
- Refused before anything is sent (exit 3): a plan that takes away your own
  admin path to a resource (your grant, your team's, or a collection's through
  \`inherit\`), or leaves a resource without an admin.
- \`--dry-run --exit-code\` exits 8 on drift. \`apply\` refuses a saved plan
  when a grant it touches moved since (exit 3, nothing sent).
- Requests run \`--concurrency\` at a time under the one lock of the service
  and organization (\`teamctl help reliability\`); the resources are read back
  after the run. \`--report\`, \`--json\`, \`-o markdown\` and the step summary
  list every change with what happened.
- \`members offboard\` revokes each leaver's own user grants with the rest of
  its plan; grants through a team go with the team's membership. Of the
  spaces, it reads those the leavers reach (fewer leavers than spaces).

## Safe readings

Where the service's documents are silent, teamctl reads them this way:

- **Inherited access is not drift.** \`access list\` shows the grants given on
  each resource itself. A space or collection whose general access is
  \`inherit\` also has its collection's grants; they are neither listed nor
  planned there.
- **A site's grant never becomes guest**: its change takes a role, so a
  revocation is a removal.
- **A user grant may notify the user**, so it is never sent twice: it is
  recorded in the journal before it is sent (\`teamctl help reliability\`). One
  whose answer was lost is settled by listing the resource's users once the
  hold-back time (\`--hold-back\`, default 60 s) has passed; until then no run
  sends it again (\`unknown\`, exit 6; \`--no-settle\` does not wait for it).
  A dry run names each grant held back this way.
- \`--team\` of \`access list\` is the flag only, never \`TEAMCTL_TEAM\`: a
  default team would hide every other grant.

## Review

\`access review\` answers "who can reach what, and why" for an audit: one row
per person per resource (the role the service gives them there, and where it
comes from: \`team <title>\`, \`direct grant\`, \`general access\`, or one of
them "inherited from collection <title>"), one row per resource for its own
general access, one per invite link, and the findings:

| finding | what it means | fix |
|---|---|---|
| disabled-member | a disabled member still holds access | \`members offboard\` |
| guest-above-read | a guest holds more than read | leave the team, or |
| | | \`access sync\` at read |
| stale-access | not seen for \`--stale-days\` (90), edit | as for a guest; |
| | or more | else \`offboard\` |
| bypasses-teams | a direct grant where a team of theirs | \`access sync\` |
| | already reaches the resource | \`--prune\` without it |
| general-access-above-read | the resource's own general | \`access sync\`, |
| | access is above read | the \`*\` row at read |
| link-invite-above-read | anyone with the link joins above | the service's |
| | read | settings (no command) |

A space that inherits its collection's general access is the collection's
finding, not its own. Each finding has a one-line reason and the command.

\`\`\`sh
teamctl access review
teamctl access review --team "Platform Engineering" --stale-days 30
teamctl access review --space Onboarding --json
teamctl access review -o markdown --exit-code > review.md
\`\`\`

- \`--team\`, \`--user\` (e-mail or id) and \`--space\` (title or id) narrow
  it; a name that names nothing is exit 2 with the nearest names.
- \`-o markdown\`: the organization, the time of the reading, the count of
  each finding, the findings, then every row, for an evidence folder or a
  pull request comment. \`--json\` holds the same; CSV, TSV and NDJSON the rows.
- \`--exit-code\` exits 8 when anything is flagged. A terminal shows progress.

A quarterly review in CI (GitHub Actions), the evidence kept as an artifact:

\`\`\`yaml
on:
  schedule: [{ cron: "0 6 1 1,4,7,10 *" }]
jobs:
  review:
    runs-on: ubuntu-latest
    env:
      TEAMCTL_BASE_URL: \${{ vars.TEAMCTL_BASE_URL }}
      TEAMCTL_ORG: \${{ vars.TEAMCTL_ORG }}
      TEAMCTL_TOKEN: \${{ secrets.TEAMCTL_TOKEN }}
    steps:
      # first, install teamctl as \`teamctl help ci\` shows
      - run: teamctl access review -o markdown --exit-code > review.md
      - uses: actions/upload-artifact@v4
        if: always()
        with: { name: access-review, path: review.md }
\`\`\`
`;
