// `teamctl help guards`: Plans, safety guards and how changes are sent.
export const text = `# Plans, safety guards and how changes are sent

## The plan

Before anything is sent, the plan goes to stderr: \`+\` add, \`-\` remove, \`~\` role
change, then the counts.

\`\`\`text
$ teamctl members sync --roster team.csv --prune --dry-run
Plan for team "Platform Engineering" (engineering) (20 members now):
  + maria.rossi@example.com (member)
  ~ bruno.keller@example.com: member → owner
  - grace.liu@example.com (not in the roster)
  - wei.chen@example.com (owner, not in the roster)
1 to add, 2 to remove, 1 role change, 16 unchanged, 0 not a member
Dry run: nothing was sent.
\`\`\`

Without \`--prune\`, the members the roster leaves out stay, listed under \`Not
in the roster (kept; --prune removes them):\` and counted as \`2 not in the
roster (kept)\`. After a real run, a summary follows, and the team is **read
again and compared with the plan**:

\`\`\`text
Done: 1 added, 2 removed, 1 role changed, 16 unchanged, 0 not a member, 0 failed
Verified: the team read back matches the plan.
\`\`\`

\`--quiet\` drops the plan and the summary (errors still show).

## How changes are sent

- The whole team is read first; a page failing after retries stops the run
  before planning (a plan from part of a team could remove people it never saw).
- New members go in bulk requests (\`--batch-size\`). A batch refused as too
  large (413) is halved; one refused with 400 is split until the bad user fails
  alone.
- The team is read again, and a new member whose role differs from the plan's
  (one asked to be owner) gets it with a request each; the counts say so:
  \`3 to add (1 as owner: a role request each after the bulk add)\`.
- Role changes go several at once (\`--concurrency\`). **All
  promotions to owner finish before the first demotion starts**, so a team
  handing ownership over is never left without an owner.
- Removals go last, in bulk requests. After a 401/403 nothing more is sent.
- A member someone else removed during the run gets no role request (it would
  add them back); it is reported failed (exit 6).
- The team read back after the run settles every change that was sent: one
  whose answer proved nothing (a timeout, a proxy's 503) counts as done when the
  team shows it made. A change that was never sent stays failed.

## Safety guards

Each refuses the plan with **exit 3, nothing sent**:

- \`--max-removals <n|p%>\` (\`sync\`; default \`25%\` of the current members, at
  least 1): a plan removing more is refused, unless \`--force\`.
- \`--prune\` removals are confirmed: asked on a terminal, else pass \`--yes\`.
- The last owner (\`sync\`, \`add --role member\`, \`remove\`): a plan leaving a team
  that has owners with none is refused, unless \`--force\`.

The guards are checked on \`--dry-run\` too, so a rehearsal fails as the run
would. \`members remove\` has no \`--max-removals\` and asks nothing (each user
was named); \`sync --remove\` removals count for the guard, asking nothing.

## Dry runs and drift checks

\`--dry-run\` prints the plan, sends nothing and asks nothing. With \`--exit-code\`
(\`sync\`, \`glossary import|sync\`) it exits **8** when changes are pending, **0**
when the team or glossary matches the file: a drift check.
`;
