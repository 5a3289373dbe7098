// The state folder (src/journal/stateFolder.ts, README's "Settings"): where it is for each
// environment, and a shared one created 0700 and refused when a link, someone else's or open to
// others, naming it, before anything is sent (exit 1).
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal, JournalError } from '../../src/journal/journal.js';
import { prepareStateFolder, stateFolder } from '../../src/journal/stateFolder.js';

const newDir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-state-'));
const lock = { wait: false, onWait: () => {} };

describe('stateFolder', () => {
  it('TEAMCTL_STATE_DIR (resolved against the working folder), else $XDG_STATE_HOME/teamctl, else teamctl-<uid> in /var/tmp', () => {
    const linux = { platform: 'linux' as const, uid: 1234 };
    expect(stateFolder({ TEAMCTL_STATE_DIR: 'cache/state', XDG_STATE_HOME: '/xdg' }, '/work', linux)).toEqual({ dir: '/work/cache/state', shared: false });
    expect(stateFolder({ XDG_STATE_HOME: '/home/ada/.local/state' }, '/work', linux)).toEqual({ dir: '/home/ada/.local/state/teamctl', shared: false });
    // Neither HOME nor the config folder moves it: every HOME of one user finds the same folder.
    for (const env of [{}, { HOME: '/a' }, { HOME: '/b', TEAMCTL_CONFIG_DIR: '/c' }, { TEAMCTL_STATE_DIR: '' }]) {
      expect(stateFolder(env, '/work', linux)).toEqual({ dir: '/var/tmp/teamctl-1234', shared: true });
    }
    // A relative XDG_STATE_HOME is ignored, as the XDG rules say.
    expect(stateFolder({ XDG_STATE_HOME: 'state' }, '/work', linux)).toEqual({ dir: '/var/tmp/teamctl-1234', shared: true });
    expect(stateFolder({}, '/work', { platform: 'win32', tmp: 'C:\\Users\\ada\\Temp' })).toEqual({ dir: join('C:\\Users\\ada\\Temp', 'teamctl'), shared: false });
    expect(stateFolder({}, '/', {}).dir).toBe(`/var/tmp/teamctl-${process.getuid?.() ?? 0}`);
  });
});

describe('prepareStateFolder', () => {
  const shared = (): { dir: string; shared: true } => ({ dir: join(newDir(), 'teamctl-1234'), shared: true });
  const refusal = async (folder: { dir: string; shared: boolean }, create = true, uid = process.getuid?.()): Promise<JournalError> => {
    const err = (await prepareStateFolder(folder, create, uid).catch((e: unknown) => e)) as JournalError;
    expect(err).toBeInstanceOf(JournalError);
    expect(err.exitCode).toBe(1);
    return err;
  };

  // (No umask is set here: Stryker's worker threads do not allow it.)
  it('creates a shared folder 0700 and uses it again', async () => {
    const folder = shared();
    await prepareStateFolder(folder, true);
    expect(statSync(folder.dir).mode & 0o777).toBe(0o700);
    await prepareStateFolder(folder, true);
    await prepareStateFolder(folder, false);
  });

  it('a dry run creates nothing', async () => {
    const folder = shared();
    await prepareStateFolder(folder, false);
    expect(() => lstatSync(folder.dir)).toThrow(/ENOENT/);
  });

  it('refuses a link, a folder open to others, one of another user, a file: naming it, nothing sent', async () => {
    const link = shared();
    const target = newDir();
    chmodSync(target, 0o700);
    symlinkSync(target, link.dir);
    for (const create of [true, false]) {
      expect((await refusal(link, create)).message).toBe(
        `the state folder ${link.dir} is a symbolic link; teamctl keeps its journal only in a folder of its own, mode 700; nothing was sent`,
      );
    }
    const open = shared();
    mkdirSync(open.dir, { mode: 0o755 });
    chmodSync(open.dir, 0o755);
    expect((await refusal(open)).message).toContain(`the state folder ${open.dir} is open to other users (mode 755)`);
    const theirs = shared();
    mkdirSync(theirs.dir, { mode: 0o700 });
    expect((await refusal(theirs, true, (process.getuid?.() ?? 0) + 1)).message).toContain(`the state folder ${theirs.dir} belongs to another user (uid ${process.getuid?.() ?? 0})`);
    if (process.getuid?.() === 0) {
      chownSync(theirs.dir, 4321, 4321);
      expect((await refusal(theirs)).message).toContain('belongs to another user (uid 4321)');
    }
    const file = shared();
    writeFileSync(file.dir, 'not a folder');
    expect((await refusal(file)).message).toContain(`the state folder ${file.dir} is not a folder`);
    expect((await refusal(link)).hint).toBe('it holds the journal of writes the service cannot take twice: remove it (teamctl creates it again), or set TEAMCTL_STATE_DIR to a folder of your own');
  });

  it('a folder of the user’s choice is created with its parents; a file in its place is one line naming it', async () => {
    const dir = join(newDir(), 'a', 'b');
    await prepareStateFolder({ dir, shared: false }, true);
    expect(statSync(dir).isDirectory()).toBe(true);
    const file = join(newDir(), 'state');
    writeFileSync(file, 'x');
    for (const where of [file, join(file, 'below')]) {
      const err = await refusal({ dir: where, shared: false });
      expect(err.message).toBe(`the state folder ${where} or a folder above it is a file, not a folder; nothing was sent`);
      expect(err.hint).toBe('it holds the journal of writes the service cannot take twice: move the file aside, or set TEAMCTL_STATE_DIR to another folder');
    }
  });

  it('a folder that cannot be created or looked at for another reason says why, naming it', async () => {
    const long = join(newDir(), 'x'.repeat(300));
    const made = await refusal({ dir: long, shared: false });
    expect(made.message).toMatch(new RegExp(`^the state folder ${long} cannot be created \\(ENAMETOOLONG: .*\\); nothing was sent$`));
    expect(made.hint).toBe('it holds the journal of writes the service cannot take twice: make it writable, or set TEAMCTL_STATE_DIR to a folder of your own');
    // A dry run creates nothing: the look at the shared folder fails alike.
    const looked = await refusal({ dir: long, shared: true }, false);
    expect(looked.message).toMatch(new RegExp(`^the state folder ${long} cannot be read \\(ENAMETOOLONG: .*\\); nothing was sent$`));
    expect(looked.hint).toBe('it holds the journal of writes the service cannot take twice: set TEAMCTL_STATE_DIR to a folder of your own');
  });

  it('the journal opens nothing in a refused folder: no lock taken, no record read', async () => {
    const folder = shared();
    mkdirSync(folder.dir, { mode: 0o777 });
    chmodSync(folder.dir, 0o777);
    const home = { state: folder, config: newDir() };
    await expect(Journal.open(home, 'https://api.example.com', 'lab', lock)).rejects.toThrow(`the state folder ${folder.dir} is open to other users (mode 777)`);
    await expect(Journal.open(home, 'https://api.example.com', 'lab')).rejects.toThrow(JournalError);
  });
});
