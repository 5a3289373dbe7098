// Every temporary file of a test run (config folders, rosters, reports, plans…) goes into one
// folder made here, before the test workers start (they inherit TMPDIR, which os.tmpdir()
// reads), and removed when the run ends: thousands of runs leave nothing behind in /tmp. The
// user's own state folder (README, "Settings") is never written by a test: a run that creates it
// fails here (each test names its own, as test/e2e/harness.ts does).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCacheFolder } from '../../src/compileCache.js';
import { stateFolder } from '../../src/journal/stateFolder.js';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'teamctl-tests-'));
  const userCache = compileCacheFolder({ ...process.env, NODE_COMPILE_CACHE: undefined, TEAMCTL_NO_COMPILE_CACHE: undefined }) as string;
  const cacheExisted = existsSync(userCache);
  process.env.TMPDIR = root;
  process.env.XDG_CACHE_HOME = join(root, 'cache');
  const userState = stateFolder({}, '/').dir;
  const existed = existsSync(userState);
  return () => {
    rmSync(root, { recursive: true, force: true });
    const created = [
      ...(!existed && existsSync(userState) ? [`a test created the user's state folder ${userState}: give it TEAMCTL_STATE_DIR`] : []),
      ...(!cacheExisted && existsSync(userCache) ? [`a test created the user's compile cache ${userCache}: give it HOME or XDG_CACHE_HOME`] : []),
    ];
    if (created.length === 0) return;
    // vitest reports an error thrown here and still exits 0: the exit code says it too.
    process.exitCode = 1;
    throw new Error(created.join('; '));
  };
}
