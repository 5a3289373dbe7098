// Output files written whole or not at all: a temporary file beside the target (same file
// system, so the rename is atomic), renamed over it only once everything is written. A failed or
// interrupted run leaves the previous file as it was. An existing target keeps its permissions.
import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../errors.js';

export interface AtomicFile {
  write(text: string): Promise<void>;
  /** Everything is written: make it visible under the target name. */
  commit(): Promise<void>;
  /** Something failed: remove the temporary file, leave the target untouched. */
  abort(): Promise<void>;
}

/** Opens a temporary file for `path`. Problems the user can fix (no folder, a directory) are usage errors. */
export async function openAtomic(path: string, what = path): Promise<AtomicFile> {
  let mode: number | undefined;
  try {
    const existing = await stat(path);
    if (existing.isDirectory()) throw new UsageError(`${what}: is a directory`);
    mode = existing.mode & 0o777;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new UsageError(`${what}: ${(err as Error).message}`);
  }
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  let handle: FileHandle;
  try {
    handle = await open(temp, 'wx', mode ?? 0o666);
    if (mode !== undefined) await handle.chmod(mode);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? `the folder ${dirname(path)} does not exist` : code === 'EACCES' ? `no permission to write in ${dirname(path)}` : (err as Error).message;
    throw new UsageError(`cannot write ${what}: ${why}`);
  }
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    async write(text) {
      await handle.write(text, null, 'utf8');
    },
    async commit() {
      await handle.sync();
      await close();
      await rename(temp, path);
    },
    async abort() {
      await close().catch(() => {});
      await unlink(temp).catch(() => {});
    },
  };
}

/** Writes `text` to `path` atomically. */
export async function writeFileAtomic(path: string, text: string, what = path): Promise<void> {
  const file = await openAtomic(path, what);
  try {
    await file.write(text);
    await file.commit();
  } catch (err) {
    await file.abort();
    throw err;
  }
}
