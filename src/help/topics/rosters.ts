// `teamctl help rosters`: Roster and user files.
export const text = `# Roster and user files

## The roster

A CSV, semicolon or tab-separated file (the separator found in the header), or
an \`.xlsx\` (encodings, quoting and spreadsheets: \`teamctl help glossary-files\`).
The header names a user column and optionally \`role\`; every other column is
ignored, so an HR or identity-provider export works as it is:

\`\`\`csv
email,role,name,department
alice.martin@example.com,owner,Alice Martin,Platform
BRUNO.KELLER@example.com,owner,Bruno Keller,Platform
daniel.okafor@example.com,,Daniel Okafor,Platform
maria.rossi@example.com,member,Maria Rossi,Data
\`\`\`

The user column is \`email\`, \`id\` or \`user\`, or a spelling exports use, in any
case: \`Email Address\` (Google Workspace, \`[Required]\` ignored), \`EmailAddress\`
(PowerShell), \`E-mail\`, \`Mail\`, \`Primary Email\`, \`UserPrincipalName\` (Entra),
\`User ID\`, \`Username\`, \`Login\` (Okta), \`saml_name_id\` (GitHub's member export).
E-mail columns win over id columns, and those over login and name columns; two
candidates of the same rank are refused, naming both: \`--user-column <name>\`
picks one, or a header teamctl does not know. PowerShell's \`#TYPE …\` line is
skipped with a note; a column of Entra object ids is refused.

**An \`sso\` column** (\`true\`/\`yes\`, \`false\`/\`no\`; empty: not said) marks who
signs in through SSO, read with \`--set-sso\` (\`teamctl help organization\`).

**An \`id\` column beside \`email\`** (as \`members list -o csv\` writes them) backs
the e-mail: a row whose id is a member under another e-mail names two people and
is refused on its line. A row with an empty e-mail is read by its id, which must
be a member of the team.

**Inactive accounts.** Rows a well-known status column marks inactive are left
out of a roster and an \`--add-file\` (one warning counts them), so \`--prune\`
removes them; a \`--remove-file\` keeps them:

| export | column | inactive values (any case) |
|---|---|---|
| Google Workspace | \`Status [READ ONLY]\` | \`Suspended\` |
| Okta | \`Status\`, \`Okta user status\` | \`SUSPENDED\`, \`DEPROVISIONED\` |
| Slack | \`status\`, \`Account type\` | \`Deactivated\`, \`Bot\` |
| Active Directory | \`Enabled\` | \`False\` |
| Microsoft Entra ID | \`accountEnabled\` | \`False\` |
| any | \`Status\` | \`Disabled\`, \`Inactive\` |

Any other value (\`Terminated\`) keeps its row, with a warning naming it, its
file and line: \`--status-map Terminated=inactive\` (or \`=active\`) says what
it means. Values such exports use for active accounts raise no warning.

A roster may also be teamctl's own \`members list --json\` or \`-o ndjson\`
output. A file without a header is read as one user per line.

Users are trimmed and NFC-normalised, e-mails compared in any case. A value with
an invisible or direction character (U+200B, U+202E …) or a look-alike form
(fullwidth \`Ａ\`) is refused on its line. Every problem of every input file is
reported at once, with file and line, and **nothing is sent while any row is
invalid** (exit 2). The same user twice with the same role counts once (a
warning); with two roles it is an error. A roster with no users is refused.

## Roles and owners

**A roster without a \`role\` column keeps roles**: members keep theirs, new
users join as \`member\`, and no role change is planned (with \`--prune\` members
can still be removed). teamctl says so on stderr: \`team.csv has no "role"
column: members keep their roles, new members are added as member.\` With a
\`role\` column, an empty cell means \`member\`.

**The last-owner guard.** A plan that would leave a team that has an owner today
with none is refused, exit 3, nothing sent: a roster demoting or pruning every
owner, \`members add <owner> --role member\`, or \`members remove\` of the last
owner. The message names the owners it would lose, and the hint says to give
someone the owner role first (\`members set-role <user> --role owner\`).
\`--force\` applies the plan anyway, with a warning.

**A user named both to add and to remove** ends up removed, even when named
differently (an e-mail and an id): added, then removed in the same run, and
reported under \`notMember\`.

**An add without a role never changes the role** of someone already in the
team. A user named twice with two roles (by e-mail and by id) is added once,
gets no role change, and is reported failed (exit 6). Invalid users on the
command line are reported with the file problems: \`--add:2: invalid user id
"bad user" (ids contain no spaces)\`.

## Other tools' role columns

\`--role-map <from=to,…>\` maps another tool's words in a \`role\` (or, with
\`--org-roles\`, \`orgRole\`) column to teamctl's roles: \`from\` matches trimmed
and in any case; \`to\` is a team role, an organization role (\`admin\` … \`read\`,
\`guest\`) or empty. A value neither known nor mapped is exit 2, naming it, its
line and a \`--role-map\` for every such value (check its guesses). Without
\`--org-roles\` (and \`--invite\`) the \`orgRole\` column is ignored.

    # GitLab's group members (Owner, Maintainer, Developer, Reporter)
    --role-map Owner=owner,Maintainer=owner,Developer=member,Reporter=member
    # Atlassian's user export, its "Org role" column, with --org-roles
    --role-map "Organization admin=admin,NaN="
    # Slack's account types, in a column named role
    --role-map "Primary Owner=owner,Owner=owner,Admin=owner,Member=member"

## Many teams from one roster

An organization's teams can live in **one** roster: add a \`team\` column (a
team's id or title), and \`members sync --roster org.csv\` changes every team the
file names in one run, one plan, one report and one exit code.

\`\`\`csv
team,email,role
engineering,alice.martin@example.com,owner
engineering,maria.rossi@example.com,
design,alice.martin@example.com,member
design,kenji.sato@example.com,owner
\`\`\`

- **Which teams.** Exactly the teams the file names (the team setting is not
  used); \`--prune\` removes only their members. A team cell that names no team
  is exit 2, naming it and its lines, and so is \`--add\`, \`--remove\`,
  \`--add-file\` or \`--remove-file\` with such a roster.
- **Teams that do not exist yet.** \`--create-teams\` creates the teams the
  roster names that match no team, titled as the roster writes them, then fills
  them in the same run; a second run finds them by title. \`--plan-out\` with
  teams to create is exit 2: create them first, then make the plan.
- **Rows.** Every row names its team. The same user in two teams is two rows.
- **Guards per team.** \`--max-removals\` applies to each team on its own.
  \`--min-owners <n>\` (default 1) refuses a plan that leaves a team with fewer
  than \`n\` owners when it has at least \`n\` now. A dry run reports every refusal
  of every team at once (exit 3); \`--force\` overrides both.
- **Reports.** The plan on stderr has a section per team with changes, then
  one line naming the teams without changes and the totals, each team by title
  and id (\`"Product Design" (design)\`). \`--report\` has a \`team\` column (the
  id) first, then \`teamTitle\` (empty when unknown); \`--json\` prints
  \`{"dryRun": bool, "teams": [ {"team": "design", "teamTitle": "Product
  Design", …}, … ]}\`. Exit 6 when any team is partial.
- **Saved plans.** \`--plan-out\` writes every team into one plan; \`apply\`
  refuses it (exit 3) when any team moved, naming each one.
- **Listing several teams.** \`members list --team a,b\` prints a \`team\` column
  first; its CSV (\`-o csv > org.csv\`) is an organization roster.

The teams are read and changed at the same time, within one \`--concurrency\`.
Every team name is first matched, by id or title, in one listing of the teams:
a name that is no team is refused (exit 2) before any team is read.

## A folder of team rosters

\`--roster teams\` (a folder) reads each \`*.csv\`, \`*.tsv\` and \`*.xlsx\` file in
it as one team's roster, the team named by the file name without its extension
(by id or title, as \`--team\`), and syncs every team in one plan, exactly as an
organization roster with a \`team\` column holding the same rows would.
Everything a roster has works on a folder, \`--create-teams\` and
\`--prune-organization\` included: the folder is then the whole organization,
and a team with no file in it is drift (exit 8 with \`--dry-run --exit-code\`,
listed as \`teamsWithoutFile\` in JSON), said by title and id, never removed.
The plan, the saved plan and the reports (of \`apply\` too) name each file:
\`"file"\` after each team's \`"team"\` in JSON, a last \`--report\` column
\`file\`, beside each team in Markdown. Refused
(exit 2, nothing sent): a file with its own \`team\` column, a file with no
users, two files naming one team, a folder with no roster file; an entry named
like a roster that is not a regular file (a folder, a FIFO, which is never
opened); two names macOS or Windows would take for one (\`eng.csv\` and
\`ENG.csv\`, or one name in two Unicode forms); more than **1,000** roster
files, before any file is read.

\`members list --team a,b --write-folder teams\` (or \`--all-teams\`: every team)
writes one, each file named by its team's title. A title no file system takes
as it is (\`/\`, \`:\`, \`CON\`, a trailing dot, over 180 bytes), or one another
title matches in any case, is made safe and given the id: \`R&D_Ops (iA5mN7).csv\`
names that team by its id. A team that has a file in the folder under another
name (\`design.csv\` by its id) is refused, naming both files: exit 2.

## Groups from the identity provider

A group export says who is in which group; \`members sync\` reads one with a
group map that makes teams of groups (\`teamctl help directory\`). Each
provider's export is known by its header, or named with \`--format <name>\`:

| \`--format\` | export | known by |
|---|---|---|
| \`okta\` | Okta's Group Membership report (CSV Export) | \`Okta username\` |
| \`entra-members\` | Entra ID's Download members of one group | \`Member type\` |
| \`entra\` | \`Get-MgGroupMember\` … piped to \`Export-Csv\` | \`GroupName\` |
| \`google\` | Google Workspace's group members CSV | \`Member Email\` |
| \`jumpcloud\` | JumpCloud's user CSV, groups in \`Group1\` … | \`Group1\` |
| \`teamctl\` | a user column, \`group\` (\`a;b\` for several), \`sso\` | the rest |

An export of one group (Entra's Download members, one Google group's list, a
file without group column) takes the group from its file name without
extension, or from \`members sync --group <name>\`. Rows of no person (nested
groups, service principals, devices, Google's GROUP and CUSTOMER) are skipped
and counted; inactive accounts are left out as in a roster, their groups still
counted. A provider's people are its SSO accounts; teamctl's own marks them in
its \`sso\` column (true, yes). A role column is read only with \`--role-map\`.
A file that lacks the columns of the format \`--format\` names is exit 2.
`;
