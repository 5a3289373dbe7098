// `teamctl help reliability`: Reliability.
export const text = `# Reliability

What teamctl guarantees against a hostile or flaky world, and what it cannot:

- **Nothing lost, nothing doubled.** Members changes are idempotent and retried;
  the glossary PUT is not, and is never sent again after an unknown outcome
  before its hold-back time (\`--hold-back\`) has passed (see "Reliability:
  requests whose outcome is unknown" under \`glossary import\`). The read-back
  after every run settles each change's row. What cannot be seen: a request the
  service applies after teamctl's final listing.
- **The fault matrix** in \`npm test\` (\`test/e2e/fault-matrix.test.ts\`) runs a
  300-user roster sync and a 400-row glossary import against ten fault seeds of
  the sandbox (resets, 503, 429 with \`Retry-After\`, answers lost after applying,
  requests answered 502 or 503 (a gateway's page or the service's own JSON) that
  the service applies later; \`--fail-rate\`'s 503 is held back and settled by
  listing like any unknown outcome): each ends in the exact intended state with
  no duplicate, re-running where a run ended with exit 6. Under the same faults,
  every seed also runs two imports that meet (two profiles of one config folder,
  one through \`localhost\`, the other through \`127.0.0.1\`), and three seeds stop
  an import with SIGTERM in the middle of a batch and run it again: nothing is
  doubled in any of them.
- **Paths.** Identifiers are single encoded path segments; \`.\`/\`..\`, separators
  and control characters are refused before any request (see "Talking to the
  service" (\`teamctl help environment\`)).
- **Bounded input.** An \`.xlsx\` has bounds of its own, checked while inflating
  (see "Spreadsheets (.xlsx)"). An input file (roster, user list, glossary) is
  read as a stream up to 100 MB, stopping at the first byte that is not UTF-8:
  \`--roster /dev/urandom\` fails on its first chunk and \`glossary import
  /dev/zero\` at 100 MB, with exit 2 and nothing sent; a regular file over the
  limit is refused before it is read. A TBX file is fed to the XML parser chunk
  by chunk as it is read, and each concept becomes its row as it closes, its
  terms copied out of the piece of the file they were parsed from (a kept slice
  would keep its whole 1 MB piece alive): a 99 MB TBX-Basic file of 98,000
  concepts in 5 languages, each with a definition and a part of speech, peaks at
  400–420 MB on Node 20 and 460–475 MB on Node 24 for a dry run against an empty
  sandbox (\`/usr/bin/time -v teamctl glossary import big.tbx --dry-run -q\`; it
  took 710 MB before the streaming reader, 555 MB before the copies). A plan
  file (\`teamctl apply\`) is read the same way up to 128 MB — a plan of 100,000
  glossary rows updating 100,000 entries in 5 languages weighs 48 MB — and must
  be a regular file: a device, a pipe or a symlink to one is refused (exit 2,
  naming the file); \`--plan-out\` refuses to write a plan over 128 MB. The config
  file is read up to 1 MB (a profile is a few hundred bytes) and must be a
  regular file, not a symbolic link (see "teamctl's own files"); a value of the
  wrong type (\`{"profiles":{"default":{"org":5}}}\`) is exit 2 naming the file
  and the key (\`"profiles.default.org" is not a string (a number)\`).
- **teamctl's own files.** The config file, the glossary journal and its lock,
  the \`applied-plans/\` records and the completion cache are opened without
  waiting and must be regular files: a FIFO, a device or a directory in their
  place is an error naming the file (exit 2; the journal and its lock exit 1,
  nothing sent) — never a run that hangs. A symbolic link as the file itself is
  refused too, and nothing is written through it; a link further up the path (a
  dotfile manager linking \`~/.config/teamctl\`) works as usual. The completion
  cache, which must never stand in the way of typing, reads such a file as no
  cache and leaves it as it is. \`GITHUB_STEP_SUMMARY\` is opened the same way (a
  link is followed): anything but a regular file there is a warning naming it,
  and the run goes on. \`--timeout\` takes 0.1 to 3600 seconds.
- **Files that cannot be written.** Every file teamctl writes (\`--report\`,
  \`--plan-out\`, \`glossary export -f\`, \`--write-roster\`, the sandbox's
  \`--data\`, the config file, the invitation and applied-plan records) is a
  regular file or a new one: a FIFO there is refused at once (exit 2). A write
  that fails (a full disk, a quota, a read-only folder) is one line naming the
  file and the cause (\`error: cannot write --report out.csv: no space left in
  /ci\`), exit 2, and the previous file is left as it was. When the change was
  already applied, the summary is printed and the run exits 6: the report is
  what failed. An invitation sent whose record cannot be written is said the
  same way (exit 6): a later run may invite that person again.
- **The token** is redacted from every stream and every file.
- **Answers of the wrong shape** are refused where they are parsed, with exit 1
  and the field named (\`unexpected response from the service: field "next.page"
  is not a string (2) (page 1 of the members of team engineering)\`): a list item
  without \`organization.user.id\` or a \`team.role\` of owner/member, a glossary
  entry without a string \`id\` or with a translation that is not a string, a page
  without an \`items\` array, a cursor that is not a string, \`glossary get\`
  answered with anything but an entry. Never a stack trace, never a list
  silently cut short.
- **Bounded answers.** One answer is read up to 64 MB (a page of 1,000 members
  is well under 2 MB); one listing up to 20,000 pages, 5,000,000 items and 256
  MB of answers (100,000 entries or members are under 60 MB) — a service that
  keeps returning new cursors, or pages of huge items, stops with exit 1 instead
  of filling memory. Fields are held to the service's own limits: an e-mail over
  254 characters, a user id, member id or entry id over 255, a translation over
  255 (the published schema's \`maxLength\`, in code points) is an answer of the
  wrong shape (exit 1, the field named). A display name has no published limit;
  over 1,024 characters (ten times what name fields allow) it is refused too. A
  user listed twice in one page of a team's members is an answer of the wrong
  shape, never collapsed silently (across pages, where a listing can race a
  change, it counts once).
- **Text from outside on a terminal.** Everything written to stderr, and to
  stdout when it is a terminal, has its control characters spelled out (\`\\e[2J\`,
  \`\\u202e\`, \`\\u2028\`, …): an error message, an e-mail or a translation cannot
  clear the screen, set the window title, overwrite a line or hide text. Colour
  codes pass only in what teamctl colours itself (a table's headings, a plan's
  lines), after the values from outside in it were made one line; a colour code
  in data is always spelled out (\`\\e[8m\`). Values embedded in a line are made
  one line, so they cannot forge an \`error:\` line: a service's message, a user's
  name and e-mail, an entry id, a saved plan's command, organization, time and
  file, a journal lock's or an applied plan's record. A service's error message
  is shown to at most its first 500 characters. Data written to a pipe or a file
  is left as it is (TSV escapes its own separators; CSV and JSON quote), but
  line-based output — \`whoami\`, \`auth status\`, \`config list\` — makes its values
  one line on a pipe too.

## Reliability: requests whose outcome is unknown

The glossary PUT is not idempotent, so teamctl never sends it again blindly.
When a batch ends without a clear outcome — a timeout (teamctl's \`--timeout\`, or
a gateway's \`504\`), a dropped connection, a \`500\`, \`502\` or \`503\` (whatever its
body), an unreadable answer — teamctl does this:

- **Wait first.** After a timeout the service may still be processing the
  request: teamctl waits at least the request timeout (\`--timeout\`, default 30
  s) plus a short check delay (a tenth of \`--timeout\`, at most 0.5 s) before it
  looks. After other failures it waits what \`Retry-After\` asked for (up to 60
  s), else from the second unknown outcome in a row the retry backoff, and at
  least the check delay.
- **See what landed.** teamctl lists the glossary to see which operations of the
  batch landed; those count as applied. Two listings, a check delay apart, must
  agree on what is missing; while they keep changing (the batch is landing as
  teamctl looks), it lists again, up to 4 times.
- **Hold back, go on.** The operations that had not landed are held back, not
  sent again: the journal keeps them, and the run goes on with the next batch,
  so one transient 503 does not end an import. Once the hold-back time (see
  below) has passed since they were sent, teamctl lists the glossary again: what
  landed counts as applied, and what is still missing is sent again — recorded
  in the journal first, like any batch. An operation is sent at most 5 times in
  a run. The run stops (later batches \`not sent: …\`) only when the glossary
  cannot be listed, when \`Retry-After\` asks for more than 60 s, or after 5
  unknown outcomes in a row.
- **Final verification.** After the last batch, teamctl lists the glossary once
  more and compares it with what it expects (the glossary as first read plus the
  operations confirmed): a failed operation found there counts as applied
  ("landed after all"); a confirmed insert, update or delete the listing does
  not show is not counted as applied but reported in \`failed\` on its line (\`the
  insert was confirmed but is not in the glossary listed after the run; …\`), so
  a service that answers 204 and applies nothing gets \`0 inserted … 3 failed\`
  and exit 1; a set of translations present more often than expected is reported
  in \`failed\` on its line too. If the verification listing itself fails,
  \`failed\` gets an entry with \`line: 0\`.

**The hold-back time** is \`--hold-back <seconds>\` (default 60: twice the default
\`--timeout\`, long enough for a request the service accepted to have been
processed) on \`glossary import\`, \`sync\`, \`delete\` and \`apply\` of a glossary
plan. A run whose operations are still held back when its last batch is sent
waits for them: a line says how long (on a terminal, a countdown follows), then
it settles them by a listing and sends what is proven missing, before it exits.
An import under transient faults therefore ends complete, with exit 0:

    teamctl glossary import terms.csv --hold-back 120

With \`--no-settle\` the run does not wait: whatever is still held back fails with
\`outcome unknown: … held back until <time>: a run after that sends it if it is
still missing\`, stays in the journal, and the exit code is 6:

    teamctl glossary sync terms.csv --no-settle

**What is recorded, and where.** Each glossary batch is written to the journal
before its request leaves: its operations and the time it was sent, under the
service's origin and the organization. A CI job that runs imports with
\`--no-settle\`, or that may be cancelled mid-run, should cache the config
folder's \`journal/\` folder between runs (keyed by service and organization, not
by commit): the next run then settles what the last one left instead of
guessing. A job that lets each run settle (the default) ends with an empty
journal.

**The journal: an immediate re-run cannot double a batch still in flight.**
Every glossary batch is recorded before its PUT is sent (a journal that cannot
be written sends nothing, and says so), and forgotten once its outcome is known.
There is one journal per service and organization, \`<config
folder>/journal/<digest>.json\` (mode 0600, naming the two inside), shared by
every profile: the service is its origin — scheme, host and port, with
\`localhost\` (and \`*.localhost\`), \`127.0.0.0/8\`, \`::1\` and \`::ffff:127.x.y.z\` one
and the same, a trailing dot ignored — so another profile, or \`localhost\` for
\`127.0.0.1\`, finds the same batches. What is left — a batch whose outcome is
unknown, or one in flight when the run was interrupted — the next \`glossary
import\`, \`sync\`, \`delete\` or \`apply\` against the same service and organization
settles first, against the glossary it lists anyway: operations found there
landed (forgotten); the others are **held back** — planned, not sent, reported
failed as \`not sent: an earlier run's request (sent …) may still apply it — run
again later\` (exit 6) — until the hold-back time has passed since they were
sent; after that they are taken as lost and planned normally. A
warning line says what was found. A time in the journal that lies in the future
or cannot be read counts as now (and is written back so), so the window is never
longer than promised. A journal that cannot be read stops the run (exit 1,
nothing sent): forgetting it could double a batch; the message says to check the
glossary for duplicates, then move the file aside. Journals of earlier teamctl
versions (one per profile) are taken over on the next run.

**One writer per glossary.** A run that may send (\`glossary import\`, \`sync\`,
\`delete\`, \`apply\` of a glossary plan; not \`--dry-run\` or \`--plan-out\`) holds the
journal's lock file (\`….json.lock\`, with its process id, host and start time)
from before it reads the glossary until its last request, as Terraform locks its
state. A second run for the same service and organization on this machine says
\`another teamctl (process 4242 on ci-7, since …) is changing the glossary of
acme at https://…: waiting for it to finish (Ctrl-C to stop); its lock file is
…/journal/….json.lock\` and waits, then plans against the glossary as the first
left it — two imports of one file that meet insert each entry once, and one plan
applied twice at once applies once (the second finds it stale). With \`--no-wait\`
it refuses instead (exit 3, nothing sent). A lock whose process is gone (on this
host) is taken over; one held on another host is never guessed at: the message
names the file to remove if no such run exists.

**Why nothing is re-sent.** A request whose outcome is unknown may still be
applied by the service at any later time: a proxy, a load balancer or a busy
backend can hold it for seconds or minutes — also after a gateway answered 502
or the connection dropped — and no wait of teamctl's can tell a request that was
dropped from one that is still queued. Had teamctl sent the missing operations
again, and the original request then been processed (after teamctl's checks, or
even after its final listing and exit), each of them would exist twice, with
nothing left to notice. So teamctl counts what the listing shows as applied,
and sends the rest again only once the hold-back time has passed and a listing
shows it still missing. Running the same import again later is safe too:
whatever the service applied meanwhile is then \`present\` and skipped. The one
thing teamctl cannot see is processing later than its final listing; only an
idempotency key from the service would close that gap, and the service
documents none.

With a short \`--timeout\` (e.g. \`--timeout 5\`), all of these waits get shorter.
`;
