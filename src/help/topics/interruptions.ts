// `teamctl help interruptions`: Interruptions.
export const text = `# Interruptions

Ctrl-C (SIGINT) or a CI cancellation (SIGTERM) while a command is sending
changes (\`members add|remove|sync\`, \`glossary import\`, \`apply\`):

- teamctl starts no new request, no retry and no wait, and reads the team or
  glossary no more; the requests already in flight get 2 seconds to finish, then
  are cut off — their outcome is then unknown, reported so (\`outcome unknown: …
  the run was interrupted, so it was not checked nor re-sent\`), and for the
  glossary kept in the journal, which the next run settles first. So the process
  ends within a few seconds of the signal, inside the grace period CI runners
  give before SIGKILL (GitHub Actions: about 7.5 s after SIGINT, 2.5 s after
  SIGTERM);
- the \`--report\` file and the \`--json\` report are still written, every change
  marked applied, failed, or \`not sent: the run was interrupted\`;
- the summary says so in its own words, the same for one team, many teams, the
  teams themselves and the glossary: \`Interrupted: 26 added, 24 not sent (the
  run was stopped)\` (only counts that are not 0; \`outcome unknown\` apart for the
  glossary), then the changes not sent, one per line (\`  not sent: add
  ada@example.com\`, \`  not sent: a: add …\` for many teams, \`  not sent: line 22\`
  for the glossary) — at most 20, on a terminal or in a log alike, then \`… and 4
  more not sent; report.csv lists them all\`, or without \`--report\`, \`… run with
  --report <file.csv> to get them all\`;
- one line says what happened — \`error: interrupted after 40 of 119 changes were
  applied; report.csv lists each change; run the same command again to finish\` —
  and the exit code is **130** (SIGINT) or **143** (SIGTERM);
- a second Ctrl-C exits at once; \`(press Ctrl-C again to quit at once)\` is said
  only after a Ctrl-C (SIGINT) with stdin and stderr on a terminal — never after
  SIGTERM or in CI. A request still waiting for its turn under the run's
  concurrency budget when the signal arrives is not sent either.

Running the same command again finishes the job: what was applied is already
there, so the new plan holds only the rest (for a glossary, a batch whose
outcome was unknown is settled by that run's listing). Ctrl-C at the \`--prune\`
confirmation or at the hidden token prompt of \`auth login\` prints one line,
sends and stores nothing, and exits 130. Before anything is sent (reading,
planning), Ctrl-C simply stops the program.
`;
