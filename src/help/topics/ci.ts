// `teamctl help ci`: Teams and the glossary kept in a repository (CI).
export const text = `# Teams and the glossary kept in a repository (CI)

## Keeping a team in sync from a repository (GitHub Actions)

The roster lives in the repository. Every night, and on every pull request that
touches it, a drift check compares the team with the roster and fails (exit 8)
when they differ; a push to \`main\` applies it.

\`\`\`yaml
# .github/workflows/team-roster.yml
name: team roster
on:
  schedule:
    - cron: "17 3 * * *"          # nightly drift check
  pull_request:
    paths: ["teams/engineering.csv"]
  push:
    branches: [main]
    paths: ["teams/engineering.csv"]
  workflow_dispatch:

permissions:
  contents: read

concurrency:
  group: team-roster               # never two runs against the same team at once
  cancel-in-progress: false

env:
  TEAMCTL_BASE_URL: https://api.example.com
  TEAMCTL_ORG: acme
  TEAMCTL_TEAM: engineering
  TEAMCTL_TOKEN: \${{ secrets.TEAMCTL_TOKEN }}   # never a flag: it would show in logs

jobs:
  drift-check:
    if: github.event_name != 'push'
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      # teamctl is not on the npm registry (a name there could be anyone's, run with this job's
      # token): the tarball the organization keeps (README, "Install"), checked by its checksum.
      - run: |
          curl -fsSL -o teamctl-0.1.0.tgz "https://tools.example.com/teamctl/teamctl-0.1.0.tgz"
          echo "$TEAMCTL_TARBALL_SHA256  teamctl-0.1.0.tgz" | sha256sum --check --strict
          npm install --global ./teamctl-0.1.0.tgz
        env:
          TEAMCTL_TARBALL_SHA256: 0000000000000000000000000000000000000000000000000000000000000000   # sha256sum of the tarball you made
      # Exit 8 (changes pending) fails the job: the team has drifted from the roster.
      # Exit 3 means the real run would be refused by --max-removals.
      - run: teamctl members sync --roster teams/engineering.csv --prune --dry-run --exit-code --report drift.csv
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: drift-report
          path: drift.csv

  apply:
    if: github.event_name == 'push' && github.ref == 'refs/heads/main'
    runs-on: ubuntu-latest
    environment: production           # optional: a required reviewer before applying
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      # teamctl is not on the npm registry (a name there could be anyone's, run with this job's
      # token): the tarball the organization keeps (README, "Install"), checked by its checksum.
      - run: |
          curl -fsSL -o teamctl-0.1.0.tgz "https://tools.example.com/teamctl/teamctl-0.1.0.tgz"
          echo "$TEAMCTL_TARBALL_SHA256  teamctl-0.1.0.tgz" | sha256sum --check --strict
          npm install --global ./teamctl-0.1.0.tgz
        env:
          TEAMCTL_TARBALL_SHA256: 0000000000000000000000000000000000000000000000000000000000000000   # sha256sum of the tarball you made
      # --yes confirms the --prune removals (there is no terminal to ask on);
      # --max-removals still stops a roster that would empty the team by mistake.
      - run: >
          teamctl members sync --roster teams/engineering.csv --prune --yes
          --max-removals 10% --report sync-report.csv --json > sync-report.json
      - uses: actions/upload-artifact@v4
        if: always()                  # the reports are written even when the run partly failed
        with:
          name: sync-report
          path: |
            sync-report.csv
            sync-report.json
\`\`\`

Rehearse any of this against the local sandbox first:

\`\`\`sh
teamctl sandbox --seed demo            # prints the base URL, the token and the export lines
# in another shell, after pasting its export lines:
teamctl members sync --roster team.csv --prune --dry-run
\`\`\`

## One file per team, each reviewed by its team

With a roster folder (\`teamctl help rosters\`, "A folder of team rosters"), each
team's file can be reviewed by the team itself: a CODEOWNERS line per file, and
one workflow over the whole folder (the drift check and the apply above, with
\`--roster teams\` instead of \`--roster teams/engineering.csv\`).

\`\`\`text
# .github/CODEOWNERS: each team reviews its own file; the admins the rest
/teams/                   @acme/org-admins
/teams/engineering.csv    @acme/engineering
/teams/design.csv         @acme/design
/teams/data-platform.xlsx @acme/data-platform
\`\`\`

\`\`\`sh
teamctl members list --team engineering,design --write-folder teams      # bootstrap the folder once
teamctl members sync --roster teams --prune --dry-run --exit-code         # the pull request's drift check
\`\`\`

A later CODEOWNERS line wins over an earlier one: the folder's line first, then
a line per file. Files named by team id (\`design.csv\`, not \`Product
Design.csv\`) keep these lines free of spaces.

## A reviewed-plan workflow for GitHub Actions

On a pull request that touches the roster (or the glossary), the job makes the
plan, posts it as a comment and keeps the plan file as an artifact; on merge,
the job applies that very plan and fails (exit 3) if the team moved since the
review — then a new pull request (or a re-run of the plan job) shows the new
plan.

\`\`\`yaml
# .github/workflows/teams-as-code.yml
name: teams as code
on:
  pull_request:
    paths: ["teams/engineering.csv", "glossary/terms.csv"]
  push:
    branches: [main]
    paths: ["teams/engineering.csv", "glossary/terms.csv"]

permissions:
  contents: read
  pull-requests: write      # to comment the plan
  actions: read             # to download the plan artifact of the pull request's run (gh run download)

concurrency:
  group: teams-as-code        # never two runs against the same organization at once
  cancel-in-progress: false

env:
  TEAMCTL_BASE_URL: https://api.example.com
  TEAMCTL_ORG: acme
  TEAMCTL_TEAM: engineering
  TEAMCTL_TOKEN: \${{ secrets.TEAMCTL_TOKEN }}   # never a flag: it would show in logs

jobs:
  plan:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 22 }
      # teamctl is not on the npm registry (a name there could be anyone's, run with this job's
      # token): the tarball the organization keeps (README, "Install"), checked by its checksum.
      - run: |
          curl -fsSL -o teamctl-0.1.0.tgz "https://tools.example.com/teamctl/teamctl-0.1.0.tgz"
          echo "$TEAMCTL_TARBALL_SHA256  teamctl-0.1.0.tgz" | sha256sum --check --strict
          npm install --global ./teamctl-0.1.0.tgz
        env:
          TEAMCTL_TARBALL_SHA256: 0000000000000000000000000000000000000000000000000000000000000000   # sha256sum of the tarball you made
      # Exit 3: a guard refuses the plan (too many removals, last owner): the job fails, no plan is saved.
      - run: |
          teamctl members sync --roster teams/engineering.csv --prune --plan-out members-plan.json -o markdown > plan.md
          teamctl glossary import glossary/terms.csv --plan-out glossary-plan.json -o markdown >> plan.md
      - uses: actions/upload-artifact@v4
        with:
          name: plan-\${{ github.event.pull_request.head.sha }}
          path: |
            members-plan.json
            glossary-plan.json
      - run: gh pr comment "\${{ github.event.pull_request.number }}" --body-file plan.md --edit-last || gh pr comment "\${{ github.event.pull_request.number }}" --body-file plan.md
        env:
          GH_TOKEN: \${{ github.token }}

  apply:
    if: github.event_name == 'push'
    runs-on: ubuntu-latest
    environment: production         # optional: a required reviewer before applying
    steps:
      - uses: actions/setup-node@v4
        with: { node-version: 22 }
      # teamctl is not on the npm registry (a name there could be anyone's, run with this job's
      # token): the tarball the organization keeps (README, "Install"), checked by its checksum.
      - run: |
          curl -fsSL -o teamctl-0.1.0.tgz "https://tools.example.com/teamctl/teamctl-0.1.0.tgz"
          echo "$TEAMCTL_TARBALL_SHA256  teamctl-0.1.0.tgz" | sha256sum --check --strict
          npm install --global ./teamctl-0.1.0.tgz
        env:
          TEAMCTL_TARBALL_SHA256: 0000000000000000000000000000000000000000000000000000000000000000   # sha256sum of the tarball you made
      # The plan reviewed on the pull request that was merged: the artifact of its last plan run.
      - name: download the reviewed plan
        run: |
          sha=$(gh api "repos/$GITHUB_REPOSITORY/commits/$GITHUB_SHA/pulls" --jq '.[0].head.sha')
          run=$(gh run list --repo "$GITHUB_REPOSITORY" --workflow teams-as-code.yml --commit "$sha" \\
                --event pull_request --status success --json databaseId --jq '.[0].databaseId')
          gh run download "$run" --repo "$GITHUB_REPOSITORY" --name "plan-$sha"
        env:
          GH_TOKEN: \${{ github.token }}
      # Exit 3: the team or glossary moved since the review; nothing was sent. Re-run the plan job.
      - run: |
          teamctl apply members-plan.json --report members-applied.csv
          teamctl apply glossary-plan.json --report glossary-applied.csv
      - uses: actions/upload-artifact@v4
        if: always()                  # the reports are written even when a run partly failed
        with:
          name: applied
          path: "*-applied.csv"
\`\`\`

The job summary of both jobs shows the plan and the result as tables
(\`GITHUB_STEP_SUMMARY\`), without any extra step.
`;
