// `teamctl help organization`: Who is in the organization.
export const text = `# Who is in the organization

A user can only join a team of an organization they are a member of, so every
user a plan would add (by \`members add\`, \`--add\`, \`--add-file\` or a roster) is
looked up among the organization's members **at plan time**: an e-mail in any
case, an id exactly. Users already in the team cost no request.

Users who are not members are listed under the plan as **not in the
organization** (\`notInOrganization\` in JSON), and the run is refused: **exit 3,
nothing sent, dry runs included**, naming \`--invite\` (see "Joiners") and
\`--skip-unknown\`, which leaves them out with a warning instead (for people who
arrive through SSO provisioning). So a drift check whose roster names a new
hire who has not joined yet exits 3, not 8.

**A roster that matches nobody** (none of its users is a member, and the plan
would remove members) is refused too (exit 3): nearly always a roster read by
the wrong column, so the refusal names the column read and \`--user-column\`.

## Joiners

\`--invite\` (on \`members add\`, \`sync\`, \`onboard\`) invites the users outside the
organization (\`POST /orgs/{org}/invites\`, at most 100 e-mails a request), then
adds those who joined to their teams in the same run:

- Each invitee's organization role is their row's \`orgRole\` (see below), else
  \`--invite-role\`. A user named by id cannot be invited (exit 2).
- Those who are not added at once are **invited, pending**, not a failure; the
  next run after they join adds them to their teams.
- An invitation sends mail, so it is never sent twice: teamctl records it in
  its journal before sending it (\`teamctl help reliability\`), and a pending
  invitee is **not invited again** until \`--reinvite-after <days>\` (default
  7) has passed. A drift check still counts them as drift (exit 8). A CI job
  that invites keeps \`$TEAMCTL_CONFIG_DIR/journal/\` between runs (a cache),
  or each run invites the pending ones again.
- \`--plan-out\` keeps the invitations in the plan; \`apply\` sends them once, and
  refuses the plan (exit 3) when an invitee joined since it was made.

\`\`\`console
$ teamctl members add new.hire@example.com --invite --dry-run
$ teamctl members sync --roster team.csv --invite --invite-role edit --dry-run
\`\`\`

## A joiner's day

\`members onboard <e-mail…> --team a,b[:owner]\` is the mirror of \`members
offboard\`: one plan that invites the person if they are not a member
(\`--invite\`), sets their organization role (\`--org-role <role>\`, also the role
they are invited with), and places them in every team named (by id or title)
with its role: \`:owner\`, else \`member\` (a member keeps their role in a team
unless one is named). Every other member is left alone.

- It runs like every change: \`--dry-run\` (and \`--exit-code\`), \`--plan-out\`
  then \`teamctl apply\`, \`--report\`, \`--yes\`, the guards.
- Someone invited who has not accepted is not a member yet, and no team can
  take them: the plan says **pending**, the run places what it can, and the
  same command run after they accept places them, inviting nobody again.
- \`members add <user…> --team a,b\` adds the same users to each team.
- In the sandbox, \`teamctl sandbox accept <e-mail>\` plays the person signing in.

\`\`\`console
$ teamctl members onboard ana@example.com --team engineering,design --invite
$ teamctl sandbox accept ana@example.com
$ teamctl members onboard ana@example.com --team engineering,design --invite
\`\`\`

## Organization roles and leavers

**Organization roles.** \`users set-role <user…> --role <role>\` gives each named
member (e-mail or id) that organization role: \`admin\`, \`create\`, \`edit\`,
\`review\`, \`comment\`, \`read\`, or \`guest\` (the service's null); a team role is
refused (exit 2), naming \`members set-role\`. It runs like every change, with a
read-back after applying; promotions are sent before demotions.

\`\`\`console
$ teamctl users set-role kenji.sato@example.com --role admin --dry-run
$ teamctl users set-role olivia.johnson@example.com --role guest
\`\`\`

**Leavers.** \`members offboard <user…> --from-organization\` takes each leaver
out of every team (as \`members offboard\` does), **then** out of the organization
in one plan; a leaver in no team is still taken out of the organization. Their
direct grants on spaces, collections and sites are revoked in the same plan,
before they leave the organization (\`teamctl help access\`). These removals
need confirmation at a terminal, or \`--yes\`. Each is reported as the service
answered it:

| answer | reported | exit |
|---|---|---|
| 205 | removed from the organization | 0 |
| 204 | was not a member | 0 |
| 202 | **removal requested** from the organization's admins | 6 |

After a 202 the user is still a member until an admin approves. A removal is
never sent twice: after an unknown outcome the members are read again.

**Guards**, checked on dry runs too (exit 3, nothing sent):

- your own account (the token's user) is never removed or demoted;
- the last admin who is not disabled is never removed or demoted;
- a caller who is a member but not an admin cannot change organization roles
  or make SSO members;
- \`--max-org-removals <n|p%>\` (default \`5%\` of the members, at least 1).

\`--force\` overrides only the last one, with a warning. In the sandbox the
token's user is in no organization, so the guards on your own account apply
only when you start it with \`--caller-role admin\` (\`teamctl help sandbox\`).

**From the roster.** An organization roster (a \`team\` column) can carry the
organization too:

\`\`\`csv
team,email,role,orgRole
engineering,alice.martin@example.com,owner,admin
engineering,maria.rossi@example.com,,edit
design,kenji.sato@example.com,owner,
\`\`\`

- \`--org-roles\` plans the roles of its \`orgRole\` column (also \`org role\`,
  \`organization role\`), with any roster; without the flag a roster
  bootstrapped by \`members list -o csv\` never changes roles. An empty cell
  keeps the role; one user given two roles is exit 2 naming both lines.
- \`--prune-organization\` removes from the organization every member the roster
  does not name, except guests unless \`--prune-guests\`. It needs a \`team\` column
  (exit 2 otherwise), confirmation at a terminal or \`--yes\`, and stays within
  \`--max-org-removals\`.
- \`--keep <user…>\`, \`--keep-file <file>\` and the config key \`keep\` protect users
  from every prune (a team's and the organization's) and from a roster's
  demotion; the plan lists them as **kept (protected)**. Naming a kept user
  (\`members offboard\`, \`users set-role\`) is allowed, with a warning.

The plan runs in this order: the organization role changes (promotions first),
the team changes, then the removals from the organization, so a new admin is in
place before another is demoted. The guards above check the whole plan.

\`\`\`console
$ teamctl members sync --roster org.csv --prune --org-roles --plan-out plan.json
$ teamctl apply plan.json
\`\`\`

A saved plan of these is stale only when a member it touches, the active
admins or the token's user changed since it was made. The JSON report has
\`orgRoleChanged\`, \`ssoMemberSet\`, \`removedFromOrganization\`, \`removalRequested\`,
\`notInOrganization\`, \`kept\`, \`failed\` and \`unknown\` (the removals, role
changes and invitations sent whose answer was lost: they may have been made)
(with \`--create-teams\`, \`teamsCreated\`: each team's \`id\` and \`title\`, the id
null in a plan); the \`--report\` CSV has an empty \`team\` and \`teamTitle\`
for the organization's own changes.

## SSO members

\`whoami\` shows the organization's SAML providers (\`GET /orgs/{org}/saml\`):
each one's default team (title and id) and default role, where SSO sign-ins
land before any team is mapped. A token that may not read them (403) or an
organization with none is said on that line; \`whoami\` still exits 0.

- \`--invite --sso\` invites the new people as SSO members.
- \`--set-sso\` (\`members sync\` with a roster) makes each member whose \`sso\`
  cell says \`true\` or \`yes\` an SSO member (\`POST …/members/{userId}/sso\`),
  in the plan's first part with the organization roles: shown by a dry run,
  kept by \`--plan-out\`, sent by \`apply\`, \`sso-member\` rows in \`--report\`.
  Members SSO already cost nothing, so a second run sends nothing. A kept user
  (a break-glass account) is never made one. Without the flag nothing changes.

\`\`\`console
$ teamctl whoami
$ teamctl members sync --roster sso.csv --set-sso --invite --sso --dry-run
\`\`\`

**Team titles.** A title teamctl writes (\`teams create\`, \`teams rename\`,
\`--create-teams\`) holds no character Unicode counts as invisible, direction,
separator, control or format (\`Default_Ignorable_Code_Point\`,
\`Bidi_Control\`, \`Zl\`, \`Zp\`, \`Cc\`, \`Cf\`: U+200B, U+202E, U+2028,
U+3164, a soft hyphen …): exit 2, naming the character, nothing sent.
`;
