// `teamctl help plans`: Saved plans: review, then apply.
export const text = `# Saved plans: review, then apply

## Review, then apply: saved plans

A pull request shows the plan, a reviewer approves it, and the merge applies
**exactly what was reviewed**, never something the team drifted into since
(\`teamctl apply --help\` shows the commands, \`teamctl help ci\` a workflow).

- \`--plan-out <file>\` (on every command that changes the service: \`members add\`,
  \`remove\`, \`set-role\`, \`sync\` and \`offboard\`, \`users set-role\`, \`teams create\`,
  \`rename\` and \`delete\`, \`glossary import\`, \`sync\` and \`delete\`) is a dry run
  that also writes the plan. The guards are checked as for a real run: a plan
  they refuse is **not written** (exit 3), unless \`--force\`, which the plan then
  records. The file is written atomically and never holds the token.
- \`teamctl apply --show <plan-file>\` prints a saved plan offline (no settings,
  no token), as \`terraform show\` does, in any output format: whether it was
  applied from this config folder, its guards and every change (\`where, action,
  subject, detail\`); \`-o markdown\` gives a table for a review comment.
- A members plan names each team by id, which \`apply\` goes by, with its title
  beside it for people (\`"Product Design" (design)\`). When a plan has no title,
  \`apply\` reads it from one listing of the teams, and goes on without it when
  that listing fails.
- \`teamctl apply <plan-file> [--dry-run] [--report <file.csv>]\`:
  - exit **2** when the file is not a complete teamctl plan (truncated, edited
    into another shape, another program's JSON, a members plan naming one team
    twice) or has a newer format version, and when it was made for another base
    URL or organization than the current settings. The file a reviewer reads is
    the plan: a key twice in one object, at any depth, or a member a plan does
    not have, is exit **2** naming the key (and its line);
  - reads the team or the glossary again and compares it with the state the plan
    was made from; if anything moved, exit **3** with nothing sent, naming what
    moved: \`error: team "Platform Engineering" (engineering) changed since the
    plan was made: 2 members added, 1 role changed; nothing was sent\`;
  - otherwise sends exactly the plan's changes, with no re-planning and no
    prompt (the reviewed plan is the confirmation, \`--prune\` removals
    included), then verifies, reports and exits (0, 1, 4, 6) as the command
    that made the plan;
  - a user the plan removes or changes the role of is named by id and e-mail;
    when the service's user of that id has another e-mail (the plan was edited
    after its review), exit **3**, nothing sent, naming where the plan says it
    (\`body.plan.changes[0].user\`);
  - a plan applies once: \`apply\` records it in the config folder just before
    its first change is sent, and refuses it again with exit 3, nothing sent
    (\`plan.json was already applied at … ; a plan applies once\`). A plan
    stopped before anything was sent (a guard, staleness, a prompt declined) is
    not recorded. \`--force\` applies it again, if the state still matches; it
    never sends again an invitation or a removal request the journal records
    (\`teamctl help reliability\`);
  - the team setting is not needed: the plan names its team.

**Digest.** \`apply --show\` (a \`digest\` field with \`--json\`, the title with
\`-o markdown\`, a line on stderr otherwise) and \`apply\` (a line on stderr)
print the plan's digest, \`digest sha256:<64 hex digits>\`, so a reviewer can
match the plan applied with the one reviewed. It is the SHA-256 of the plan
file's canonical JSON, UTF-8 encoded: the whole document as read, the keys of
every object sorted (by UTF-16 code units), no whitespace between tokens,
strings and numbers as JavaScript's \`JSON.stringify\` writes them. Re-indenting
the file or reordering its keys keeps the digest; any changed value changes it.

**The plan file** is JSON: \`"format": "teamctl-plan"\`, \`"version": 1\` (a newer
version is refused, exit 2), \`createdAt\`, \`command\` (\`members sync\` …),
\`baseUrl\`, \`organization\`, \`kind\` (\`members\`, \`glossary\` …) and \`body\`:

- \`state\`, what the plan was made from (every member's id, e-mail and role;
  every entry's id and a digest of its translations), which \`apply\` compares
  with the state it reads again;
- \`plan\`, what will be sent (\`add\`, \`remove\`, \`roleChanges\` …), per team in
  \`body.teams\` for a members plan;
- \`options\`, those that change what is sent (\`force\`, \`batchSize\`,
  \`concurrency\`, \`maxRemovals\`, \`onConflict\`).
`;
