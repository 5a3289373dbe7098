// `teamctl help directory`: the identity provider's groups become teams.
export const text = `# Directory sync: the identity provider's groups become teams

The identity provider (Okta, Entra ID, Google Workspace, JumpCloud) says who is
in which group. \`members sync\` reads its group export as the roster and a small
**group map** that says which team each group feeds; every mapped team is then
synced in one plan, as a roster with a \`team\` column would be:

\`\`\`sh
teamctl members sync --roster export.csv --group-map groups.csv --dry-run
\`\`\`

The exports teamctl reads, and how each is known, are in
\`teamctl help rosters\` ("Groups from the identity provider");
\`--format <name>\` names one whose header is not enough. \`--roster\` may be
a folder of one-group exports (Entra's "Download members", a Google group's
members), each file's group its file name; \`--group <name>\` names the group
of a single such file.

## The group map

A CSV with the header \`group,team,role\` (any case and order; without \`role\`,
everyone is a member), a row per group and team:

\`\`\`csv
group,team,role
eng-*,*,member
platform-leads,Platform,owner
platform-leads,Architecture,member
/^design-(.+)$/,Design $1,member
\`\`\`

- **group**: a group's name, a pattern with one \`*\` (\`eng-*\`: one or more
  characters), or a regular expression between slashes (\`/^design-(.+)$/\`),
  which must match the whole name (quote a cell that holds a comma, as in any
  CSV). Names, patterns and expressions compare in any case, as identity
  providers do: \`Platform-Leads\` is \`platform-leads\`.
- **team**: the team's id or title (titles in any case). A \`*\` in it is what
  the group's \`*\` matched, as the export spells it (\`eng-*\` → \`*\` maps
  \`eng-data\` to \`data\`); \`$1\`, \`$2\` … are the expression's groups.
- **role**: \`owner\` or \`member\`; empty is member.

A group may feed several teams, and a team take several groups. A person in two
groups that feed one team gets the higher role (owner over member). The map
decides every mapped team's roles; the export's own role column is read only
with \`--role-map\` (\`teamctl help rosters\`), and then decides them.

The map is checked before anything is read from the service, every problem on
its line (exit 2, nothing sent): a role other than owner or member, an empty
group or team, a pattern with two \`*\`, an expression that is not one or a \`$2\`
it lacks, an expression repeating a repetition (\`(a+)+\`: slow on long names),
the same group and team on two rows, a file over 1 MB.

## What is ignored, warned about, refused

- **A group the map does not name** is ignored. The run names them, the plan
  ends with their count ("Groups: 4 mapped by groups.csv, 12 not in the map
  ignored."), and a JSON report lists them under \`directory\`.
- **A map row that matches no group** of the export is a warning naming the
  map's line: a group renamed or emptied in the identity provider. With
  \`--strict\` it is exit 2, nothing sent: use it where the map must stay exact.
- **A team whose groups have nobody active** is left as it is, with a warning:
  a group missing from an export never empties a team.
- **A mapped team that does not exist** is exit 2 naming the map's line and
  the team, nothing sent. \`--create-teams\` creates it, then fills it.
- **Teams the map does not name** are never read or changed.
- People an export marks inactive or suspended are left out, as in any roster,
  so \`--prune\` removes them.

## One plan

The export and the map make one organization roster; the run over every team
it names is the one of \`teamctl help rosters\` ("Many teams from one roster"),
with every guard of \`teamctl help guards\` and all of
\`teamctl help organization\`: in one reviewed plan,

- \`--invite --sso\` invites those not yet in the organization as SSO users
  (\`--invite-role\` their organization role), and places them in their teams
  once they join (a later run places those still pending);
- \`--set-sso\` makes the members the export marks SSO (every person of an
  identity provider's export; an \`sso\` column of teamctl's own) SSO members;
- \`--prune\` removes, from each mapped team, whoever is in none of its groups:
  a leaver who left every group leaves every mapped team. Without \`--prune\`,
  teams only gain members and change roles;
- \`--prune-organization\` removes from the organization whoever the export
  places in no team; \`--keep\` (or the config key \`keep\`) protects
  break-glass accounts from every removal and demotion;
- \`--max-removals\` and \`--min-owners\` guard each team, as always.

A saved plan is reviewed, then applied (\`teamctl help plans\`). A run that
creates teams can neither save its plan nor invite people into those teams:
create them first (\`teamctl teams create\`), or run \`--create-teams\` on its
own, without \`--plan-out\` or \`--invite\`.

## A worked example

\`export.csv\`, teamctl's own group export (a user column and a \`groups\`
column, several groups in a cell separated by \`;\`):

\`\`\`csv
email,groups
ana@example.com,eng-platform;platform-leads;all-staff
bo@example.com,eng-data
cy@example.com,design-brand
\`\`\`

With the map above, Ana is an owner of Platform (\`eng-*\` makes her a member
of \`platform\`, the same team since titles compare in any case, and
platform-leads an owner: the higher role wins) and a member of Architecture;
Bo is a member of \`data\`, Cy of "Design brand". \`all-staff\` is ignored.
Every one of those teams must exist, or \`--create-teams\` creates it. Review,
then apply:

\`\`\`sh
teamctl members sync --roster export.csv --group-map groups.csv --dry-run
teamctl members sync --roster export.csv --group-map groups.csv --prune \\
  --invite --sso --plan-out plan.json
teamctl apply plan.json
\`\`\`

A second run sends nothing. Nightly, the same command with
\`--dry-run --exit-code\` is exit 8 while any mapped team differs from its
groups: \`teamctl help ci\` has the recipe. To rehearse, the sandbox writes an
export and a map to try (\`teamctl help sandbox\`):
\`teamctl sandbox --write-groups okta.csv --write-group-map groups.csv\`.
`;
