// `teamctl help environment`: Settings and the environment.
export const text = `# Settings and the environment

## Settings

| setting | flag | environment | config key | notes |
|---|---|---|---|---|
| profile | \`--profile <name>\` | \`TEAMCTL_PROFILE\` | — | default \`default\`; each profile has its own settings and token |
| API base URL | \`--base-url <url>\` | \`TEAMCTL_BASE_URL\` | \`base-url\` | requests go to \`<url>/v1/…\`; a URL already ending in \`/v1\` is not doubled |
| organization | \`--org <id>\` | \`TEAMCTL_ORG\` | \`org\` | required by every API command |
| team | \`--team <id>\` | \`TEAMCTL_TEAM\` | \`team\` | required by \`members …\` |
| token | — | \`TEAMCTL_TOKEN\` | stored by \`auth login\` | never a flag or an argument; the environment beats the stored token |
| output | \`-o, --output\`, \`--json\` | — | \`output\` | \`table\` on a terminal, \`tsv\` otherwise; with \`json\`/\`ndjson\`, every command that prints a report or a status prints JSON (\`config list\` stays \`key=value\` unless \`--json\` is given, like git config) |
| config folder | — | \`TEAMCTL_CONFIG_DIR\` | — | default \`$XDG_CONFIG_HOME/teamctl\` (\`~/.config/teamctl\`) on Linux, the platform's config folder elsewhere |

**Precedence:** flag > environment > profile config > default. A missing
required setting is a usage error (exit 2) whose message names the flag, the
variable and the config key; when several are missing, one error names them all
— the token too, for a command that talks to the service. An **empty** value
(\`--team ""\`, or \`TEAMCTL_TEAM\` set to nothing, as an unset CI variable leaves
it) is a usage error too, never a fall-back to the next source: that could aim
the run at another team. The same holds for \`--profile ""\` and an empty
\`TEAMCTL_PROFILE\`. A profile name is letters, digits, \`-\`, \`_\` and \`.\` (not
\`__proto__\`, \`constructor\` or \`prototype\`); any other is a usage error (exit 2)
naming where it came from (\`--profile\` or \`TEAMCTL_PROFILE\`), with nothing read
or stored. An organization or team id that is \`.\` or \`..\`, or contains \`/\`, \`\\\`,
\`?\`, \`#\` or a control character, is refused (exit 2, nothing sent), naming where
it came from.

There is deliberately **no default base URL**: teamctl never talks to a service
you did not name, so a forgotten setting cannot send a sandbox rehearsal to
production.

The settings live in \`<config folder>/config.json\`, one object per profile.
Because it holds tokens, the file is always mode \`0600\` and its folder \`0700\` —
teamctl tightens them when it writes, also when they already existed with looser
bits. A file that is not JSON, or whose \`profiles\`, a profile or one of its keys
(\`base-url\`, \`org\`, \`team\`, \`output\`, \`token\`: strings) has the wrong type, is a
usage error (exit 2) naming the file, the profile and the key, for every command
that reads it; keys teamctl does not know are left alone. The file must be a
regular file of its own: a symbolic link or a FIFO as \`config.json\` is a usage
error (exit 2) naming it (link the whole config folder instead).

**Global options** (before or after the command): \`-o, --output
<table|tsv|json|ndjson|csv|markdown>\`, \`--json\`, \`--jq <filter>\` (a jq filter
over the JSON output, \`teamctl help formatting\`), \`-q, --quiet\` (nothing on
stderr but errors), \`--debug\` (one line per HTTP exchange on stderr: method,
URL, status, time, attempt — never the token), \`--no-color\` (also \`NO_COLOR\`;
\`FORCE_COLOR\` forces it on), \`-y, --yes\`, \`--timeout <seconds>\` (per request,
default 30), \`-V, --version\`, \`-h, --help\` (every command's help lists these
global options too, and ends with examples; \`teamctl help <command…>\` is the
same). A table on a terminal fits its width: the widest columns narrow first and
their cells wrap, between words while each column can keep its longest word, so
nothing is cut and the borders line up. Columns of ids and e-mails never narrow,
so a value is never broken where you copy it: the other columns give way (down
to 6 characters), and a table that still does not fit is left wider than the
terminal, which folds the line rather than the value. Before any word is broken,
a list leaves out the columns it can spare — \`lastSeen\` of \`users list\`,
\`orgRole\` of \`members list\`, \`updatedAt\` of \`glossary list\` — and names
them under the table (\`lastSeen is left out at 80 columns: a wider terminal or
-o tsv shows it\`). Dates in a table are days (\`2025-07-01\`); \`users list\`
marks a disabled member after the name, \`Yara Haddad (disabled)\`, where tsv,
csv and JSON have a \`disabled\` column and the service's timestamps.

**Plans at a terminal.** A plan on stderr lists every change, one per line, then
the counts. On a terminal, a plan taller than the screen shows the first 5 lines
of each kind of change (adds, role changes, removals, inserts, conflicts,
entries kept …), then \`… and N more (--report keeps them all)\`, so the counts
and the question stay in view; in a log (stderr not a terminal) every change is
listed. What a run leaves as it is is counted, never listed, with one word for
members and the glossary alike: **unchanged**. What a sync keeps although its
file leaves it out is counted apart: \`N not in the roster (kept)\`, \`N not in the
file\`. The reports keep the field names of their formats: \`unchanged\` (members),
\`present\` (glossary rows, an outcome \`present\`).

## Talking to the service

- Headers: \`Authorization: Bearer <token>\`, \`Accept: application/json\`,
  \`User-Agent: teamctl/<version>\`, and \`Content-Type: application/json\` on
  requests with a body.
- One keep-alive connection pool (undici) for the whole run.
- Pagination follows \`next.page\` until \`next\` is absent, null or has no page;
  \`count\` is never trusted to stop. A cursor seen twice in one listing is an
  error (exit 1), not a loop.
- Retries: GET, DELETE and the members PUTs are retried on connection errors,
  timeouts, 429, 502, 503 and 504, up to 4 times, with exponential backoff and
  full jitter (random between 0 and min(8 s, 250 ms × 2ⁿ)). A \`Retry-After\`
  (seconds or HTTP date) is waited exactly, up to 60 s; a longer one fails at
  once and says how long the service asked to wait. A name that does not
  resolve fails at once, whatever the request. The policy is a pure function
  (\`src/api/retry.ts\`), tested with an injected clock and random source. We
  use our own loop rather than undici's retry interceptor because the policy
  differs per request (the glossary PUT) and \`--debug\` must show every attempt.
- The glossary PUT is not idempotent: it is repeated only when nothing can have
  been processed — the connection was refused (or never made) before the
  request was sent, or the service answered 429. Nothing else proves that: not a
  \`503\` either, whatever its body (an API behind a gateway wraps an upstream
  reset in its own \`{"error":{"code":503,…}}\`, and the upstream may already
  have written). After any other answer or failure the outcome is unknown: the
  batch is held back and settled by listing; see "Reliability: requests whose
  outcome is unknown" (\`teamctl help reliability\`).
- Identifiers in paths (organization, team, user id, glossary entry id) are
  always one percent-encoded path segment. A value that is \`.\` or \`..\` or
  contains \`/ \\ ? #\` or a control character is refused before any request (exit
  2): \`--org ..\` would otherwise reach \`/v1/orgs/../…\`, which a normalising
  proxy resolves. A team name that could not be a path segment is only ever
  matched as a title (see "Teams by id or title"), never put in a path. A user
  id the service itself lists with such a value fails that user's change alone.
- A 3xx answer is an error and is never followed, so the token never reaches
  another origin.
- \`http://\` base URLs are refused (exit 2, before any connection) unless the
  host is \`localhost\` exactly or a literal loopback address (\`127.0.0.0/8\`,
  \`::1\`, also IPv4-mapped as \`::ffff:127.x.y.z\`). Nothing is resolved, so
  \`http://foo.localhost\` and \`http://localhost.\` are refused. The same test
  decides which hosts are never proxied and which base URLs share the glossary
  journal's loopback name.
- Proxies: whether a run goes through a proxy is decided once, from the base
  URL. An \`https://\` base URL goes through \`HTTPS_PROXY\` (else \`HTTP_PROXY\`;
  either case, the lower-case one first), tunnelled with \`CONNECT\`, so the proxy
  sees the host name but never the token or the requests; credentials in the
  proxy's URL (\`http://user:password@proxy:3128\`) go to the proxy alone. It goes
  straight to the service when \`NO_PROXY\` names its host (\`*\`, a host, \`.domain\`
  or \`*.domain\`, with an optional \`:port\`). **Never proxied**, whatever
  \`NO_PROXY\` says: a loopback host (\`localhost\`, \`127.0.0.0/8\`, \`::1\`: the
  sandbox; the same test as plain http, so \`foo.localhost\` is no loopback host),
  and any plain \`http://\` base URL, whose token would cross the proxy in clear
  text. The proxy's URL must be \`http://\` or \`https://\`; a malformed one
  (\`HTTPS_PROXY=::bad\`, \`http//proxy\`, \`proxy:3128\` without a scheme) is refused
  with exit 2, naming the variable, before anything is sent; a variable the run
  does not use is not read. A proxy that refuses the connection or answers
  \`CONNECT\` with 407 (or any other refusal) fails with exit 1 and an error
  naming the proxy; its 429, 502, 503 and 504 are retried like the service's,
  and nothing the proxy refused reached the service.
- The token never appears in argv, output, logs, reports, plans, exports or
  errors: it comes only from stdin, a hidden prompt or \`TEAMCTL_TOKEN\`, and
  every stream **and every file** teamctl writes (\`--report\`, \`--plan-out\`,
  \`glossary export -f\`, \`-o markdown\`, \`GITHUB_STEP_SUMMARY\`) replaces it with
  \`***\` — also when the service quotes it back in an error message. Escaping
  could split a token (\`a_b\` is \`a\\_b\` in Markdown), so a writer whose escaping
  depends on what surrounds a value (Markdown, a message cut short, a table cell
  wrapped to the terminal) replaces it first. The last check on everything
  written knows the token as every writer escapes it — TSV, CSV, JSON, XML,
  Markdown, percent-encoding and shell quoting: each writer registers its own
  escape function, and any two of them nested one inside the other are covered
  too — and percent-encoded by any encoder, whatever characters are encoded and
  in either hex case. A test sends a token of every visible ASCII character
  through every output format, \`--report\` file, export, \`GITHUB_STEP_SUMMARY\`,
  error and hint, the service echoing it raw, JSON-quoted and percent-encoded,
  and finds its runs of letters and digits nowhere.
- A service message that holds the token once line breaks, white space and
  their escapes (\`\\n\`, \`%0A\`, \`<br>\`, \`&#10;\`) are taken out — a token
  split in two, each half harmless alone — is not shown at all: every output
  says \`(message withheld: it quoted the token)\` in its place.

## Other variables

| variable | what it does |
|---|---|
| \`TEAMCTL_CONFIG_DIR\` | the config folder (above) |
| \`XDG_CONFIG_HOME\` | the config folder's parent on Linux, when \`TEAMCTL_CONFIG_DIR\` is not set |
| \`NO_COLOR\` | no colour, as \`--no-color\`; \`FORCE_COLOR\` forces it on |
| \`GITHUB_STEP_SUMMARY\` | a file (GitHub Actions sets it): every command that changes the service, dry run or not, \`apply\` too, appends its Markdown there (\`teamctl help formatting\`) |
| \`TEAMCTL_NO_STEP_SUMMARY\` | \`1\` turns the step summary off |
| \`HTTPS_PROXY\`, \`HTTP_PROXY\`, \`NO_PROXY\` | the proxy for the base URL ("Talking to the service", above) |
`;
