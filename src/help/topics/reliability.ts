// `teamctl help reliability`: Reliability.
export const text = `# Reliability

What teamctl guarantees against a flaky service, and what it cannot:

- **Nothing lost, nothing doubled.** Members changes are idempotent and
  retried; the glossary's write is not, and is never sent again blindly (below).
  The read-back after every run settles each change. What cannot be seen: a
  request the service applies after teamctl's final listing.
- **Bounded input.** Input files (rosters, user lists, glossaries) are read up
  to 100 MB, stopping at the first byte that is not UTF-8: \`--roster
  /dev/urandom\` fails at once with exit 2, nothing sent. A plan file is read up
  to 128 MB, the config file up to 1 MB; each must be a regular file. A
  glossary file's own bounds are in \`glossary-files\`.
- **Every file teamctl writes** (reports, plans, exports, \`--write-folder\`,
  the step summary, \`--data\`, its own files) is a regular file or a new one:
  a symbolic link there (even to a missing file), a FIFO or a directory is an
  error naming the path (a warning for the step summary), and nothing is
  written or waited on. A link further up the path (a linked folder) works.
- **Files that cannot be written.** A write that fails (a full disk, a
  read-only folder) is one line naming the file and the cause, exit 2; when the
  change was already applied, the summary is printed and the run exits 6.
- **Answers of the wrong shape** are refused with exit 1, naming the field
  (\`unexpected response from the service: field "next.page" is not a string
  …\`): never a stack trace, never a list silently cut short.
- **Bounded answers.** One answer is read up to 64 MB, one listing up to
  5,000,000 items; fields over the service's published limits are refused.
- **Text from outside on a terminal.** Control characters in what the service
  or a file says are spelled out (\`\\e[2J\`, \`\\u202e\`): they cannot clear the
  screen or hide text. A service's error message is shown up to 500 characters.
  Data written to a pipe or a file is left as it is (TSV escapes, CSV quotes).

## Reliability: requests whose outcome is unknown

The glossary's write is not idempotent, so teamctl never sends it again
blindly. When a batch ends without a clear outcome (a timeout, a dropped
connection, a 500, 502 or 503, an unreadable answer):

- **Wait, then look.** teamctl waits at least the request timeout (after a
  timeout) or what \`Retry-After\` asked (up to 60 s), then lists the glossary to
  see which operations of the batch landed; those count as applied.
- **Hold back, go on.** The operations that had not landed are held back, not
  sent again: the journal keeps them, and the run goes on with the next batch.
  Once the hold-back time (below) has passed, teamctl lists the glossary again:
  what landed counts as applied, and what is still missing is sent again,
  recorded in the journal first. An operation is sent at most 5 times in a run.
  The run sends no new batch when the glossary cannot be listed, when
  \`Retry-After\` asks for more than 60 s, or after 5 unknown outcomes in a row
  (a batch found landed whole is not one); after those 5, what it holds back is
  still settled before it exits.
- **Final verification.** After the last batch, the glossary is listed once
  more: a failed operation found there counts as applied ("landed after all");
  a confirmed one the listing does not show is reported failed.

**The hold-back time** is \`--hold-back <seconds>\` (default 60: twice the default
\`--timeout\`, long enough for a request the service accepted to have been
processed) on \`glossary import\`, \`sync\`, \`delete\`, \`teams create\`,
\`members sync --create-teams\` and \`apply\`. A run whose writes are still held
back when its last one is sent waits for them: a line says how long (on a
terminal, a countdown follows), then it settles them by a listing and sends
what is proven missing, before it exits.
An import under transient faults therefore ends complete, with exit 0:

    teamctl glossary import terms.csv --hold-back 120

With \`--no-settle\` the run does not wait: whatever is still held back is
reported \`unknown\` (never \`failed\`) with \`outcome unknown: … held back until
<time>: a run after that sends it if it is still missing\`, stays in the
journal, and the exit code is 6:

    teamctl glossary sync terms.csv --no-settle

**What is recorded, and where.** Each glossary batch is written to the journal
before its request leaves: its operations and the time it was sent, under the
service's origin and the organization. A CI job that runs imports with
\`--no-settle\`, or that may be cancelled mid-run, should cache the state
folder (\`TEAMCTL_STATE_DIR\`) between runs (keyed by service and organization,
not by commit): the next run then settles what the last one left instead of
guessing. A job that lets each run settle (the default) ends with an empty
journal.

**Invitations, team creations and removal requests** follow the same rule, in
the same journal, under the same lock: each is recorded before its request
leaves (the e-mail, the title or the user, and the time), then given its
answer. A journal that cannot be written sends nothing. An answer lost, or a 2xx
answer teamctl cannot read, is an unknown outcome (exit 6, never "failed"); a
403 is exit 4. What a read-back then proves (the team listed, the member gone,
the invitee joined) counts as applied; the rest stays \`unknown\` in the
summary, the JSON report (its \`unknown\` list, apart from \`failed\`), the
\`--report\` CSV, \`-o markdown\` and the step summary.
- An invitation recorded, whatever its outcome (in flight when a run was
  killed, too), counts as sent: it is pending, and not sent again before
  \`--reinvite-after\` days (default 7; \`--reinvite-after 0\` sends it again on
  purpose). \`apply --force\` of a plan never sends it again either.
- A team creation of unknown outcome is held back: once the hold-back time has
  passed, the run lists the teams and creates the team again only if the
  listing does not show it (with \`--no-settle\`, the next run that may create
  teams does this first, whatever its own flags).
- A removal answered 202 (a request mailed to the organization's admins) is not
  requested again before \`--rerequest-after\` days (default 7; 0 asks again on
  purpose); the plan shows when it was requested. Once a run lists the user
  out of the organization, the record is forgotten. A removal whose answer was
  lost and whose user is still a member is unknown (it may be a request waiting
  for an admin, or land later), and is not sent again before that time either.
- A user grant of \`access sync\` (it may notify the user) of unknown outcome
  is held back until the resource's listing shows it, or the hold-back time
  has passed; only then may a run send it again.
- A translation's run (billable) of unknown outcome is not sent again until
  the listing shows it ran, or its hold-back time has passed with no run
  (\`teamctl help translations\`).
- A write is sent only under the lock below, \`apply\` of a saved plan too.

**The journal.** Every glossary batch is recorded in the state folder of the
machine's user (\`journal/\`, mode 0600; \`teamctl help environment\`) before it is
sent, and forgotten once its outcome is known. There is one journal per service
and organization, shared by every profile, config folder and \`HOME\` (\`localhost\`
and \`127.0.0.1\` are the same service; a sandbox run with \`--data\` is one service
whatever its port). What a run leaves there (a batch whose outcome is unknown,
or one in flight when the run was interrupted) the next \`glossary import\`,
\`sync\`, \`delete\` or \`apply\` settles first: operations found in the glossary
landed; the others are held back, reported \`unknown\` with \`not sent: an
earlier run's request (sent …) may still apply it — run again later\` (exit 6),
for the hold-back time, then planned normally. A journal that cannot be read
stops the run (exit 1, nothing sent); the message says to check the glossary
for duplicates, then move the file aside.

**One writer per service and organization.** A run that may send (\`glossary
import\`, \`sync\`, \`delete\`, \`apply\`; \`teams create\`; \`members sync\` or
\`add\` with \`--invite\`, \`--create-teams\` or \`--prune-organization\`; \`members
offboard --from-organization\`; not \`--dry-run\` or \`--plan-out\`) holds a
lock for the service and organization (\`apply\` too, for a plan with such
writes), as Terraform locks its state. A second
run on the same machine says \`another teamctl (process 4242 on ci-7, since …)
is changing the glossary of acme at …: waiting for it to finish (Ctrl-C to
stop)\` and waits, then plans against the glossary as the first left it. With
\`--no-wait\` it refuses instead (exit 3, nothing sent). A lock whose process is
gone is taken over; one held on another host is never guessed at: the message
names the lock file to remove if no such run exists.
`;
