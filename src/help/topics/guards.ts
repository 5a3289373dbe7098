// `teamctl help guards`: Plans, safety guards and how changes are sent.
export const text = `# Plans, safety guards and how changes are sent

## The plan

Before anything is sent, the plan goes to stderr: \`+\` add, \`-\` remove, \`~\` role
change, then the counts.

\`\`\`text
$ teamctl members sync --roster team.csv --prune --dry-run
Plan for team engineering (20 members now):
  + maria.rossi@example.com (member)
  ~ bruno.keller@example.com: member → owner
  - grace.liu@example.com (not in the roster)
  - wei.chen@example.com (owner, not in the roster)
1 to add, 2 to remove, 1 role change, 16 unchanged, 0 not a member
Dry run: nothing was sent.
\`\`\`

Without \`--prune\`, the members the roster leaves out stay, and the plan says who
they are:

\`\`\`text
Not in the roster (kept; --prune removes them):
  grace.liu@example.com
  wei.chen@example.com
1 to add, 0 to remove, 1 role change, 16 unchanged, 2 not in the roster (kept), 0 not a member
\`\`\`

After a real run, a summary follows, and the team is **read again and compared
with the plan**:

\`\`\`text
Done: 1 added, 2 removed, 1 role changed, 16 unchanged, 0 not a member, 0 failed
Verified: the team read back matches the plan.
\`\`\`

\`--quiet\` drops the plan and the summary (errors still show). New members asked
to be owners join through the bulk add and then get the owner role with one
request each: the counts line says so (\`3 to add (1 as owner: a role request
each after the bulk add)\`), and the progress bar counts those requests too (it
never runs past its total). On a terminal, a plan longer than the screen shows
the first lines of each action, then \`… and N more (--report keeps them all)\`.

## How changes are sent

- The whole team is read first (every page). If any page fails after retries,
  the run stops before planning: a plan made from part of a team could remove
  people it never saw.
- New members go in bulk requests (\`--batch-size\`, default 100 users per
  request). A request refused as too large (413) is halved and sent again. A
  batch refused with 400 (for example one unknown user) is split the same way
  until the bad user fails alone; everyone else is added.
- The team is then read again: that gives the ids of users named by e-mail and
  the role the service gave them; a new member whose role differs from the
  intended one is fixed with the single-user request. (A new member that a
  removal names differently is removed again here; see "Roles, owners and users
  named twice" (\`teamctl help rosters\`).)
- Role changes use the single-user request, several at once (\`--concurrency\`,
  default 8; 200 changes over a 50 ms link take about 1.5 s, not 10 s). **All
  promotions to owner finish before the first demotion starts**, so a team
  handing ownership from one person to another is never left without an owner.
  If a promotion fails and the remaining demotions and removals would leave no
  owner, those are not sent and are reported as failed.
- Removals go last, in bulk requests. Users who are not members are not sent at
  all.
- Someone else may change the team during the run. Right before the role
  changes, the team is read again (or the read after the bulk adds is used): a
  member who is no longer there gets **no** role request, since the single-user
  request would add them back; they are reported failed, \`not sent: no longer a
  member (removed by someone else during the run)\` (exit 6). A removal in the
  moment between that read and the role request cannot be seen. When the team
  read back at the end has no owner although the plan kept one, the summary says
  so in its own warning line.
- After a 401/403 nothing more is sent.
- The team read back after the run settles every change whose request was sent:
  one whose answer proved nothing (a 500, a timeout after retries), or even an
  error answer (a proxy's 503 after the service had acted), counts as done when
  the team shows it made — the report, the CSV and the summary then say applied,
  and the exit code is 0 when everything matches. A change that was never sent
  stays failed.

## Safety guards

| guard | applies to | without it |
|---|---|---|
| \`--max-removals <n\\|p%>\` (default \`25%\` of the current members, at least 1) | \`sync\` | a plan removing more is refused, **exit 3, nothing sent**, unless \`--force\` |
| confirmation of \`--prune\` removals | \`sync --prune\` | asked on a terminal; without a terminal, pass \`--yes\`, otherwise **exit 3, nothing sent** |
| last owner | \`sync\`, \`add --role member\`, \`remove\` | a plan leaving a team that has owners with none is refused, **exit 3, nothing sent**, unless \`--force\` |
| empty roster | \`sync --roster\` | always refused, exit 2 |

The guard is checked on \`--dry-run\` too, so a rehearsal fails the way the real
run would. \`members remove\` has no \`--max-removals\` guard and asks nothing:
every removed user was named one by one. Removals named with \`sync --remove\` are
counted by the guard but need no confirmation; only removals that \`--prune\`
decides do.

## Dry runs and drift checks

\`--dry-run\` prints the plan and sends nothing. With \`--exit-code\` (sync only),
the exit code says whether the team has drifted from the roster: **8** when
changes are pending, **0** when it is in sync. \`--dry-run\` never asks for
confirmation.
`;
