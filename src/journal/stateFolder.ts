// Where teamctl keeps what belongs to the machine's user rather than to one config folder (README,
// "Settings"): the journal of writes the service cannot take twice, its lock, and the records of
// applied plans. Every config folder and every HOME of one user finds the same folder, so two runs
// that meet on one machine share one journal and one lock: TEAMCTL_STATE_DIR, else
// $XDG_STATE_HOME/teamctl, else teamctl-<uid> in the system's persistent temporary folder
// (/var/tmp, which a reboot keeps). A folder there, shared with other users, is created 0700 and
// refused when it is a link, someone else's, or open to group or others, as tmux checks its socket
// folder: another user could otherwise read the journal or plant one.
import { lstat, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { JournalError } from './journalError.js';

export interface StateFolder {
  dir: string;
  /** In a temporary folder other users share: created 0700 and checked before each use. */
  shared: boolean;
}

/** What decides the default folder; tests pass their own. */
export interface StateFolderHost {
  platform?: NodeJS.Platform;
  uid?: number;
  /** The persistent temporary folder (default /var/tmp; Windows: the user's own temporary folder). */
  tmp?: string;
}

/** The state folder for this environment (a path only: nothing is read or created). */
export function stateFolder(env: NodeJS.ProcessEnv, cwd: string, host: StateFolderHost = {}): StateFolder {
  if (env.TEAMCTL_STATE_DIR) return { dir: resolve(cwd, env.TEAMCTL_STATE_DIR), shared: false };
  // The XDG base directory rules ignore a relative path.
  if (env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME)) return { dir: join(env.XDG_STATE_HOME, 'teamctl'), shared: false };
  const platform = host.platform ?? process.platform;
  // Windows' temporary folder is the user's own already.
  if (platform === 'win32') return { dir: join(host.tmp ?? tmpdir(), 'teamctl'), shared: false };
  const uid = host.uid ?? process.getuid?.() ?? 0;
  return { dir: join(host.tmp ?? '/var/tmp', `teamctl-${uid}`), shared: true };
}

/**
 * Makes the state folder ready: with `create`, creates it (0700) when missing; a shared one is then
 * checked (a dry run checks it only when it exists). Throws a JournalError naming the folder (exit
 * 1, nothing sent) when it cannot be used.
 */
export async function prepareStateFolder(folder: StateFolder, create: boolean, uid = process.getuid?.() ?? 0): Promise<void> {
  if (create) {
    try {
      // A shared folder is one level under the temporary folder: never created through a link.
      await mkdir(folder.dir, { recursive: !folder.shared, mode: 0o700 });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR' || (code === 'EEXIST' && !folder.shared)) throw notAFolder(folder.dir);
      if (code !== 'EEXIST') throw refused(folder.dir, `cannot be created (${(err as Error).message})`, 'make it writable, or set TEAMCTL_STATE_DIR to a folder of your own');
    }
  }
  if (!folder.shared) return;
  const info = await lstat(folder.dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' && !create) return undefined;
    throw refused(folder.dir, `cannot be read (${err.message})`, 'set TEAMCTL_STATE_DIR to a folder of your own');
  });
  if (info === undefined) return;
  const problem = info.isSymbolicLink()
    ? 'is a symbolic link'
    : !info.isDirectory()
      ? 'is not a folder'
      : info.uid !== uid
        ? `belongs to another user (uid ${info.uid})`
        : (info.mode & 0o077) !== 0
          ? `is open to other users (mode ${(info.mode & 0o777).toString(8)})`
          : undefined;
  if (problem !== undefined) {
    throw refused(folder.dir, `${problem}; teamctl keeps its journal only in a folder of its own, mode 700`, 'remove it (teamctl creates it again), or set TEAMCTL_STATE_DIR to a folder of your own');
  }
}

function notAFolder(dir: string): JournalError {
  return refused(dir, 'or a folder above it is a file, not a folder', 'move the file aside, or set TEAMCTL_STATE_DIR to another folder');
}

function refused(dir: string, why: string, hint: string): JournalError {
  return new JournalError(`the state folder ${dir} ${why}; nothing was sent`, { hint: `it holds the journal of writes the service cannot take twice: ${hint}` });
}

/** Where a journal lives, and what names its service. */
export interface JournalHome {
  state: StateFolder;
  /** The config folder: journals and records earlier versions kept there are moved on first use. */
  config: string;
  /** The sandbox at `baseUrl` (TEAMCTL_SANDBOX_ID): its journal is named by `id`, whatever its port. */
  sandbox?: { id: string; baseUrl: string };
}

/** A home given as one folder holds both the state and the config. */
export function homeOf(home: string | JournalHome): JournalHome {
  return typeof home === 'string' ? { state: { dir: home, shared: false }, config: home } : home;
}
