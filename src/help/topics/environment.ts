// `teamctl help environment`: Settings and the environment.
export const text = `# Settings and the environment

## Settings

| setting | flag | variable | config key |
|---|---|---|---|
| profile | \`--profile <name>\` | \`TEAMCTL_PROFILE\` | — |
| API base URL | \`--base-url <url>\` | \`TEAMCTL_BASE_URL\` | \`base-url\` |
| organization | \`--org <id>\` | \`TEAMCTL_ORG\` | \`org\` |
| team | \`--team <id>\` | \`TEAMCTL_TEAM\` | \`team\` |
| token | — | \`TEAMCTL_TOKEN\` | (\`auth login\`) |
| output | \`-o, --output\`, \`--json\` | — | \`output\` |
| config folder | — | \`TEAMCTL_CONFIG_DIR\` | — |
| state folder | — | \`TEAMCTL_STATE_DIR\` | — |

- **profile**: default \`default\`; each profile has its own settings and token.
- **base URL**: requests go to \`<url>/v1/…\`; a URL ending in \`/v1\` is not
  doubled. There is deliberately **no default base URL**: teamctl never talks
  to a service you did not name.
- **organization** is needed by every command that talks to the service,
  **team** by \`members …\` (an id or a title).
- **token**: never a flag or an argument. \`TEAMCTL_TOKEN\` beats the stored
  token. teamctl does not create tokens: get one from the service (ask its
  administrators) and store it with \`auth login\`; the sandbox prints its own.
  A token the service refuses is exit 4, whatever its length; one teamctl
  cannot send (white space, control characters) is exit 2, nothing sent.
- **output**: \`table\` on a terminal, \`tsv\` otherwise; with \`json\` or \`ndjson\`,
  every command that prints a report or a status prints JSON.
- **config folder**: \`$XDG_CONFIG_HOME/teamctl\` (\`~/.config/teamctl\`) on
  Linux, the platform's config folder elsewhere; \`teamctl config path\` prints
  its \`config.json\`.
- **state folder**: the journal, its locks and applied plans, one per machine
  user (every config folder, every \`HOME\`): \`$XDG_STATE_HOME/teamctl\`, else
  \`/var/tmp/teamctl-<uid>\`, made \`0700\` and refused (exit 1) when a link,
  another user's or open to others. Windows: \`%TEMP%\\teamctl\`.

**Precedence:** flag > environment > profile config > default. A missing
required setting is a usage error (exit 2) whose message names the flag, the
variable and the config key (all of them, when several are missing). An
**empty** value (\`--team ""\`, or \`TEAMCTL_TEAM\` set to nothing, as an unset CI
variable leaves it) is a usage error too, never a fall-back to the next source:
that could aim the run at another team. A profile name is letters, digits, \`-\`,
\`_\` and \`.\`. An organization id, or a team's id or title (\`--team\`, a
roster's team), that is \`.\` or \`..\`, or contains \`/\`, \`\\\`, \`?\`, \`#\` or a
control character, is refused (exit 2) before anything is sent: name such a
team by its id.

The settings live in \`<config folder>/config.json\`, one object per profile,
mode \`0600\` (it holds tokens) in a folder \`0700\`; it must be a regular file,
not a symbolic link (link the whole folder instead). A file that is not JSON, or
has a key of the wrong type, is a usage error naming the file, the profile and
the key. The same folder holds the completion cache; removing it forgets both.

**Global options** (\`teamctl --help\`) go before or after the command. \`--debug\`
prints one line per HTTP exchange on stderr: method, URL, status, time, attempt
(never the token). \`--timeout\` is per request, 0.1 to 3600 seconds, default 30.
\`NO_COLOR\` is \`--no-color\`; \`FORCE_COLOR\` forces colour on.

**Tables on a terminal** fit its width: cells wrap between words, ids and
e-mails never break. While words cannot all stay whole, the \`id\` column is
left out first, then a column a list can spare (\`lastSeen\`, \`orgRole\`,
\`updatedAt\`), saying so under the table (\`-o tsv\` and \`--json\` carry them);
only then is a word longer than its column broken. Dates in a table are days;
\`-o tsv\`, \`csv\` and \`json\` keep the service's values.

**Help on a terminal.** \`teamctl help <topic>\` shows bold and code as styles,
the Markdown markers dropped; a topic taller than the screen goes through
\`TEAMCTL_PAGER\`, else \`PAGER\`, else \`less -R\` (\`LESS=FRX\` unless set). An
empty value or \`cat\` means no pager; a pager that cannot start is skipped.
Piped, a topic is its Markdown as it is.

**Plans at a terminal.** A plan on stderr lists every change, then the counts.
A plan taller than the screen shows the first 5 lines of each kind of change,
then \`… and N more (--report keeps them all)\`; in a log every change is
listed. What a run leaves as it is is counted as **unchanged**.

## Talking to the service

- Requests carry \`Authorization: Bearer <token>\`, \`Accept: application/json\`
  and \`User-Agent: teamctl/<version>\`.
- Listings follow every page; a cursor seen twice is an error (exit 1).
- GET, DELETE and the members changes are retried on connection errors,
  timeouts, 429, 502, 503 and 504, up to 4 times, with exponential backoff and
  jitter (at most 8 s between attempts). A \`Retry-After\` is waited, up to 60 s;
  a longer one fails at once, saying how long the service asked to wait. A host
  name that does not resolve fails at once. The writes that cannot be repeated
  (the glossary's, invitations …) follow \`teamctl help reliability\`.
- A redirect (3xx) is an error and is never followed, so the token never
  reaches another host.
- An answer's headers may take up to 16 KiB, Node's limit, or what Node's flag
  says (\`NODE_OPTIONS=--max-http-header-size=32768\`); more fails (exit 1).
- \`http://\` base URLs are refused (exit 2) unless the host is \`localhost\` or a
  loopback address (\`127.0.0.0/8\`, \`::1\`), such as the sandbox.
- Proxies: an \`https://\` base URL goes through \`HTTPS_PROXY\` (else
  \`HTTP_PROXY\`; either case), tunnelled with \`CONNECT\`, so the proxy never sees
  the token. \`NO_PROXY\` (\`*\`, a host, \`.domain\`, with an optional \`:port\`)
  skips it. A loopback host and a plain \`http://\` base URL are never proxied.
  A malformed proxy URL is refused (exit 2) naming the variable; a proxy that
  refuses the connection or answers 407 fails with exit 1, naming the proxy.
- The token never appears in output, logs, reports, plans, exports or errors:
  every stream and file teamctl writes replaces it with \`***\`, also when the
  service quotes it back, and also split by line breaks, ANSI sequences or
  escapes (\`\\n\`, \`\\u000a\`, \`\\x0a\`, \`%0A\`); a service's message quoting it
  split is replaced by \`(message withheld: it quoted the token)\`. A value that
  is the token (a roster cell) is never echoed either.

## Other variables

| variable | what it does |
|---|---|
| \`XDG_CONFIG_HOME\` | the config folder's parent on Linux |
| \`XDG_STATE_HOME\` | the state folder's parent (above) |
| \`TEAMCTL_SANDBOX_ID\` | set by \`sandbox -- <command>\`: the sandbox's identity |
| \`NO_COLOR\` | no colour, as \`--no-color\`; \`FORCE_COLOR\` forces it on |
| \`GITHUB_STEP_SUMMARY\` | a file: each change's Markdown is appended there |
| \`TEAMCTL_NO_STEP_SUMMARY\` | \`1\` turns the step summary off |
| \`HTTPS_PROXY\`, \`HTTP_PROXY\`, \`NO_PROXY\` | the proxy (above) |
| \`TEAMCTL_PAGER\`, \`PAGER\` | the pager of long topics (above) |
| \`XDG_CACHE_HOME\` | the compile cache's parent on Linux (below) |
| \`TEAMCTL_NO_COMPILE_CACHE\` | \`1\` turns the compile cache off |
| \`NODE_OPTIONS\` | Node's flags: the answers' header limit (above) |

On Node 22.1 and newer, teamctl keeps Node's compiled code of its modules
between runs (Node's compile cache), in \`teamctl/compile-cache\` in the cache
folder (\`~/.cache\` on Linux). \`NODE_COMPILE_CACHE\` keeps it in that folder
instead. A cache folder that cannot be written is left alone, silently.
`;
