// `teamctl help rosters`: Roster and user files.
export const text = `# Roster and user files

## The roster

A CSV, semicolon or tab-separated file (detected from the header line), UTF-8
with or without BOM (another encoding: \`members sync --encoding windows-1252\`),
or an \`.xlsx\` (see "Spreadsheets (.xlsx)" (\`teamctl help glossary-files\`)). In
a tab-separated file a quote inside a cell is a character. The header names a
user column, \`email\`, \`id\` or \`user\`, or a spelling HR and identity exports
use — \`Email Address\`, \`EmailAddress\` (PowerShell \`Export-Csv\`), \`E-mail\`,
\`Mail\`, \`Primary Email\`,
\`UserPrincipalName\` (Entra), \`User ID\`, \`Username\`, \`Login\` (Okta) — in any
case, a bracketed suffix ignored (Google Workspace's \`Email Address
[Required]\`), or the property an Entra bulk template names in brackets (\`User
name [userPrincipalName] Required\`, \`Member object ID or user principal name
[memberObjectIdOrUpn] Required\`); and optionally \`role\`. GitHub's organization
member export (\`login,name,…,role,last_active,saml_name_id\`) is read by
\`saml_name_id\`, an e-mail column. Columns of e-mails rank above \`id\` columns,
and those above login and name columns (\`user\`, \`Username\`, \`Login\`). Every
other column is ignored, so an export works as it is. \`--user-column <name>\`
names the user column outright, for a header teamctl does not know or one with
several candidates (\`--user-column "Secondary Email"\`): two candidates of the
same rank (\`Email\`, \`Primary Email\`) are refused, naming both and
\`--user-column\`. A first line that is neither a header nor a user is refused on
its line: Entra's bulk template's \`version:v1.0\`, or one word above a column of
e-mails (\`Staff\`: name it with \`--user-column Staff\`). PowerShell's \`Export-Csv\`
(without \`-NoTypeInformation\`) first line, \`#TYPE
System.Management.Automation.PSCustomObject\`, is skipped with a note. Microsoft
Entra object ids are no users: a template whose column holds them (\`Object ID
[objectId] Required\`) is refused, saying to use a column of user principal
names, and an object id in \`[memberObjectIdOrUpn]\` is refused on its line. In
an Entra user download (\`userPrincipalName\` and \`mail\`), a guest's user
principal name (\`ada_example.com#EXT#@tenant.onmicrosoft.com\`) is read as its
\`mail\` (or \`ada@example.com\`), and an empty \`mail\` as the user principal name.

**An \`id\` column beside the \`email\` column** (as \`members list -o csv\` writes
them, the usual bootstrap of a roster) backs the e-mail. The e-mail is read, as
ever; a row whose id is a member of the team under another e-mail names two
people and is refused on its line (exit 2, nothing sent), so an edit that
changed one of the two is caught. A row with an empty e-mail is read by its id,
which must name a member of the team (a member whose e-mail the service does not
show): another system's \`id\` column (an employee number) is never taken for a
user id. An id that names no member beside an e-mail (an identity provider's own
ids) leaves the e-mail to decide.

**Broken quoting does not hide the rest.** An unclosed or misplaced quote is
reported on its line together with every other problem of the roster, the rows
around it read on their own; a broken header line is reported alone, since the
rows mean nothing without it.

**Inactive accounts.** Rows that a well-known status column marks inactive are
left out of a roster and of an \`--add-file\`, with one warning counting them, so
\`--prune\` removes those people and nobody suspended is added; a \`--remove-file\`
keeps them (those are the people to remove):

| export | column | inactive values (any case) |
|---|---|---|
| Google Workspace | \`Status [READ ONLY]\` | \`Suspended\` |
| Okta | \`Status\` | \`SUSPENDED\`, \`DEPROVISIONED\` |
| Slack | \`status\`, \`Account type\` | \`Deactivated\`, \`Bot\` (bots are no people to add) |
| Google Workspace upload | \`New Status [UPLOAD ONLY]\` | \`Suspended\` |
| Active Directory (\`Get-ADUser \\| Export-Csv\`) | \`Enabled\` | \`False\` |
| Microsoft Entra ID | \`accountEnabled\` | \`False\` |
| any | \`Status\` | \`Disabled\`, \`Inactive\` |

**Roles.** An empty \`role\` cell is \`member\`; a roster **without** a \`role\`
column says nothing about roles: members keep theirs and new users join as
\`member\` (so an HR export with only \`email\` never demotes an owner).

\`\`\`csv
email,role,name,department
alice.martin@example.com,owner,Alice Martin,Platform
BRUNO.KELLER@example.com,owner,Bruno Keller,Platform
daniel.okafor@example.com,,Daniel Okafor,Platform
maria.rossi@example.com,member,Maria Rossi,Data
\`\`\`

A roster may also be teamctl's own \`members list --json\` or \`-o ndjson\` output,
known by its first character: each item is read as the row \`id,email,role\` of
\`members list -o csv\`, and with \`--team a,b\` (items with their \`teamId\`) as an
organization roster; syncing it back plans nothing.

A file without such a header is read as one user per line (handy for
\`--add-file\` and \`--remove-file\`, where \`role\` is ignored). Users are trimmed
and NFC-normalised; an e-mail has at most 254 characters and an id at most 255;
a value with an invisible or direction character (zero-width space, soft hyphen,
U+202E …) or a look-alike compatibility form (fullwidth \`Ａ\`) is refused on its
line, since a plan showing it would mislead a reviewer. Every problem in every
input file is reported at once, with file and line, and **nothing is sent while
any row is invalid** (exit 2). The same user twice with the same role counts
once (a warning); with two different roles it is an error. A roster with no
users is always refused (exit 2), whatever the other flags say.

## Roles, owners and users named twice

**A roster without a \`role\` column keeps roles.** \`members sync --roster\` reads
roles only from a \`role\` column. A roster that has none — an HR export with only
\`email\`, or a plain list of one user per line — says nothing about roles:
members keep the role they have, and users missing from the team are added as
\`member\`. Such a roster never plans a role change (with \`--prune\` it can still
remove members). teamctl says so on stderr: \`team.csv has no "role" column:
members keep their roles, new members are added as member.\` When the file does
have a \`role\` column, an empty cell means \`member\`, as before.

**The last-owner guard.** A plan that would leave a team that has at least one
owner today with no owner at all is refused with exit 3, and nothing is sent.
This covers \`members sync\` (a roster demoting or pruning every owner), \`members
add <owner> --role member\` on the last owner, and \`members remove\` of the last
owner. The message names the owners that would be lost and whether they would be
demoted or removed:

    error: the plan would leave team t without an owner: it demotes
    ada@example.com (its only owner); nothing was sent hint: keep an owner: give
    someone the owner role first (\`teamctl members set-role <user> --role owner
    --team t\`, or a roster line with the owner role); to leave the team without
    an owner anyway, pass --force

\`--force\` (on \`add\`, \`remove\` and \`sync\`) applies the plan anyway, with a
warning. A team without any owner to begin with is not guarded. When
\`--max-removals\` refuses the same plan, both reasons are given in one error.

**Guards and \`--dry-run --exit-code\`.** Both guards (\`--max-removals\` and the
last-owner guard) are checked on a dry run too, after the plan is printed and
the \`--report\` file is written. A CI drift check whose real run would be refused
therefore exits **3, not 8**: fix the roster (or decide on \`--force\`) before
treating it as mere drift.

**A user in both add and remove, named differently.** "A user in both add and
remove ends up removed" holds even when the two sides name a user who is not a
member differently — by e-mail on one side, by id on the other (\`sync --add
ada@example.com --remove u_123\`, or the same across
\`--add-file\`/\`--remove-file\`/\`--roster\`). teamctl cannot tell these are the same
person before the run, so the user is added first: bulk add requests carry only
adds. The team read again right after the bulk adds gives each new member's id
and e-mail; a new member whom a removal names (by id, or by e-mail in any case)
is then removed again at once, in bulk (\`--batch-size\` users per request),
before any role change. **For that short time the user is a member of the
team.** In the report, such a user is neither \`added\` nor \`removed\`: the JSON
lists them under \`notMember\` with the id and e-mail read back (next to the
removal's own entry), and the CSV row reads \`add, not-member, named in both add
and remove (remove wins)\`. The run is verified and exits 0 when the team ends as
asked; if removing them again fails, they are listed as failed (action \`remove\`)
and the run exits 6.

**An add without a role never changes the role of someone already in the team.**
When the team read after the bulk adds shows that an added e-mail or id belongs
to someone who was a member before the run (the first listing did not show that
address), nothing was added: that member keeps their role unless a role was
asked for explicitly (a roster with a \`role\` column, or \`--role\`), and is
reported as unchanged (\`already a member\`), not as added.

Related details:
- A user who is not a member, named both by e-mail and by id with **different
  roles** (e.g. roster lines \`chloe@example.com,owner\` and \`u_456,member\`), is
  added once; which role should win cannot be known, so no role change is sent
  for them, and they are reported once as failed (action \`role\`, "named twice
  with different roles; role left as the service set it"). Exit 6.
- A bulk add whose answer was lost (the connection dropped after the service
  applied it) is settled by reading the team again: users found there count as
  added and get their \`--role\`; users absent are failed. Exit 0 when everything
  ended right, 6 when some did, 1 when none.
- Invalid users on the command line are reported together with every input-file
  problem, in one error (exit 2): \`--add:2: invalid user id "bad user" (ids
  contain no spaces)\` (the second \`--add\` value), \`--remove:1: …\`, or
  \`arguments:3: …\` for \`members add|remove\`.

## Other tools' role columns

A \`role\` (and, with \`--org-roles\`, an \`orgRole\`) column another tool wrote holds
its own words. \`--role-map <from=to,…>\` maps them to teamctl's roles before the
roster is read: \`from\` matches trimmed and in any case, \`to\` is \`owner\` or
\`member\` for a team role, an organization role (\`admin\` … \`read\`, \`guest\`) for
an organization role, or empty for an empty cell. A value neither known nor
mapped is exit 2, naming the value, its line and a \`--role-map\` that maps every
such value of the file (check its guesses before you use it). Without
\`--org-roles\` (and \`--invite\`) the \`orgRole\` column is ignored like any other.

    # GitLab's group members (Owner, Maintainer, Developer, Reporter)
    --role-map Owner=owner,Maintainer=owner,Developer=member,Reporter=member
    # Atlassian's user export, its "Org role" column, with --org-roles
    --role-map "Organization admin=admin,NaN="
    # Slack's account types, in a column named role
    --role-map "Primary Owner=owner,Owner=owner,Admin=owner,Member=member"

## Many teams from one roster

An organization's teams can live in **one** roster: add a \`team\` column (any
case), and \`members sync --roster org.csv\` changes every team the file names in
one run, one plan, one report and one exit code.

\`\`\`csv
team,email,role
engineering,alice.martin@example.com,owner
engineering,maria.rossi@example.com,
design,alice.martin@example.com,member
design,kenji.sato@example.com,owner
\`\`\`

\`\`\`sh
teamctl members list --team engineering,design -o csv > org.csv     # bootstrap: today's state as a roster
teamctl members sync --roster org.csv --prune --dry-run --exit-code   # drift check: 0 right after the bootstrap
teamctl members sync --roster org.csv --prune --plan-out plan.json    # review, then: teamctl apply plan.json
\`\`\`

- **Which teams.** Exactly the teams the file names. The team setting (\`--team\`,
  \`TEAMCTL_TEAM\`, config) is not needed; when one is set, it is not used, and
  one line on stderr says so. \`--prune\` removes only members of the named teams:
  a team absent from the file is never read or touched. A team cell is a team's
  id or its title (see "Teams by id or title"); one that names no team is exit 2
  before anything is sent, naming the team and the file lines (unless
  \`--create-teams\`, below). \`--add\`, \`--remove\`, \`--add-file\` and
  \`--remove-file\` cannot be combined with such a roster (which team would they
  be for?): exit 2.
- **Teams that do not exist yet.** \`--create-teams\` creates the teams the roster
  names that match no team by id or title, then fills them in the same run. A
  title two teams share stays exit 2, and so does a name that cannot be a title
  (empty, over 64 characters, a control character), on its lines. Each team is
  created by one \`PUT /orgs/{org}/teams\`: its title is the name as the roster
  first writes it (names that differ only in case are one team), its members the
  ids of its rows that are organization members (rows by e-mail are found in
  \`GET /orgs/{org}/members\`, read once, only when a team is to be created). The
  team is then read back and planned from as read. Rows the organization does
  not have are tried by a bulk add, which the service refuses: they are reported
  failed as for any team (exit 6). \`owner\` rows get their role in place. A
  member the service itself puts in a team it creates (its creator, on some
  services) is never removed by the run that created the team: it is reported
  \`not in the roster (kept)\`, with a warning under \`--prune\`, and the next run
  with \`--prune\` removes it. A dry run shows \`+ create team "Data Platform" with
  2 members\` above the team's adds. Creating is not idempotent: as for \`teams
  create\`, a creation is sent again only when it cannot have been processed (a
  refused connection, a 429); after any other failure the teams of that title
  are listed: if one is there, the run goes on with it; if none, that team fails
  and is not sent again. A second run of the same roster finds the teams by
  title and sends nothing for them. \`--plan-out\` with teams to create is exit 2,
  nothing sent (a saved plan is checked against the teams it was made from, and
  a team to create has none): create the teams first (\`teamctl teams create
  "Data Platform"\`), then make the plan.
- **Rows.** Every row names its team (an empty team cell, or one with a control
  character, is an error on its line). The same user in two teams is two rows;
  the same user twice in one team counts once (with two roles, an error). A
  roster without a \`role\` column keeps roles, as for one team.
- **Guards per team.** \`--max-removals\` applies to each team on its own: a plan
  removing 3 of a 4-member team is refused even when the whole organization
  loses 2%. \`--min-owners <n>\` (default 1, the last-owner guard) refuses a plan
  that leaves a team with fewer than \`n\` owners when it has at least \`n\` now,
  naming the team and the owners it loses. A dry run reports every refusal of
  every team at once (exit 3); \`--force\` overrides both. The \`--prune\`
  confirmation counts the removals per team.
- **Reads and writes.** The teams are read concurrently (at most 8 at a time)
  before anything is planned, then applied **at the same time**, sharing one
  \`--concurrency\` budget ("One concurrency budget", below); one team's failure
  never stops the others.
- **Reports.** The plan on stderr has a section per team with changes, then one
  line naming the teams without changes and a line of totals. \`--report\` has a
  \`team\` column first. \`--json\` prints \`{"dryRun": bool, "teams": [ {"team":
  "engineering", …the single-team report…}, … ]}\`. \`-o markdown\` has a table per
  team and kind of change, teams without changes in one table. Exit 6 when any
  team is partial, 8 for a non-empty dry run with \`--exit-code\`.
- **Saved plans.** \`--plan-out\` writes every team into one plan; \`teamctl apply\`
  refuses it (exit 3, nothing sent) when **any** team moved, naming each one.
- **At scale.** 50 teams × 400 members (a 20,000-row roster) are read and
  planned in 0.8 s, with a peak RSS of 134 MB — the roster and the teams'
  members, nothing more (\`node test/bench/org.js\`, part of \`npm run bench\`; Node
  20.20, 2 cores, median of 5).
- **Listing several teams.** \`members list --team a,b\` (or \`--team a --team b\`)
  prints a \`team\` column first in table, tsv and csv; JSON and NDJSON items are
  the service's items with a \`teamId\` field added (the items already have a
  \`team\` field: the member's role in it). Its CSV is an organization roster:
  syncing it back plans nothing. Other commands given several teams exit 2.

A whole organization in a repository, with the reviewed-plan workflow of
"Review, then apply" (\`teamctl help plans\`), needs only the roster and the
command to change:

\`\`\`yaml
      - run: teamctl members sync --roster teams/org.csv --prune --plan-out members-plan.json -o markdown > plan.md
\`\`\`

and \`TEAMCTL_TEAM\` can go: the roster names the teams.

**One concurrency budget.** The teams of a roster (and of \`members offboard\`,
and of an applied multi-team plan) are worked on at the same time, each in its
own order — its read before its role changes, promotions before demotions, its
verification after its changes — and all of their requests share
\`--concurrency\`: never more than that many in flight for the whole run. Guards,
reports and the exit rule stay per team.

## A folder of team rosters

An organization can keep one file per team instead: \`--roster teams\` (a folder)
reads each \`*.csv\`, \`*.tsv\` and \`*.xlsx\` file in it as one team's roster (the
roster of "The roster", above), and syncs every team in one run, one plan, one
report and one exit code, exactly as the organization roster with a \`team\`
column holding the same rows would.

\`\`\`text
teams/
  engineering.csv      # team engineering, by its id
  Product Design.csv   # team "Product Design", by its title
  Data Platform.xlsx   # a team to create, with --create-teams
\`\`\`

\`\`\`sh
teamctl members list --team engineering,design --write-folder teams      # bootstrap: a file per team
teamctl members sync --roster teams --prune --dry-run --exit-code         # drift check
teamctl members sync --roster teams --prune --plan-out plan.json          # review, then: teamctl apply plan.json
\`\`\`

- **Which team.** A file's name without its extension names its team, by id or
  title, as \`--team\` does ("Teams by id or title"). Other files (a README,
  hidden files) and sub-folders are left alone. Two files naming one team
  (\`design.csv\` and \`design.xlsx\`) are exit 2.
- **Refused** (exit 2, nothing sent, every problem of every file at once, each
  naming its file and line): a file with a \`team\` column of its own (its name
  already names its team), a file with no users (remove the file to leave a team
  alone), a folder with no roster file, and a user given two organization roles
  by two files.
- **Everything an organization roster has**: \`--prune\` (only the teams the
  folder names), \`--org-roles\`, \`--invite\`, \`--create-teams\`, \`--keep-file\`,
  \`--prune-organization\` (the folder is then the whole organization: whoever no
  file names leaves it), guards per team, \`--plan-out\` and \`teamctl apply\`.
- **Names each file.** The plan on stderr starts with the files and the team
  each names; an unknown team is reported on its file's lines.
- **Bootstrap.** \`members list --team a,b --write-folder <folder>\` writes each
  team's members as \`<folder>/<team as given>.csv\` (created whole or not at
  all): the folder then plans nothing. A team named by a title holding \`/\`
  cannot be a file name: name it by its id.
`;
