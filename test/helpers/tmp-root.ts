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
    if (!existed && existsSync(userState)) throw new Error(`a test created the user's state folder ${userState}: give it TEAMCTL_STATE_DIR`);
    if (!cacheExisted && existsSync(userCache)) throw new Error(`a test created the user's compile cache ${userCache}: give it XDG_CACHE_HOME`);
  };
}
