// `teamctl help sandbox`: The sandbox.
export const text = `# The sandbox

## sandbox

\`\`\`console
$ teamctl sandbox                                  # demo data on 127.0.0.1:8787
$ teamctl sandbox --port 0 --seed empty            # any free port, empty teams and glossary
$ teamctl sandbox --data ./sandbox.json            # keep the state (and token) across restarts
$ teamctl sandbox --latency 50 --fail-rate 0.1 --rate-limit 20 --fault-seed 7   # rehearse a flaky service
$ teamctl sandbox --write-fault team-create:late:3000 --write-fault invite:lost:503
$ teamctl sandbox --write-roster team.csv -- teamctl members sync --roster team.csv --prune --dry-run
\`\`\`

It serves all seven operations of the service under \`/v1\`: bearer auth (401 JSON
error otherwise), opaque page cursors, \`limit\` 1–1000 (else 400), 50 items per
page when \`limit\` is absent, the members bulk PUT with "remove wins", the
single-member PUT, DELETE answering 205 when a member was removed and 204 when
not, glossary \`insert\`/\`update\`/\`delete\` operations validated as a whole batch
before anything is applied (a 400 naming the operation), and JSON errors
\`{"error":{"code","message"}}\`. Users are matched by id or by e-mail
(case-insensitive). Teams: \`PUT /orgs/{org}/teams\` with \`{"title", "members"}\`
creates one (201 with the team; a fresh id, never the title — two teams may
share a title), \`GET\` and \`PATCH {"title"}\` on \`/orgs/{org}/teams/{teamId}\` read
and rename it (404 when unknown), and \`DELETE\` answers 205 when the team was
deleted and 204 when it did not exist. A title is 1–64 characters; \`members\` are
member ids of the organization. \`GET /orgs/{org}/teams?title=\` keeps the teams
whose title contains the text (any case). Organization members: \`GET
/orgs/{org}/members/{userId}\` answers the member (404 when not a member);
\`PATCH\` with \`{"role": "admin"|"create"|"edit"|"review"|"comment"|"read"|null}\`
(null: a guest) changes the role and answers the member (\`{}\` changes nothing;
any other role is a 400); \`DELETE\` answers 205 when the member was removed (it
leaves every team of the organization) and 204 when the user was not a member —
with the \`removalNeedsApproval\` option of \`startSandbox\`, 202 instead (the
removal sent to the admins as a request: nobody is removed, the request is
kept). \`POST /orgs/{org}/invites\` with \`{"emails": ["…", {"email", "role"}],
"role", "sso"}\` answers \`{"users", "invited", "failedSSOEmails"}\`: the e-mail of
an account the sandbox knows (a member of any of its organizations, a former
member, its admin) joins at once under that account's id; any other stays a
pending invitation (one per e-mail however often invited; no endpoint lists
them); \`invited\` counts the users added, as the document describes it.

Seeds: \`demo\` (organization \`acme\`, 50 users with mixed-case e-mails, teams
\`engineering\` titled "Platform Engineering" and \`design\` titled "Product
Design", a small multilingual glossary) and \`empty\` (the same organization,
users and titled teams, empty teams and glossary). An existing \`--data\` file
wins over \`--seed\`; a data file written before teams had titles still loads, its
teams titled by their ids.

### Running one command against it

\`teamctl sandbox [options] -- <command> [args…]\` starts the sandbox (on any free
port unless \`--port\` is given), runs the command with \`TEAMCTL_BASE_URL\`,
\`TEAMCTL_TOKEN\`, \`TEAMCTL_ORG\` and \`TEAMCTL_TEAM\` set (the first organization
and team) and a \`teamctl\` on its \`PATH\` that runs this teamctl, stops the
sandbox, and exits with the command's exit code: 128 + the signal's number when
a signal ended it, 127 when the command is not found, 126 when it cannot be run.
The banner is not printed, so stdout is the command's alone. SIGTERM and SIGHUP
sent to teamctl are passed on to the command; so is SIGINT when there is no
terminal (at a terminal, Ctrl-C reaches the command directly, and once). With
\`--data\` the state carries over from one run to the next.

\`--write-roster <file>\` writes a roster (\`email,role,name\`) for the first team
that differs from it by three users to add, one member made owner and one member
left out (removed by \`--prune\`). \`members list -o csv\` output is a valid roster
too. An existing file is not overwritten (exit 2, naming it) unless it already
holds exactly that roster, as when the quick start is run again.

### The data file

Its folder must exist: it is not created (exit 2, naming it).

\`--data <file>\` keeps the state (and the token, so the file is created \`0600\`).
Changes are written at most every 200 ms and once more when the sandbox stops
(Ctrl-C, SIGTERM, or the end of a \`--\` command), each time as a whole,
atomically (written to a temporary file, flushed to disk, then renamed), so the
file always holds one consistent state. A crash or \`kill -9\` can lose the
changes of the last 200 ms, never more, and never leaves a half-written file.

The file also keeps, per organization, what the service was sent of the writes
a client must never repeat (\`sent\`): the invitations accepted per e-mail (each
one mails the invitee, a repeat too), the teams created per title and the
removals sent to the admins as requests (answered 202) per user. A rehearsal
that sent each of them once shows 1 for each.

### Rehearsing at scale

Listings page through orders kept up to date as members and entries change (by
user id, by entry id, and by a language's translation for \`orderBy\`, built once
on first use), so a page costs about log n comparisons plus the page itself,
never a sort of the collection; a glossary PUT is validated against the batch
alone and applied in place, without copying the glossary; and \`--data\` writes
are coalesced as above. Paging through 100k entries is linear in their number
(\`test/sandbox/sorted-list.test.ts\` and \`test/sandbox/scale.test.ts\` count the
work). \`node test/sandbox/rehearsal-bench.js [--data]\` (after \`npm run build\`)
inserts 100k glossary entries in 100 PUTs and lists them all by id and by \`en\`:
on a 2-core machine with Node 20 that took 70 s of CPU (89 s with \`--data\`)
before these changes, and takes 3–4 s now.

### Faults

For rehearsing: \`--latency <ms>\`, \`--fail-rate\` (503 without processing),
\`--rate-limit\` (429 with \`Retry-After\`), \`--reset-rate\` (connection dropped
before processing), \`--ambiguous-rate\` (processed, then the connection is
dropped without an answer) and \`--late-rate\` (answered at once — a gateway's
**502 or 503** page, or a **503 in the service's own error JSON**, a third each
— then applied 50–300 ms later, like a gateway that gives up while the service
goes on; teamctl cannot tell that 503 from \`--fail-rate\`'s, which applies
nothing: for the glossary both are an unknown outcome, held back and settled by
listing) — the last two are the cases that make re-sending a non-idempotent
request dangerous. \`--fault-seed\` (default 1) makes runs repeatable: the n-th
request's fate and a late request's delay depend only on the seed and n (the
rate limit also depends on the clock), and adding \`--late-rate\` leaves the other
faults of a seed as they were. A late request still pending when the sandbox
stops is applied before it stops. Like a real service, the sandbox still applies
a request whose client gave up waiting (its \`--timeout\` ran out during the
latency); only the answer goes nowhere. \`--latency\` slows every request,
listings included; the tests hold one request alone longer than the client's
timeout with the \`delay\` test hook (\`src/sandbox/server.ts\`).

\`--write-fault <write>:<fault>\` aims a fault at one kind of write, the ones a
client must never send twice: \`invite\` (\`POST /orgs/{org}/invites\`),
\`team-create\` (\`PUT /orgs/{org}/teams\`), \`glossary\` (the glossary PUT) or
\`member-removal\` (\`DELETE /orgs/{org}/members/{userId}\`). The faults:
\`delay:<ms>\` answers that much later; \`lost\` (or \`lost:reset\`) applies the
write, then drops the connection without an answer; \`lost:500\` and \`lost:503\`
apply it, then answer that error; \`late:<ms>\` answers 503 at once and applies
the write that much later (a listing meanwhile does not show it); \`body:ok\`
and \`body:empty\` apply it and answer its 2xx with \`{"ok": true}\` or no body.
Add \`,every=<n>\` to strike every n-th request of that write only, \`,first=<n>\`
to strike n of them at most: \`--write-fault team-create:late:3000,first=1\`.
The flag is repeatable; the first rule that picks a request plays its fault, and
the other faults leave that request alone. A late write still pending when the
sandbox stops is applied before it stops.

The organization's admins, for rehearsing \`users set-role\` and
\`--from-organization\`: \`--caller-role <role>\` makes the token's user
(\`admin@sandbox.example.com\`) a member of each organization with that role; with
a role other than \`admin\`, role changes are answered 403 and removals from the
organization 202. \`--removal-needs-approval\` answers every removal 202 (sent to
the admins as a request, nobody removed). Without them the token's user is a
member of no organization and removals answer 205. Invitations: an e-mail of an
account the sandbox knows (a member of any of its organizations, a former
member) joins at once, any other stays pending; \`--invite-pending-rate <0..1>\`
keeps that share of the known ones pending too (decided by the e-mail, so runs
repeat), and the tests let a pending invitee join with \`store.acceptInvitation\`.

Where the service documents are silent the sandbox makes a choice and says so in
its code (\`src/sandbox/\`): an unknown user in a bulk add is a 400 naming it with
nothing applied; a new member gets the role \`member\`; a glossary \`update\`
replaces the entry's translations; updating or deleting an unknown entry is a
400; a team's members given at its creation join as \`member\`, and a member id
that names no member of the organization is a 400 with no team created; the
token's user does not join a team it creates (with the \`creatorJoins\` option of
\`startSandbox\` it joins as owner, so a client can be tried both ways); a
non-member is a 404 to GET and PATCH of \`/orgs/{org}/members/{userId}\`; an
invitation without a role gives \`read\`; inviting a current member changes
nothing; \`failedSSOEmails\` lists, when \`sso\` is true, the e-mails of members of
another organization, who join without SSO.
`;
