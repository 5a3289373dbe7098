// Every file teamctl writes goes through openAtomic (writeFileAtomic is its one-shot form): the
// reports, plans, exports and roster folders a user names, the step summary, teamctl's own files.
// One rule for all of them (`teamctl help reliability`, "Reliability"): the path's last component
// is a regular file or nothing yet. A symbolic link there (one that points nowhere too), a
// directory, a device or a FIFO is refused with an error naming the path, and nothing is written;
// a link further up the path (a linked folder) is followed as usual.
//
// A file is replaced whole or not at all: a temporary file beside the target (same file system,
// so the rename is atomic), renamed over it only once everything is written. A failed or
// interrupted run leaves the previous file as it was. An existing target keeps its permissions.
// The step summary (`append`) is appended to, as GitHub documents it, opened with O_NOFOLLOW so
// that a link put in its place meanwhile is refused too.
// Everything written is redacted like the output streams (`teamctl help environment`, "Talking to the service").
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, open, realpath, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { TeamctlError, UsageError } from '../errors.js';
import { redact } from '../redact.js';
import { FileKindError, kindOf, openRegular, readRegularText } from './regular.js';

export interface AtomicFile {
  write(text: string): Promise<void>;
  /** Everything is written: make it visible under the target name. */
  commit(): Promise<void>;
  /** Something failed: remove the temporary file, leave the target untouched. */
  abort(): Promise<void>;
}

interface Target {
  /** Where the file goes: the path itself, never a file a link points to. */
  path: string;
  /** Permission bits of the file being replaced. */
  mode: number | undefined;
}

const errnoCode = (err: unknown): string | undefined => (err as NodeJS.ErrnoException).code;

/** The refusal of a symbolic link in the place of a file teamctl writes. */
function linkRefusal(path: string, what: string, own: boolean): UsageError {
  // One of teamctl's own files keeps the words its readers use for a link (files/regular.ts).
  if (own) return new UsageError(`${what}: is a symbolic link, which teamctl does not follow for its own files`);
  return new UsageError(`${what}: is a symbolic link, which teamctl does not write through`, { hint: 'name the file itself, not a link to it' });
}

/** The regular file (or nothing yet) at `path`, never followed if it is a link. Problems are usage errors. */
async function resolveTarget(path: string, what: string, own = false): Promise<Target> {
  try {
    const existing = await lstat(path);
    if (existing.isSymbolicLink()) {
      const pointsNowhere = (await stat(path).catch(() => undefined)) === undefined;
      if (pointsNowhere && !own) throw new UsageError(`${what}: is a symbolic link to a missing file, which teamctl does not write through`);
      throw linkRefusal(path, what, own);
    }
    if (existing.isDirectory()) throw new UsageError(`${what}: is a directory`);
    if (!existing.isFile()) throw new UsageError(`${what}: is not a regular file (${kindOf(existing) ?? 'a special file'}); write to a file instead`);
    return { path, mode: existing.mode & 0o777 };
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = errnoCode(err);
    // Nothing there (a new file), or a path through a file: refused when the file is made.
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path, mode: undefined };
    if (code === 'EACCES') throw new UsageError(`${what}: no permission to reach ${dirname(path)}`);
    throw new UsageError(`${what}: ${(err as Error).message}`);
  }
}

/** The nearest folder above `path` that is a file, where a path runs through one (ENOTDIR). */
async function fileAbove(path: string): Promise<string> {
  for (let up = dirname(path); up !== dirname(up); up = dirname(up)) {
    if ((await stat(up).catch(() => undefined))?.isFile() === true) return up;
  }
  return path;
}

/**
 * Why a file cannot be created or written in `folder`, in words a person can act on (a full disk,
 * a quota, a read-only file system): one line, never a stack.
 */
export async function whyNotWritable(err: unknown, folder: string): Promise<string> {
  const code = errnoCode(err);
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EEXIST') {
    const info = await stat(folder).catch((e: unknown) => errnoCode(e));
    if (info === 'ENOTDIR') return `${await fileAbove(folder)} is not a folder`;
    if (typeof info === 'string' || info === undefined) return `the folder ${folder} does not exist`;
    if (!info.isDirectory()) return `${folder} is not a folder`;
    return `files cannot be created in ${folder}`;
  }
  if (code === 'EACCES' || code === 'EPERM') return `no permission to write in ${folder}`;
  if (code === 'EROFS') return `${folder} is on a read-only file system`;
  if (code === 'ENOSPC') return `no space left in ${folder}`;
  if (code === 'EDQUOT') return `the disk quota is used up in ${folder}`;
  if (code === 'EFBIG') return 'the file is larger than the file system (or a limit on file sizes) allows';
  if (code === 'EIO') return `an input/output error on the disk of ${folder}`;
  return err instanceof Error ? err.message.split('\n')[0] ?? '' : String(err);
}

/**
 * The one error a file teamctl writes fails with, whatever failed (creating, writing, syncing or
 * renaming it): `cannot write <what>: <why>`, exit 2, never a stack (`teamctl help reliability`,
 * "Reliability"). An error teamctl already explained comes as it is.
 */
export async function writeFailure(err: unknown, what: string, folder: string): Promise<TeamctlError> {
  if (err instanceof TeamctlError) return err;
  return new UsageError(`cannot write ${what}: ${await whyNotWritable(err, folder)}`, { cause: err });
}

async function openTemp(target: Target, what: string, mode = target.mode): Promise<{ temp: string; handle: FileHandle }> {
  const folder = dirname(target.path);
  const temp = join(folder, `.${basename(target.path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', mode ?? 0o666);
    if (mode !== undefined) await handle.chmod(mode);
    return { temp, handle };
  } catch (err) {
    throw await writeFailure(err, what, folder);
  }
}

/**
 * Checks, before anything is sent, that `path` can be written: its folder exists and takes a new
 * file, and it is not a directory or special file. It really creates (and removes) a temporary
 * file, so permissions, read-only file systems and pseudo file systems all answer truthfully.
 */
export async function checkWritable(path: string, what = path): Promise<void> {
  const target = await resolveTarget(path, what);
  const { temp, handle } = await openTemp(target, what);
  await handle.close();
  await unlink(temp).catch(() => {});
}

/** Where `path` really is: symbolic links followed (in its folder too, for a file not there yet). */
async function realTarget(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return join(await realpath(dirname(path)).catch(() => dirname(path)), basename(path));
  }
}

/**
 * Whether `a` and `b` name one file: the same real path (symbolic links followed, either may not
 * exist yet), or one file on disk under two names (a hard link, a case-insensitive file system).
 */
export async function sameFile(a: string, b: string): Promise<boolean> {
  const [ra, rb] = await Promise.all([realTarget(a), realTarget(b)]);
  if (ra === rb) return true;
  const [sa, sb] = await Promise.all([stat(ra).catch(() => undefined), stat(rb).catch(() => undefined)]);
  return sa !== undefined && sb !== undefined && sa.dev === sb.dev && sa.ino === sb.ino;
}

export interface AtomicOptions {
  /** The file's permission bits whatever it had before (0o600 for a file that must stay private). */
  mode?: number;
  /**
   * false: an existing file is refused (exit 2, naming it), before and when the file is made
   * visible (linked, not renamed, so a file created meanwhile is not replaced either). With
   * writeFileAtomic, a file that already holds exactly the text is left as it is: nothing in it
   * would be lost (the sandbox's quick start, run again, writes the same roster).
   */
  overwrite?: false;
  /** One of teamctl's own files: a link in its place is refused in the words its readers use. */
  own?: true;
  /**
   * Appended to where it is, not replaced (the step summary, as GitHub documents it): opened
   * with O_APPEND and O_NOFOLLOW, created if missing; each write lands at the end.
   */
  append?: true;
}

const exists = (what: string): UsageError => new UsageError(`${what}: the file already exists, and is not overwritten`, { hint: 'remove it first, or name another file' });

/** Opens `path` to append to it, refusing a link or special file put there after it was looked at. */
async function openAppend(target: Target, what: string, own: boolean): Promise<AtomicFile> {
  const folder = dirname(target.path);
  let handle: FileHandle;
  try {
    handle = await openRegular(target.path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, { own: true });
  } catch (err) {
    if (err instanceof FileKindError) {
      throw err.reason === 'symlink' ? linkRefusal(target.path, what, own) : new UsageError(`${what}: is not a regular file (${err.kind}); write to a file instead`);
    }
    throw await writeFailure(err, what, folder);
  }
  const commit = async (): Promise<void> => {
    await handle.sync();
    await handle.close();
  };
  return fileOn(handle, what, folder, commit, () => handle.close());
}

/**
 * Opens `path` for writing: the one way teamctl writes a file. A temporary file beside it, made
 * visible by commit (or, with `append`, the file itself). Problems the user can fix (no folder,
 * a directory, a symbolic link) are usage errors naming `what`, before anything is written.
 */
export async function openAtomic(path: string, what = path, options: AtomicOptions = {}): Promise<AtomicFile> {
  const target = await resolveTarget(path, what, options.own === true);
  if (options.append === true) return openAppend(target, what, options.own === true);
  if (options.overwrite === false && target.mode !== undefined) throw exists(what);
  const { temp, handle } = await openTemp(target, what, options.mode ?? target.mode);
  // A handle closed twice (commit, then abort) is closed once: the second close does nothing.
  const close = (): Promise<void> => handle.close();
  const folder = dirname(target.path);
  const publish = async (): Promise<void> => {
    await handle.sync();
    await close();
    if (options.overwrite !== false) return rename(temp, target.path);
    try {
      await link(temp, target.path);
    } catch (err) {
      if (errnoCode(err) === 'EEXIST') throw exists(what);
      throw err;
    }
    await unlink(temp);
  };
  return fileOn(handle, what, folder, publish, async () => {
    await close().catch(() => {});
    await unlink(temp).catch(() => {});
  });
}

/**
 * The AtomicFile writing to `handle`: every failure of a write or of `publish` is the one error of
 * a file that cannot be written; `discard` undoes what it can, and fails never.
 */
function fileOn(handle: FileHandle, what: string, folder: string, publish: () => Promise<void>, discard: () => Promise<void>): AtomicFile {
  return {
    async write(text) {
      try {
        await handle.write(redact(text), null, 'utf8');
      } catch (err) {
        throw await writeFailure(err, what, folder);
      }
    },
    async commit() {
      try {
        await publish();
      } catch (err) {
        throw await writeFailure(err, what, folder);
      }
    },
    async abort() {
      await discard().catch(() => {});
    },
  };
}

/** Writes `text` to `path` whole (or appends it, with `append`): openAtomic, written and committed. */
export async function writeFileAtomic(path: string, text: string, what = path, options: AtomicOptions = {}): Promise<void> {
  // Read without waiting (a FIFO in its place is refused below, never read).
  // A link in its place is not read (O_NOFOLLOW): it is refused below.
  if (options.overwrite === false && (await readRegularText(path, { own: true }).catch(() => undefined)) === redact(text)) return;
  const file = await openAtomic(path, what, options);
  try {
    await file.write(text);
    await file.commit();
  } catch (err) {
    await file.abort();
    throw err;
  }
}
