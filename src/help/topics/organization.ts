// `teamctl help organization`: Who is in the organization.
export const text = `# Who is in the organization

A user can only join a team of an organization they are a member of, so every
user a plan would add — named by \`members add\`, \`--add\`, \`--add-file\` or a
roster — is looked up among the organization's members **at plan time**: an
e-mail trimmed and in any case, an id exactly. Up to 10 users are looked up one
by one (an id by \`GET /orgs/{org}/members/{userId}\`, an e-mail by the service's
search, \`?search=\`); more are checked against one listing of the members. Users
who are already in the team cost no request, so \`members add\` of one user in an
organization of 10,000 sends one lookup.

Users who are not members are listed under the plan as **not in the
organization**, and the run is refused: **exit 3, nothing sent, dry runs
included**, naming them, \`--invite\` (see "Joiners") and \`--skip-unknown\`.
\`--skip-unknown\` leaves them out with a warning instead (for organizations whose
people arrive through SSO provisioning); the rest of the plan goes ahead. The
JSON report lists them as \`notInOrganization\`.

**A roster that matches nobody** is refused too (exit 3, \`--skip-unknown\` or
not): when none of its users is a member of the organization or of the teams it
names, and the plan would remove members. That is nearly always a roster read by
the wrong column (a \`login\` for an e-mail); the refusal names the column read
and \`--user-column\`.

This changes what a drift check says: a roster naming a new hire who has not
joined yet used to plan \`+ new.hire@example.com\` and exit 8 (or 0 with other
changes absent), then fail on the real run with the service's 400. It is now
exit 3 on the dry run too.

## Joiners

\`--invite\` (on \`members add\` and \`members sync\`) invites the users outside the
organization (\`POST /orgs/{org}/invites\`, at most 100 e-mails a request), then
adds those who joined to their teams in the same run:

- The organization role of each invitee is their row's \`orgRole\` (see
  "Organization roles and leavers"), else \`--invite-role\` (default \`read\`;
  \`guest\` too). \`--sso\` invites them as SSO users; the e-mails the service could
  not add as SSO users are said on their row.
- A user named by id cannot be invited: exit 2, asking for the e-mail.
- The answer lists the users the organization added at once; teamctl reads the
  members once the invitations are answered, and places in their teams those who
  are members now (their team read again, the adds sent and read back). The
  others are **invited, pending**: not a failure.
- teamctl records each invitation it sent (e-mail, organization, base URL, time)
  in its config folder, \`invitations/\`, one private file each. The service lists
  no pending invitations, so this record is how a pending invitee is known: they
  are **not invited again** until \`--reinvite-after <days>\` (default 7) has
  passed. The plan shows them as pending; a drift check (\`--dry-run
  --exit-code\`) still counts them as drift (exit 8), while a real run sends
  nothing for them. Once they join, the next run adds them to their teams like
  any member. The record is per config folder: a CI job that invites keeps
  \`$TEAMCTL_CONFIG_DIR/invitations/\` between its runs (a cache of that folder),
  or each run invites the pending ones again.
- An invitation sends mail, so it is sent again only when it cannot have been
  processed (a refused connection, a 429). Any other failure is an unknown
  outcome: recorded as sent, settled by reading the members, and never sent
  again in that run.
- The invitations and placements run after the team changes (a team is read for
  the placement as those changes left it). A team that cannot be read fails
  its placement (each invitee's add, with why) and the other teams go on; the
  next run adds them. The JSON report has \`invited\`, \`pending\` and
  \`placed\` (each team's report of the placement).
- \`--plan-out\` keeps the invitations in the plan (kind \`organization\`, beside
  the team changes; \`apply --show\` lists them as \`invite\`). \`apply\` sends them
  once, and refuses the plan (exit 3) when an invitee joined the organization
  since it was made. \`--invite\` with \`--create-teams\` placing an invitee in a
  team to create is exit 2: create the teams first.

\`\`\`console
$ teamctl members add new.hire@example.com --invite --dry-run
$ teamctl members sync --roster team.csv --invite --invite-role edit --dry-run
\`\`\`

## Organization roles and leavers

**Organization roles.** \`users set-role <user…> --role <role>\` gives each named
member (e-mail or id) that organization role: \`admin\`, \`create\`, \`edit\`,
\`review\`, \`comment\`, \`read\`, or \`guest\` (the service's null). A team role
(\`owner\`, \`member\`) is refused (exit 2), naming \`members set-role\`. It runs like
every change: \`--dry-run\`, \`--plan-out\` then \`apply\`, \`--report\`, \`-o markdown\`,
a read-back of the members after applying. Promotions are sent before demotions.

\`\`\`console
$ teamctl users set-role kenji.sato@example.com --role admin --dry-run
$ teamctl users set-role olivia.johnson@example.com pedro.alves@example.com --role guest
\`\`\`

**Leavers.** \`members offboard <user…> --from-organization\` takes each leaver
out of every team (as \`members offboard\` does), **then** out of the organization
(\`DELETE /orgs/{org}/members/{userId}\`), in one plan. A leaver in no team is
still taken out of the organization. Removals from the organization need
confirmation at a terminal, or \`--yes\`. Each outcome is reported as the service
answered it:

| answer | reported | exit |
|---|---|---|
| 205 | removed from the organization | 0 |
| 204 | was not a member | 0 |
| 202 | **removal requested** from the organization's admins: the user is still a member, and the read-back does not call that a discrepancy | 6 |

A removal may send mail (202), so it is sent again only when it cannot have been
processed (a refused connection, a 429); any other failure is an unknown
outcome, settled by reading the members again, never by sending it again.

**Guards**, checked on dry runs too (exit 3, nothing sent):

| guard | \`--force\` |
|---|---|
| the token's own user (\`GET /user\`) is never removed from the organization or demoted | does not override |
| the last admin that is not disabled is never removed or demoted | does not override |
| a caller who is a member but not an admin cannot change organization roles | does not override |
| \`--max-org-removals <n\\|p%>\` (default \`5%\` of the members, at least 1) | overrides, with a warning |

**From the roster.** An organization roster (a \`team\` column) can carry the
organization too:

\`\`\`csv
team,email,role,orgRole
engineering,alice.martin@example.com,owner,admin
engineering,maria.rossi@example.com,,edit
design,kenji.sato@example.com,owner,
\`\`\`

- \`--org-roles\` plans the roles of its \`orgRole\` column (also \`org role\`,
  \`organization role\`; \`guest\` is the service's null). **Only with the flag**:
  \`members list -o csv\` writes that column, and a roster bootstrapped from it
  never changes roles by itself. An empty cell keeps the role; one user given
  two roles on two lines is exit 2 naming both lines. This column is read with
  any roster, a single team's too.
- \`--prune-organization\` removes from the organization every member the roster
  does not name, except guests unless \`--prune-guests\`. It needs a \`team\` column
  (exit 2 otherwise), confirmation at a terminal or \`--yes\`, and stays within
  \`--max-org-removals\`.
- \`--keep <user…>\`, \`--keep-file <file>\` and the config key \`keep\` protect users
  from every prune (a team's and the organization's) and from a roster's
  demotion. The plan lists them as **kept (protected)**, and the JSON report as
  \`kept\`. Naming a kept user explicitly (\`members offboard\`, \`users set-role\`)
  is allowed, with a warning.

The plan runs in this order: the organization role changes (promotions first),
the team changes, then the removals from the organization — so nobody loses
their teams before the organization, and a new admin is in place before another
is demoted. The guards above check the whole plan.

\`\`\`console
$ teamctl members sync --roster org.csv --prune --org-roles --dry-run
$ teamctl members sync --roster org.csv --prune --org-roles --plan-out plan.json   # then: teamctl apply plan.json
\`\`\`

With the sandbox's demo organization, adding \`--prune-organization\` to these is
refused: 24 of its 49 members are in neither team of \`org.csv\`, more than
\`--max-org-removals 5%\` allows.

A saved plan of these commands (kind \`organization\`) is stale only when a member
it touches (their role, whether disabled, whether still a member), the
organization's active admins or the token's user changed since it was made, so a
big organization's plan survives its review. The JSON report has
\`orgRoleChanged\`, \`removedFromOrganization\`, \`removalRequested\`,
\`notInOrganization\` and \`kept\` (and, with \`--create-teams\`, \`teamsCreated\`: each
team's \`id\` and \`title\`, the id null in a plan), beside the team fields of
\`members offboard\`; the \`--report\` CSV has one row per team and user and
action, with an empty \`team\` for the organization's own changes (\`org-role\`,
\`remove-from-organization\`).
`;
