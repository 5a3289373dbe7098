// `teamctl help ci`: Teams and the glossary kept in a repository (CI).
export const text = `# Teams and the glossary kept in a repository (CI)

## Keeping a team in sync from a repository (GitHub Actions)

The roster lives in the repository. **A pull request** that touches it shows
its plan in the job summary and passes whatever it changes; it fails only when
the plan would be refused (a guard, a user not in the organization, a file that
cannot be read: exit 2, 3). **The merge** applies the roster. **A nightly job**
fails (exit 8) when someone changed the team by hand since; re-running the
merge's job puts the roster back.

\`\`\`yaml
# .github/workflows/team-roster.yml
name: team roster
on:
  pull_request:
    paths: ["teams/engineering.csv"]
  push:
    branches: [main]
    paths: ["teams/engineering.csv"]
  schedule:
    - cron: "17 3 * * *"
  workflow_dispatch:

permissions:
  contents: read

concurrency:
  group: teamctl-acme           # the workflows changing acme: one at a time
  cancel-in-progress: false

env:
  TEAMCTL_BASE_URL: https://api.example.com
  TEAMCTL_ORG: acme
  TEAMCTL_TEAM: engineering
  TEAMCTL_TOKEN: \${{ secrets.TEAMCTL_TOKEN }}   # never a flag: logs show flags
  TEAMCTL_TGZ: https://tools.example.com/teamctl/teamctl-0.1.0.tgz
  TEAMCTL_TGZ_SHA256: \${{ vars.TEAMCTL_TGZ_SHA256 }}

jobs:
  teamctl:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 22 }
      - name: install the tarball the organization keeps
        run: |
          curl -fsSL -o teamctl.tgz "$TEAMCTL_TGZ"
          echo "$TEAMCTL_TGZ_SHA256  teamctl.tgz" | sha256sum --check --strict
          npm install --global ./teamctl.tgz
      # Pull request: the plan, in the job summary.
      - if: github.event_name == 'pull_request'
        run: teamctl members sync --roster teams/engineering.csv
          --prune --dry-run
      # Merge: --yes confirms the removals; --max-removals still guards them.
      - if: github.event_name == 'push'
        run: teamctl members sync --roster teams/engineering.csv
          --prune --yes --max-removals 10% --report sync-report.csv
      # Nightly: the drift check (exit 8 when the team differs).
      - if: github.event_name == 'schedule' ||
          github.event_name == 'workflow_dispatch'
        run: teamctl members sync --roster teams/engineering.csv
          --prune --dry-run --exit-code --report drift.csv
      - uses: actions/upload-artifact@v4
        if: always()                # reports are written even after a failure
        with:
          name: reports
          path: "*.csv"
          if-no-files-found: ignore
\`\`\`

The plan lands in the job summary by itself; to post it as a comment too, add
\`-o markdown > plan.md\` and a step \`gh pr comment "$PR" --body-file plan.md\`.
An organization roster works the same way (drop \`TEAMCTL_TEAM\`), and so do a
glossary (\`teamctl glossary sync glossary/terms.csv --prune\`) and access
(\`teamctl access sync access.csv --prune\`), in the same three steps: with
\`--dry-run\` on a pull request, \`--yes\` on the merge (it confirms what
\`--prune\` removes), \`--dry-run --exit-code\` nightly.

**Runs that meet.** The journal and its lock are files of one machine: runs on
different machines, as jobs are, cannot share them. So every workflow that
changes the organization names one \`concurrency\` group (\`teamctl-acme\`),
never cancelled in progress. A job that invites or creates teams keeps
\`$TEAMCTL_STATE_DIR\` between runs (a cache keyed by service and organization).

**Installing in CI.** teamctl is not on the npm registry (a name there could be
anyone's, and would run with the job's token). Make the tarball once from a
clone (\`npm ci && npm pack\`, README "Install"), keep it where your jobs can
fetch it, and store its \`sha256sum\` as the \`TEAMCTL_TGZ_SHA256\` variable.
Rehearse the commands against the sandbox first (\`teamctl help sandbox\`).

## One file per team, each reviewed by its team

With a roster folder (\`teamctl help rosters\`), each team reviews its own file,
and the workflow above covers them all with \`--roster teams\`.

\`\`\`text
# .github/CODEOWNERS: each team reviews its own file; the admins the rest
/teams/                   @acme/org-admins
/teams/engineering.csv    @acme/engineering
/teams/data-platform.xlsx @acme/data-platform
\`\`\`

A later CODEOWNERS line wins, so the folder's line comes first. Files named by
team id (\`design.csv\`, not \`Product Design.csv\`) keep these lines free of
spaces.

## Review, then apply the reviewed plan

Where the merge must apply **exactly** the plan that was reviewed, the pull
request saves the plan as an artifact and the merge applies it; it is refused
(exit 3, nothing sent) if the team moved since the review, and a re-run of the
pull request's job makes a new plan. The changes to the workflow above:

\`\`\`yaml
      - if: github.event_name == 'pull_request'
        run: teamctl members sync --roster teams/engineering.csv
          --prune --plan-out members-plan.json
      - if: github.event_name == 'pull_request'
        uses: actions/upload-artifact@v4
        with:
          name: plan-\${{ github.event.pull_request.head.sha }}
          path: members-plan.json
      # On push: download the artifact of the merged pull request's head
      # (gh run download, with actions: read), then:
      - if: github.event_name == 'push'
        run: teamctl apply members-plan.json --report members-applied.csv
\`\`\`

\`teamctl help plans\` describes plan files and \`apply --show\`.

## Teams from the identity provider's groups, nightly

A directory sync (\`teamctl help directory\`) keeps the group map in the
repository and takes the groups from a fresh export each night: the job fails
(exit 8) when a mapped team differs from its groups, and its summary shows the
plan that would fix it. Add to the first workflow above:

\`\`\`yaml
      # Your identity provider's own export (its API or admin tool).
      - if: github.event_name == 'schedule'
        run: ./scripts/export-groups.sh > "$RUNNER_TEMP/groups.csv"
      - if: github.event_name == 'schedule'
        run: teamctl members sync --roster "$RUNNER_TEMP/groups.csv"
          --group-map teams/groups.csv --prune --invite --sso
          --dry-run --exit-code --report directory-drift.csv
\`\`\`

Add \`--strict\` to fail too when a row of the map matches no group any more.
The export holds the organization's people: written outside the workspace, it
stays out of the artifacts.
`;
