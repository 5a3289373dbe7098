// Opening a file that must be a regular file, without ever waiting on it (`teamctl help reliability`, "Reliability"):
// opened with O_NONBLOCK, so a FIFO with no writer (or, for writing, no reader) cannot block the
// run, then checked with fstat on the descriptor itself, so what is checked is what is read or
// written. With `own` (the files teamctl keeps for itself: the config, the glossary journal and
// its lock, the applied-plans records, the completion cache) a symbolic link as the file's last
// component is refused too (O_NOFOLLOW); links further up the path (a dotfile manager linking
// ~/.config/teamctl) are followed as usual. Files a user names keep following links.
import { closeSync, constants, fstatSync, lstatSync, openSync, statSync, type Stats } from 'node:fs';
import { lstat, open, stat, type FileHandle } from 'node:fs/promises';

/** Why a file is not one teamctl may use: a symbolic link (own files only), or not a regular file. */
export class FileKindError extends Error {
  constructor(
    readonly path: string,
    readonly reason: 'symlink' | 'not-regular',
    /** What it is, in words: "a FIFO (named pipe)", "a directory", "a symbolic link". */
    readonly kind: string,
  ) {
    super(reason === 'symlink' ? 'is a symbolic link, which teamctl does not follow for its own files' : `is ${kind}, not a regular file`);
  }
}

export interface RegularOptions {
  /** One of teamctl's own files: a symbolic link as its last component is refused. */
  own?: boolean;
  /** Permission bits of a file the flags create. */
  mode?: number;
}

/** What a file is, for a message; undefined for a regular file. */
export function kindOf(info: Stats): string | undefined {
  if (info.isFile()) return undefined;
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

const flagsOf = (flags: number, options: RegularOptions): number => flags | constants.O_NONBLOCK | (options.own === true ? constants.O_NOFOLLOW : 0);
const codeOf = (err: unknown): string | undefined => (err as NodeJS.ErrnoException).code;

/**
 * The error an open failed with, made a FileKindError where the file's kind is the cause: ELOOP
 * under O_NOFOLLOW (a link), ENXIO (a FIFO with no reader, a socket, opened for writing).
 */
function explain(err: unknown, path: string, options: RegularOptions, look: () => Stats | undefined): unknown {
  const code = codeOf(err);
  // `look` sees a link itself only for teamctl's own files (it follows one otherwise).
  if (code === 'ELOOP' && look()?.isSymbolicLink() === true) return new FileKindError(path, 'symlink', 'a symbolic link');
  if (code === 'ENXIO' || code === 'EISDIR') {
    const info = look();
    const kind = info === undefined ? undefined : kindOf(info);
    if (kind !== undefined) return new FileKindError(path, 'not-regular', kind);
  }
  return err;
}

/**
 * Opens `path` with `flags` (O_RDONLY, O_WRONLY | O_APPEND | O_CREAT, …) without waiting, and
 * hands back its descriptor only if it is a regular file: otherwise a FileKindError (and ENOENT
 * and the like as they come). The caller closes the handle.
 */
export async function openRegular(path: string, flags: number, options: RegularOptions = {}): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, flagsOf(flags, options), options.mode ?? 0o666);
  } catch (err) {
    // Looked at before the error is explained, so that the explanation stays synchronous.
    const info = await lstat(path)
      .then((i) => (i.isSymbolicLink() && options.own !== true ? stat(path) : i))
      .catch(() => undefined);
    throw explain(err, path, options, () => info);
  }
  try {
    const kind = kindOf(await handle.stat());
    if (kind !== undefined) throw new FileKindError(path, 'not-regular', kind);
    return handle;
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
}

/** openRegular for synchronous callers: the descriptor of a regular file (the caller closes it). */
export function openRegularSync(path: string, flags: number, options: RegularOptions = {}): number {
  let fd: number;
  try {
    fd = openSync(path, flagsOf(flags, options), options.mode ?? 0o666);
  } catch (err) {
    throw explain(err, path, options, () => {
      try {
        const info = lstatSync(path);
        return info.isSymbolicLink() && options.own !== true ? statSync(path) : info;
      } catch {
        return undefined;
      }
    });
  }
  try {
    const kind = kindOf(fstatSync(fd));
    if (kind !== undefined) throw new FileKindError(path, 'not-regular', kind);
    return fd;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/**
 * The text of a regular file, read without waiting on anything else (see openRegular); refused
 * past `maxBytes` when given. ENOENT and other errors of the open come as they are.
 */
export async function readRegularText(path: string, options: RegularOptions & { maxBytes?: number } = {}): Promise<string> {
  const handle = await openRegular(path, constants.O_RDONLY, options);
  try {
    if (options.maxBytes !== undefined && (await handle.stat()).size > options.maxBytes) {
      throw new Error(`is larger than ${options.maxBytes} bytes`);
    }
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Whether `path` is free for one of teamctl's own files to be written there: missing, or a
 * regular file (not a link, a FIFO, a directory…). Only looked at (lstat), never opened.
 */
export async function checkOwnTarget(path: string): Promise<void> {
  ownTarget(path, await lstat(path).catch(absent));
}

/** checkOwnTarget for synchronous callers. */
export function checkOwnTargetSync(path: string): void {
  let info: Stats | undefined;
  try {
    info = lstatSync(path);
  } catch (err) {
    info = absent(err);
  }
  ownTarget(path, info);
}

/** A missing file (undefined); any other failure to look is thrown. */
function absent(err: unknown): undefined {
  if (codeOf(err) === 'ENOENT') return undefined;
  throw err;
}

/** Refuses what `info` shows in the place of one of teamctl's own files: a link, or not a regular file. */
function ownTarget(path: string, info: Stats | undefined): void {
  if (info === undefined) return;
  if (info.isSymbolicLink()) throw new FileKindError(path, 'symlink', 'a symbolic link');
  const kind = kindOf(info);
  if (kind !== undefined) throw new FileKindError(path, 'not-regular', kind);
}
