// `teamctl help sandbox`: The sandbox.
export const text = `# The sandbox

## sandbox

\`\`\`console
$ teamctl sandbox                         # demo data on 127.0.0.1:8787
$ teamctl sandbox --port 0 --seed empty   # any free port, no teams or terms
$ teamctl sandbox --write-fault team-create:late:3000 \\
    --write-fault invite:lost:503
\`\`\`

A local server that behaves like the service, for rehearsing anything before
touching production: it serves the service's operations under \`/v1\` (members,
teams, organization members and invitations, the glossary; spaces, collections
and sites with their grants) with bearer auth, paging and JSON errors, and
prints its base URL, token and the \`export\` lines to paste into another
shell. It holds 100,000 glossary entries and more.

Seeds: \`demo\` (organization \`acme\`, 50 users with mixed-case e-mails, teams
\`engineering\` titled "Platform Engineering" and \`design\` titled "Product
Design", a small multilingual glossary, and spaces, collections and sites with
team and user grants) and \`empty\` (the same organization, users, titled teams
and resources, no team members, grants or glossary). An existing \`--data\`
file wins over \`--seed\`.

### Running one command against it

\`teamctl sandbox [options] -- <command> [args…]\` starts the sandbox (on any free
port unless \`--port\` is given), runs the command with \`TEAMCTL_BASE_URL\`,
\`TEAMCTL_TOKEN\`, \`TEAMCTL_ORG\`, \`TEAMCTL_TEAM\` and \`TEAMCTL_SANDBOX_ID\` (below)
set and this teamctl as \`teamctl\` on its \`PATH\`, stops the sandbox, and exits
with the command's exit code; signals sent to teamctl reach the command.

\`--write-roster <file>\` writes a roster (\`email,role,name\`) for the first team
that differs from it by three users to add, one member made owner and one member
left out (removed by \`--prune\`). An existing file is not overwritten (exit 2,
naming it) unless it already holds exactly that roster.

\`--write-access <file>\` writes an access file (\`resource,team,user,role\`, a
general access row with \`*\` in \`team\`) one grant added, one role raised, one
grant left out and one space's general access raised away from the sandbox's
grants. An existing file is not overwritten.

\`--write-groups <file>\` writes a group export as Okta's Group Membership report
does, for the first two teams, and \`--write-group-map <file>\` the map that
turns its groups into them (\`teamctl help directory\`): a newcomer in each
team, a new hire to invite, a member made owner, a suspended member, and a
group no map row names.

### The data file

\`--data <file>\` keeps the state, and the token, across restarts and \`--\` runs
(created \`0600\`; its folder must exist, else exit 2). Its identity
(\`TEAMCTL_SANDBOX_ID\`, from the token) names it in teamctl's journal whatever
its port: a write rehearsed twice is sent once. It is written whole and
atomically at most every 200 ms and when the sandbox stops: a crash can lose the
last 200 ms of changes, never leave a half-written file.

The file also keeps, per organization, what the service was sent of the writes
a client must never repeat (\`sent\`): the invitations accepted per e-mail (each
one mails the invitee, a repeat too), the teams created per title and the
removals sent to the admins as requests (answered 202) per user, and the user
grants on a space, collection or site per resource and user (each one may
notify the user). A rehearsal that sent each of them once shows 1 for each.

### Faults

\`--latency\`, \`--fail-rate\`, \`--rate-limit\`, \`--reset-rate\`, \`--ambiguous-rate\`
and \`--late-rate\` (\`teamctl sandbox --help\`) rehearse a flaky service; the
last two (processed, then no answer or a 502/503) are what make re-sending a
glossary write dangerous. \`--fault-seed\` (default 1) makes runs repeatable.
Like a real service, the sandbox applies a request whose client gave up waiting.

\`--write-fault <write>:<fault>\` aims a fault at one kind of write a client must
never send twice: \`invite\`, \`team-create\`, \`glossary\`, \`member-removal\`
(a removal from the organization) or \`access-grant\` (a grant on a space,
collection or site, \`POST …/permissions\`, team or user). The faults:
\`delay:<ms>\` answers that much later; \`lost\` (or \`lost:reset\`) applies the
write, then drops the connection without an answer; \`lost:500\` and \`lost:503\`
apply it, then answer that error; \`late:<ms>\` answers 503 at once and applies
the write that much later (a listing meanwhile does not show it); \`body:ok\`
and \`body:empty\` apply it and answer its 2xx with \`{"ok": true}\` or no body.
Add \`,every=<n>\` to strike every n-th request of that write only, \`,first=<n>\`
to strike n of them at most: \`--write-fault team-create:late:3000,first=1\`.
The flag is repeatable; the first rule that picks a request plays its fault.
A late write still pending when the sandbox stops is applied before it stops.

### The organization's admins

The token's user (\`admin@sandbox.example.com\`) is a member of no organization
unless \`--caller-role <role>\` makes it one, with that role. To rehearse \`users
set-role\` and \`members offboard --from-organization\` as an admin would, start
the sandbox with \`--caller-role admin\`; with another role, role changes are
answered 403 and removals from the organization 202. \`--removal-needs-approval\`
answers every removal 202 (sent to the admins as a request, nobody removed).

\`\`\`console
$ teamctl sandbox --caller-role admin -- teamctl members offboard \\
    thomas.muller@example.com --from-organization --dry-run
\`\`\`

### Invitations

An e-mail of an account the sandbox knows (a member of any of its
organizations, a former member) joins at once, any other stays pending;
\`--invite-pending-rate <0..1>\` keeps that share of the known ones pending too.
\`teamctl sandbox accept <e-mail…>\`, with the settings the sandbox prints, has a
pending invitee accept, as when they sign in: a member now, with the role they
were invited with (\`POST /v1/sandbox/orgs/{org}/invites/accept\`, the
sandbox's own request; no fault strikes it). Rehearse a joiner's day with it.
The demo has one SAML provider (default team \`engineering\`, role \`read\`),
the \`empty\` seed none; \`PUT /v1/sandbox/orgs/{org}/saml\` with
\`{"providers": [{"label": "Okta", "defaultTeam": "design"}]}\` sets them.

### Access

Spaces, collections and sites with their grants, general access and aggregate
listings, and invite links (the demo's: one above read); only an admin of the
organization or of the resource changes access (else 403). A user has the
highest of their grant, their teams' and general access (\`inherit\`: the
collection's; at the top, the organization role).

Where the service's documents are silent, the sandbox makes a choice: an unknown
user in a bulk add is a 400 naming it, with nothing applied; a new member gets
the role \`member\`; a glossary \`update\` replaces the entry's translations; the
token's user does not join a team it creates; an invitation without a role
gives \`read\`.
`;
