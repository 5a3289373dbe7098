// `teamctl help formatting`: Output formats and reports.
export const text = `# Output formats and reports

## Filtering JSON with --jq

\`--jq <filter>\` runs a jq filter over the JSON a command prints, with no \`jq\`
installed, as \`gh --jq\` does: every command that prints JSON takes it (lists,
reports of changes and dry runs, \`whoami\`, \`auth status\`, \`config list\`,
\`glossary get\`, \`apply --show\`). It is jq 1.8 itself (the whole language,
regular expressions included), loaded only when \`--jq\` is given.

\`\`\`console
$ teamctl members list --jq '.[].organization.user.email'
$ teamctl members add pedro.alves@example.com --dry-run --jq '.added[].email'
$ teamctl whoami --jq .email
\`\`\`

- Each result is one line: a string as it is (like \`jq -r\`), any other value as
  compact JSON (like \`jq -c\`). \`members list --jq F\` prints what
  \`members list --json | jq -r -c F\` prints.
- \`--jq\` implies \`--json\`; with \`-o ndjson\` the filter runs on each line (a
  list's item), as \`jq\` does on a stream of documents. Any other \`-o\` is a
  usage error (exit 2), and so is \`--jq\` on a command that prints no JSON
  (\`config get\`, \`completion\`, \`sandbox\`, \`glossary export -f\` …).
- A filter that does not compile is exit 2 with jq's message, before anything
  is sent. One that fails on the output (\`.foo\` on a list) prints jq's message
  and turns an exit 0 into 1; the command's own code (6, 8 …) stays.
- jq has 256 MB of memory. A filter that exhausts it, or its recursion depth,
  on any input (\`def f: [f]; f\`, \`[range(1e9)]\`) is found by running it once
  on \`null\` first: exit 2, before anything is sent. One that exhausts it only
  on the output fails on the output, as above.
- The whole output is filtered at once, after the command: jq takes about
  7 MB, and a 10,000-member listing peaks at 1.4 to 1.6 times the memory of
  \`--json\`.

## Reports

\`--json\` prints the report on stdout (the plan and summary stay on stderr):

\`\`\`json
{
  "teamTitle": "Product Design",
  "dryRun": false,
  "added": [{ "id": "u_789", "email": "maria.rossi@example.com" }],
  "removed": [{ "id": "u_321", "email": "grace.liu@example.com" }],
  "roleChanged": [
    { "user": { "id": "u_123", "email": "bruno.keller@example.com" },
      "from": "member", "to": "owner" }
  ],
  "unchanged": 16,
  "notMember": [],
  "failed": [
    { "user": { "id": null, "email": "x@y.test" },
      "action": "add", "status": 400,
      "message": "add: no user of organization acme matches \\"x@y.test\\"" }
  ],
  "verified": false
}
\`\`\`

- \`teamTitle\` is the team's title, left out when the teams cannot be listed;
  plans and errors show it beside the id: \`"Product Design" (design)\`.
- A user is \`{"id", "email"}\`; either can be \`null\` when unknown (a user named
  by e-mail who could not be added has no id).
- \`added\`, \`removed\` and \`roleChanged\` list what the service accepted (with
  \`--dry-run\`: what would be sent). \`unchanged\` counts the members the plan
  leaves as they are; \`notInRoster\` (a roster sync without \`--prune\`) lists
  those the roster leaves out, which stay and are not counted in \`unchanged\`.
- \`failed[].action\` is \`add\`, \`remove\` or \`role\`, or \`verify\` for a difference
  the read-back found that no failure explains; \`status\` is the HTTP status
  (\`null\` when there was no answer or the change was not sent).
- \`verified\` is true only when the team read back after the run matches the
  plan (a run with nothing to do is verified by the read it planned from), never
  on a dry run.

\`--report <file.csv>\` writes one row per user the run touched or the input
named, even when the run partly failed: the artefact a CI job keeps. It is
written whole, checked writable before anything is sent, and may not name an
input file of the run or the \`--plan-out\` file (exit 2).

\`\`\`csv
user,action,outcome,status,message
maria.rossi@example.com,add,added,204,as member
bruno.keller@example.com,role,role-changed,204,member → owner
grace.liu@example.com,remove,removed,204,not in the roster
x@y.test,add,failed,400,"add: no user of organization acme matches ""x@y.test"""
alice.martin@example.com,none,unchanged,,already a member (owner)
\`\`\`

\`user\` is the e-mail when known, else the id. \`action\` is \`add\`, \`remove\`,
\`role\`, \`none\` or \`verify\`; \`outcome\` is one of \`planned\` (dry run), \`added\`,
\`removed\`, \`role-changed\`, \`not-member\`, \`unchanged\`, \`failed\`, \`unknown\`
(sent, the answer lost: it may have been made), \`unverified\` (accepted, but
the team read back differs).

A \`--report\` file is meant for a spreadsheet: a cell starting with \`=\` \`+\` \`-\`
\`@\` gets a leading \`'\` (\`'=SUM(A1)\`), shown as text, not run. \`-o csv\` and
\`-o tsv\` on stdout are for scripts and keep every value as it is.

**Markdown.** \`-o markdown\` prints a plan or a run's result for a pull-request
comment: a title line with the counts, then a table per kind of change, long
tables folded in \`<details>\`. A cell holding an e-mail, markup, a URL or a pipe
is a code span: it cannot break the table, inject HTML, link or mention anyone.
When \`GITHUB_STEP_SUMMARY\` names a file (as in GitHub Actions), every command
that changes the service, dry run or not, \`apply\` too, appends that Markdown
there (the job summary); \`TEAMCTL_NO_STEP_SUMMARY=1\` turns it off. A
symbolic link in its place is not written through: a warning says so.
`;
