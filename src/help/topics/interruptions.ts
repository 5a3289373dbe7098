// `teamctl help interruptions`: Interruptions.
export const text = `# Interruptions

Ctrl-C (SIGINT) or a CI cancellation (SIGTERM) while a command is sending
changes (\`members add|remove|sync\`, \`glossary import\`, \`apply\` …):

- teamctl starts no new request, retry or wait; the requests in flight get 2
  seconds to finish, then are cut off and reported as \`outcome unknown\`, so the
  process ends within the grace period CI runners give before killing it;
- a wait under way ends at once: the hold-back time, the wait a \`Retry-After\`
  asked for, the wait before a check listing; what is still held back is
  reported \`outcome unknown\` and stays in the journal for the next run;
- the \`--report\` file and the \`--json\` report are still written, every change
  marked applied, failed, or \`not sent: the run was interrupted\`;
- the summary says so (\`Interrupted: 26 added, 24 not sent (the run was
  stopped)\`) and lists the changes not sent (at most 20; \`--report\` has all);
- one line says what happened (\`error: interrupted after 40 of 119 changes
  were applied; report.csv lists each change; run the same command again to
  finish\`), and the exit code is **130** (SIGINT) or **143** (SIGTERM);
- a second Ctrl-C exits at once.

Running the same command again finishes the job: what was applied is already
there, so the new plan holds only the rest (a glossary batch whose outcome was
unknown is settled first, \`teamctl help reliability\`). Ctrl-C at the \`--prune\`
confirmation or at the token prompt of \`auth login\` sends and stores nothing
and exits 130. A run waiting for the journal's lock, or for an earlier run's
writes to settle, ends at once with one line (\`error: interrupted while …;
nothing was sent\`) and exit 130 or 143. Before anything is sent, Ctrl-C
simply stops the program.
`;
