// `teamctl help exit-codes`: Exit codes.
export const text = `# Exit codes

| code | meaning |
|---|---|
| 0 | success (also: nothing to do) |
| 1 | failed: service error, network error, unexpected response |
| 2 | usage error or invalid input file — nothing was sent |
| 3 | refused by a safety guard or an unconfirmed prompt — nothing was sent |
| 4 | authentication: no token, or the service answered 401/403 |
| 5 | not found: a 404 for the thing asked for, or a named user who matches |
|   | nobody (a typo: see below) |
| 6 | partial: some changes applied, some failed or could not be verified; |
|   | or a change's outcome is unknown (sent, the answer lost) |
| 8 | changes pending (\`--dry-run --exit-code\`); findings (\`access review\`) |
| 130, 143 | interrupted (SIGINT, SIGTERM); see \`teamctl help interruptions\` |

Errors go to stderr: one line \`error: …\`, then a \`hint: …\` where one helps
(an unknown team: \`did you mean "Platform Engineering" (engineering)?\`). The
service's message is shown; a page that is not JSON, its status and first line.

**Output that does not arrive is not success.** Writing to stdout failing (a
full disk, a reader gone) exits 1 (or a worse code), saying the output is
incomplete; a list whose reader stops early (\`members list | head\`) is quiet.

## Per command

| code | \`members add / remove / sync\`, \`offboard\`, \`users set-role\` |
|---|---|
| 0 | every change applied and verified; also: nothing to do |
| 1 | nothing was applied: the service or the network failed |
| 2 | invalid flags, users or input files; nothing was sent |
| 3 | refused, nothing sent: a guard (\`--max-removals\`, the last owner, |
|   | \`--min-owners\`, the last admin, your own account), users not in the |
|   | organization (without \`--invite\` or \`--skip-unknown\`), an unconfirmed |
|   | \`--prune\`, a stale or already-applied plan |
| 4 | no token, or the service answered 401/403 |
| 5 | the organization or team does not exist; \`remove\`, \`set-role\`, |
|   | \`offboard\`: a named user matches nobody in the organization, even |
|   | beside users who do (nothing sent; \`--missing-ok\` leaves them out) |
| 6 | partial: some changes failed or have an unknown outcome (sent, the |
|   | answer lost), or the read-back differs from the plan |
| 8 | \`--dry-run --exit-code\`: changes are pending |

A dry run checks the guards too: a drift check whose real run would be refused
exits 3, not 8. \`glossary import\`, \`sync\` and \`delete\` use the same codes (3:
\`--max-deletions\`, a lock held with \`--no-wait\`, a stale plan).
`;
