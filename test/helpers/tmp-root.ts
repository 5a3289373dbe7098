// Every temporary file of a test run (config folders, rosters, reports, plans…) goes into one
// folder made here, before the test workers start (they inherit TMPDIR, which os.tmpdir()
// reads), and removed when the run ends: thousands of runs leave nothing behind in /tmp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'teamctl-tests-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
