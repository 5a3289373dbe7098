// `teamctl help exit-codes`: Exit codes.
export const text = `# Exit codes

| code | meaning |
|---|---|
| 0 | success (also: nothing to do) |
| 1 | failed: service error, network error, unexpected response |
| 2 | usage error or invalid input file — nothing was sent |
| 3 | refused by a safety guard or an unconfirmed prompt — nothing was sent |
| 4 | authentication: no token, or the service answered 401/403 |
| 5 | not found (404 for the thing asked for) |
| 6 | partial: some changes applied, some failed or could not be verified |
| 8 | changes pending (\`--dry-run --exit-code\`) |
| 130, 143 | interrupted (SIGINT, SIGTERM): requests in flight finished, nothing more was sent, the reports were written, a line says what applied |

Errors go to stderr: one line \`error: …\`, then a \`hint: …\` where one helps: a
base URL without a scheme suggests the one meant (\`127.0.0.1:8787\` → \`did you
mean http://127.0.0.1:8787?\`); a 401 while \`TEAMCTL_TOKEN\` is set says that
token, not the stored one, was used; a refused connection to a loopback address
suggests \`teamctl sandbox\`, and one to a proxy or its 407 names the proxy and
the variable it came from; a name that does not resolve is not retried; \`config
set token\` points to \`auth login\`; an unknown team gets the closest titles (\`did
you mean "Platform Engineering" (engineering)?\`), an unknown organization the id
to check and where it came from (no operation teamctl uses lists organizations,
so it cannot suggest one). Bare \`teamctl\` prints the help (exit 0), and \`teamctl
help members sync\` is the same as \`teamctl members sync --help\`. The service's
\`{"error":{"message"}}\` text is shown; a non-JSON error body (a proxy's HTML
page) is summarised to its status and first line, never dumped.

**Output that does not arrive is not success.** When writing to stdout fails (a
closed descriptor, a full disk, a reader that went away), the run exits 1 — or
keeps a worse code it already had — with one line, \`error: could not write to
standard output (EBADF); the output is incomplete\`; changes already sent stay
sent (the summary on stderr says what applied). The one exception is streamed
data whose reader stops early (\`teamctl members list | head\`, \`glossary list\`,
\`glossary export\` to stdout): that ends quietly with the code it would have had.
A report (\`--json\`, \`-o markdown\`), a status or a config value lost to a closed
pipe fails. Note that Node puts \`/dev/null\` in place of a descriptor closed
before it starts (\`>&-\`), so teamctl sees that as \`>/dev/null\`: what it writes
there is discarded without an error.

## Exit codes

| code | \`members add / remove / sync\` |
|---|---|
| 0 | every change applied and verified; also: nothing to do |
| 1 | nothing was applied: the service or the network failed (or the team could not be read) |
| 2 | invalid flags, users or input files; nothing was sent |
| 3 | refused by \`--max-removals\` or an unconfirmed \`--prune\`; nothing was sent |
| 4 | no token, or the service answered 401/403 (before anything was applied) |
| 5 | the organization or team does not exist |
| 6 | partial: some changes applied, some failed, or the team read back differs from the plan |
| 8 | \`--dry-run --exit-code\`: changes are pending |
`;
