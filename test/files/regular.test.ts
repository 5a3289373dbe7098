// Opening a file that must be a regular file, never waiting on it (`teamctl help reliability`,
// "Reliability"): a FIFO, a directory, a socket, a device and — for teamctl's own files — a
// symbolic link, refused in their words; a regular file read, created with its mode, bounded in
// size; a place for an own file looked at without opening it.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, existsSync, fstatSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync, type Stats } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOwnTarget, checkOwnTargetSync, FileKindError, kindOf, openRegular, openRegularSync, readRegularText } from '../../src/files/regular.js';

let dir: string;
let server: Server;
const at = (name: string): string => join(dir, name);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'teamctl-regular-'));
  writeFileSync(at('file.txt'), 'hello\n');
  mkdirSync(at('dir'));
  execFileSync('mkfifo', [at('fifo')]);
  symlinkSync(at('file.txt'), at('link-to-file'));
  symlinkSync(at('fifo'), at('link-to-fifo'));
  symlinkSync(at('dir'), at('link-to-dir'));
  symlinkSync(at('nowhere'), at('dangling'));
  symlinkSync(at('loop'), at('loop'));
  server = createServer();
  await new Promise<void>((resolve) => server.listen(at('socket'), resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** What a call threw: the FileKindError's path, reason, kind and message, or another error's code. */
async function refusal(run: () => unknown): Promise<unknown> {
  try {
    const got = await run();
    return { opened: got };
  } catch (err) {
    if (err instanceof FileKindError) return { path: err.path, reason: err.reason, kind: err.kind, message: err.message };
    return { code: (err as NodeJS.ErrnoException).code };
  }
}

const notRegular = (name: string, kind: string) => ({ path: at(name), reason: 'not-regular', kind, message: `is ${kind}, not a regular file` });
const symlink = (name: string) => ({ path: at(name), reason: 'symlink', kind: 'a symbolic link', message: 'is a symbolic link, which teamctl does not follow for its own files' });

const { O_RDONLY, O_WRONLY, O_CREAT, O_APPEND } = constants;

describe('kindOf', () => {
  it('names each kind of file, nothing for a regular one', async () => {
    expect(kindOf(statSync(at('file.txt')))).toBeUndefined();
    expect(kindOf(statSync(at('dir')))).toBe('a directory');
    expect(kindOf(statSync(at('fifo')))).toBe('a FIFO (named pipe)');
    expect(kindOf(statSync(at('socket')))).toBe('a socket');
    expect(kindOf(statSync('/dev/null'))).toBe('a device');
    expect(kindOf(lstatSync(at('link-to-file')))).toBe('a symbolic link');
    // A kind none of the tests knows (none is left on Linux): said without a name.
    const none = () => false;
    const unknown = { isFile: none, isDirectory: none, isFIFO: none, isSocket: none, isCharacterDevice: none, isBlockDevice: none, isSymbolicLink: none } as unknown as Stats;
    expect(kindOf(unknown)).toBe('not a regular file');
  });
});

describe('openRegular and openRegularSync', () => {
  const both = (name: string, flags: number, options: { own?: boolean; mode?: number } = {}) => [
    () => openRegular(at(name), flags, options).then(async (h) => (await h.close(), 'handle')),
    () => {
      closeSync(openRegularSync(at(name), flags, options));
      return 'descriptor';
    },
  ];

  it('open a regular file, following a link to it unless it is one of teamctl own files', async () => {
    for (const [i, open] of both('file.txt', O_RDONLY).entries()) expect(await refusal(open as () => unknown)).toEqual({ opened: i === 0 ? 'handle' : 'descriptor' });
    for (const open of both('link-to-file', O_RDONLY)) expect(await refusal(open as () => unknown)).toMatchObject({ opened: expect.any(String) });
    for (const open of both('link-to-file', O_RDONLY, { own: true })) expect(await refusal(open as () => unknown)).toEqual(symlink('link-to-file'));
  });

  it('refuse a FIFO without waiting for a writer or a reader, through a link too', async () => {
    for (const open of both('fifo', O_RDONLY)) expect(await refusal(open as () => unknown)).toEqual(notRegular('fifo', 'a FIFO (named pipe)'));
    for (const open of both('fifo', O_WRONLY | O_APPEND)) expect(await refusal(open as () => unknown)).toEqual(notRegular('fifo', 'a FIFO (named pipe)'));
    for (const open of both('link-to-fifo', O_WRONLY)) expect(await refusal(open as () => unknown)).toEqual(notRegular('link-to-fifo', 'a FIFO (named pipe)'));
    for (const open of both('link-to-fifo', O_WRONLY, { own: true })) expect(await refusal(open as () => unknown)).toEqual(symlink('link-to-fifo'));
  });

  it('refuse a directory, a socket and a device, for reading and for writing', async () => {
    for (const open of both('dir', O_RDONLY)) expect(await refusal(open as () => unknown)).toEqual(notRegular('dir', 'a directory'));
    for (const open of both('dir', O_WRONLY)) expect(await refusal(open as () => unknown)).toEqual(notRegular('dir', 'a directory'));
    for (const open of both('link-to-dir', O_WRONLY)) expect(await refusal(open as () => unknown)).toEqual(notRegular('link-to-dir', 'a directory'));
    for (const open of both('socket', O_RDONLY)) expect(await refusal(open as () => unknown)).toEqual(notRegular('socket', 'a socket'));
    for (const open of [() => openRegular('/dev/null', O_WRONLY).then((h) => h.close()), () => openRegularSync('/dev/null', O_RDONLY)]) {
      expect(await refusal(open)).toEqual({ path: '/dev/null', reason: 'not-regular', kind: 'a device', message: 'is a device, not a regular file' });
    }
  });

  it('pass other failures on as they come: a missing file, a dangling link', async () => {
    for (const open of both('missing', O_RDONLY)) expect(await refusal(open as () => unknown)).toEqual({ code: 'ENOENT' });
    for (const open of both('dangling', O_RDONLY)) expect(await refusal(open as () => unknown)).toEqual({ code: 'ENOENT' });
    for (const open of both('dangling', O_RDONLY, { own: true })) expect(await refusal(open as () => unknown)).toEqual(symlink('dangling'));
    for (const open of both('file.txt/below', O_RDONLY)) expect(await refusal(open as () => unknown)).toEqual({ code: 'ENOTDIR' });
  });

  it('tell a link teamctl does not follow from a loop on the way to the file', async () => {
    // The link itself, opened as an own file: refused as a link.
    for (const open of both('loop', O_RDONLY, { own: true })) expect(await refusal(open as () => unknown)).toEqual(symlink('loop'));
    // Followed (not an own file), or a loop in a folder of the path: the failure as it comes.
    for (const open of both('loop', O_RDONLY)) expect(await refusal(open as () => unknown)).toEqual({ code: 'ELOOP' });
    for (const open of both('loop/below', O_RDONLY, { own: true })) expect(await refusal(open as () => unknown)).toEqual({ code: 'ELOOP' });
  });

  it('pass on a failure that is not the kind of file, even where the path is not a regular file', async () => {
    const { O_EXCL } = constants;
    for (const open of both('dir', O_WRONLY | O_CREAT | O_EXCL)) expect(await refusal(open as () => unknown)).toEqual({ code: 'EEXIST' });
    for (const open of both('link-to-file', O_WRONLY | O_CREAT | O_EXCL, { own: true })) expect(await refusal(open as () => unknown)).toEqual({ code: 'EEXIST' });
  });

  it('create a file with the mode given, 0666 less the umask otherwise', async () => {
    const handle = await openRegular(at('made-600'), O_WRONLY | O_CREAT, { mode: 0o600 });
    await handle.writeFile('x');
    await handle.close();
    expect(statSync(at('made-600')).mode & 0o777).toBe(0o600);
    const fd = openRegularSync(at('made-sync-640'), O_WRONLY | O_CREAT, { mode: 0o640 });
    expect(fstatSync(fd).mode & 0o777).toBe(0o640);
    closeSync(fd);
    const umask = process.umask();
    const plain = await openRegular(at('made-plain'), O_WRONLY | O_CREAT);
    await plain.close();
    expect(statSync(at('made-plain')).mode & 0o777).toBe(0o666 & ~umask);
    closeSync(openRegularSync(at('made-plain-sync'), O_WRONLY | O_CREAT));
    expect(statSync(at('made-plain-sync')).mode & 0o777).toBe(0o666 & ~umask);
    expect(readFileSync(at('made-600'), 'utf8')).toBe('x');
  });
});

describe('readRegularText', () => {
  it('reads a regular file, up to maxBytes and not one byte more', async () => {
    expect(await readRegularText(at('file.txt'))).toBe('hello\n');
    expect(await readRegularText(at('file.txt'), { maxBytes: 6 })).toBe('hello\n');
    await expect(readRegularText(at('file.txt'), { maxBytes: 5 })).rejects.toThrow(/^is larger than 5 bytes$/);
    await expect(readRegularText(at('link-to-file'), { own: true })).rejects.toThrow(FileKindError);
    await expect(readRegularText(at('fifo'))).rejects.toThrow('is a FIFO (named pipe), not a regular file');
  });

  it.runIf(existsSync('/proc/self/fd'))('closes the file it read, and the one it refused as too large', async () => {
    const open = (): number => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let i = 0; i < 5; i++) {
      await readRegularText(at('file.txt'));
      await expect(readRegularText(at('file.txt'), { maxBytes: 1 })).rejects.toThrow();
    }
    expect(open()).toBe(before);
  });
});

describe('checkOwnTarget and checkOwnTargetSync', () => {
  const both = (name: string) => [() => checkOwnTarget(at(name)), () => checkOwnTargetSync(at(name))];

  it('let a missing or regular file be written, and refuse a link or anything else, never opening it', async () => {
    for (const check of both('missing')) expect(await refusal(check)).toEqual({ opened: undefined });
    for (const check of both('file.txt')) expect(await refusal(check)).toEqual({ opened: undefined });
    for (const check of both('link-to-file')) expect(await refusal(check)).toEqual(symlink('link-to-file'));
    for (const check of both('dangling')) expect(await refusal(check)).toEqual(symlink('dangling'));
    for (const check of both('fifo')) expect(await refusal(check)).toEqual(notRegular('fifo', 'a FIFO (named pipe)'));
    for (const check of both('dir')) expect(await refusal(check)).toEqual(notRegular('dir', 'a directory'));
  });

  it('pass on a failure to look that is not a missing file', async () => {
    for (const check of both('file.txt/below')) expect(await refusal(check)).toEqual({ code: 'ENOTDIR' });
  });
});
