// The quick start writes its files in the clone (README, "Quick start with the sandbox"): a demo
// roster and a sandbox data file that holds the sandbox's token. Git ignores both, so neither is
// committed by a `git add -A` after the quick start.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe("the quick start's files", () => {
  it.each(['team.csv', 'sandbox.json'])('%s in the clone is ignored by git', (name) => {
    const r = spawnSync('git', ['check-ignore', '--no-index', '--quiet', name], { cwd: root });
    expect(r.status, String(r.stderr)).toBe(0);
  });

  it('a roster elsewhere in the tree is not', () => {
    const r = spawnSync('git', ['check-ignore', '--no-index', '--quiet', 'test/fixtures/team.csv'], { cwd: root });
    expect(r.status).toBe(1);
  });
});
