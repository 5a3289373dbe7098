// `teamctl help interruptions`: Interruptions.
export const text = `# Interruptions

Ctrl-C (SIGINT) or a CI cancellation (SIGTERM) while a command is sending
changes (\`members add|remove|sync\`, \`glossary import\`, \`apply\`):

- teamctl starts no new request, retry or wait; the requests already in flight
  get 2 seconds to finish, then are cut off and reported as \`outcome unknown\`
  (for the glossary, the next run settles them first). So the process ends
  within the grace period CI runners give before killing it;
- the \`--report\` file and the \`--json\` report are still written, every change
  marked applied, failed, or \`not sent: the run was interrupted\`;
- the summary says so (\`Interrupted: 26 added, 24 not sent (the run was
  stopped)\`), then lists the changes not sent (at most 20; \`--report\` keeps
  them all);
- one line says what happened (\`error: interrupted after 40 of 119 changes
  were applied; report.csv lists each change; run the same command again to
  finish\`), and the exit code is **130** (SIGINT) or **143** (SIGTERM);
- a second Ctrl-C exits at once.

Running the same command again finishes the job: what was applied is already
there, so the new plan holds only the rest (for a glossary, a batch whose
outcome was unknown is settled by that run's listing). Ctrl-C at the \`--prune\`
confirmation or at the hidden token prompt of \`auth login\` prints one line,
sends and stores nothing, and exits 130. Before anything is sent (reading,
planning), Ctrl-C simply stops the program.
`;
