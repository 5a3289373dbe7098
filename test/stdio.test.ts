// stdout and stderr on a pipe, a socket or a file are written to straight, and built as Node's
// streams only when something else is asked of them (src/stdio.ts).
import type { Stats } from 'node:fs';
import { PassThrough, type Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { standardStream } from '../src/stdio.js';
import { bin } from './e2e/harness.js';
import { runNodeLoading } from './helpers/spawnNode.js';

type Kind = 'fifo' | 'socket' | 'file' | 'terminal';
type Fs = NonNullable<Parameters<typeof standardStream>[2]>;

/** A descriptor of `kind` whose writes take `take(bytes)` bytes each, or throw what it throws. */
function descriptor(kind: Kind, take: (bytes: Uint8Array, call: number) => number = (b) => b.length) {
  const written: string[] = [];
  let calls = 0;
  const stats = { isFIFO: () => kind === 'fifo', isSocket: () => kind === 'socket', isFile: () => kind === 'file' } as Stats;
  const fs = {
    fstatSync: (fd: number) => {
      if (fd !== 1) throw new Error(`fstat of ${fd}`);
      return stats;
    },
    writeSync: (fd: number, bytes: Uint8Array) => {
      const n = take(bytes, calls++);
      written.push(Buffer.from(bytes.subarray(0, n)).toString('utf8'));
      return n;
    },
  } as unknown as Fs;
  return { fs, written };
}

/** Node's stream as a stand-in: a PassThrough that keeps what it is given, and how often it was built. */
function streamOpener() {
  const opened: PassThrough[] = [];
  const open = (): Writable => {
    const s = new PassThrough();
    opened.push(s);
    return s;
  };
  const text = (): string => opened.map((s) => (s.read() as Buffer | null)?.toString('utf8') ?? '').join('');
  return { open, opened, text };
}

const errno = (code: string): Error => Object.assign(new Error(code), { code });
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('stdout and stderr straight to their descriptor', () => {
  it('a terminal, or a descriptor fstat cannot read, is Node\'s stream from the start', () => {
    const terminal = streamOpener();
    expect(standardStream(1, terminal.open, descriptor('terminal').fs)).toBe(terminal.opened[0]);
    const { open, opened } = streamOpener();
    const closed = { fstatSync: () => { throw errno('EBADF'); } } as unknown as Fs;
    expect(standardStream(1, open, closed)).toBe(opened[0]);
  });

  it('a pipe, a socket or a file takes text at once, whole, each write\'s callback called after it; no stream is built', async () => {
    for (const kind of ['fifo', 'socket', 'file'] as const) {
      // A pipe that takes 3 bytes at a time: every byte is written, in order.
      const { fs, written } = descriptor(kind, (b) => Math.min(3, b.length));
      const { open, opened } = streamOpener();
      const out = standardStream(1, open, fs);
      const done: unknown[] = [];
      expect(out.isTTY).toBeUndefined();
      expect(out.write('héllo\n', (err) => done.push(err))).toBe(true);
      expect(out.write(new TextEncoder().encode('bytes'), 'utf8', (err) => done.push(err))).toBe(true);
      expect(done).toEqual([]);
      await tick();
      expect(done).toEqual([null, null]);
      expect(written.join('')).toBe('héllo\nbytes');
      expect(opened).toEqual([]);
    }
  });

  it('a full pipe (EAGAIN) hands the rest to the stream, and every write after it, in order', async () => {
    const { fs, written } = descriptor('fifo', (b, call) => {
      if (call === 1) throw errno('EAGAIN');
      return Math.min(4, b.length);
    });
    const { open, opened, text } = streamOpener();
    const out = standardStream(1, open, fs);
    out.write('abcdefgh');
    expect(opened).toHaveLength(1);
    out.write('ij');
    expect(written.join('')).toBe('abcd');
    expect(text()).toBe('efghij');
  });

  it('a reader gone (EPIPE): the callback and the error listeners get it, and the next write tries again', async () => {
    let closed = false;
    const { fs } = descriptor('fifo', (b) => {
      if (closed) throw errno('EPIPE');
      return b.length;
    });
    const { open, opened } = streamOpener();
    const out = standardStream(1, open, fs);
    const errors: string[] = [];
    const once: string[] = [];
    const forgotten = (): void => {
      errors.push('forgotten listener');
    };
    out.on('error', (err: NodeJS.ErrnoException) => errors.push(err.code ?? ''));
    out.once('error', (err: NodeJS.ErrnoException) => once.push(err.code ?? ''));
    out.on('error', forgotten);
    out.off('error', forgotten);
    closed = true;
    const callbacks: unknown[] = [];
    out.write('lost', (err) => callbacks.push((err as NodeJS.ErrnoException).code));
    out.write('again', (err) => callbacks.push((err as NodeJS.ErrnoException).code));
    await tick();
    expect(callbacks).toEqual(['EPIPE', 'EPIPE']);
    expect(errors).toEqual(['EPIPE', 'EPIPE']);
    expect(once).toEqual(['EPIPE']);
    expect(opened).toEqual([]);
  });

  it('anything else asked builds the stream once, gives it the listeners asked for before, and goes through it from then on', async () => {
    const { fs, written } = descriptor('fifo');
    const { open, opened, text } = streamOpener();
    const out = standardStream(1, open, fs);
    const heard: string[] = [];
    out.on('error', () => heard.push('on'));
    out.once('error', () => heard.push('once'));
    out.write('before ');
    expect(out.writableEnded).toBe(false);
    expect(opened).toHaveLength(1);
    opened[0]?.emit('error', errno('EIO'));
    opened[0]?.emit('error', errno('EIO'));
    expect(heard).toEqual(['on', 'once', 'on']);
    out.write('after');
    expect(written.join('')).toBe('before ');
    expect(text()).toBe('after');
    // A chunk that is not text, or text in another encoding, is the stream's to take.
    const { fs: fs2, written: written2 } = descriptor('fifo');
    const second = streamOpener();
    standardStream(1, second.open, fs2).write('68690a', 'hex');
    expect(written2).toEqual([]);
    expect(second.text()).toBe('hi\n');
  });

  it('listeners: each event its own, addListener as on, off only the one asked for; a write that fails still says it was taken', async () => {
    let broken = false;
    const { fs } = descriptor('fifo', (b) => {
      if (broken) throw errno('EIO');
      return b.length;
    });
    const { open, opened } = streamOpener();
    const out = standardStream(1, open, fs);
    const heard: string[] = [];
    const shared = (): void => {
      heard.push('shared');
    };
    out.on('drain', () => heard.push('drain'));
    out.addListener('error', () => heard.push('added'));
    out.on('error', shared);
    out.on('close', shared);
    out.off('close', shared);
    out.off('error', () => heard.push('never registered'));
    broken = true;
    expect(out.write('x')).toBe(true);
    expect(out.write('y', 'utf-8')).toBe(true);
    await tick();
    expect(heard).toEqual(['added', 'shared', 'added', 'shared']);
    expect(opened).toEqual([]);
  });

  it("once the stream is built: one stream, its own answers, methods bound to it, and a write kept from before goes through it", () => {
    const { fs, written } = descriptor('file');
    const { open, opened, text } = streamOpener();
    const out = standardStream(1, open, fs);
    const keptWrite = out.write;
    expect('write' in out).toBe(true);
    expect('isTTY' in out).toBe(true);
    out.write('é', 'utf-8');
    expect(written.join('')).toBe('é');
    expect(opened).toEqual([]);
    // A property teamctl never asks of a pipe builds the stream; after it, the stream's own answers.
    const { end } = out;
    expect(opened).toHaveLength(1);
    Object.assign(opened[0] as object, { isTTY: true, columns: 100 });
    expect(out.isTTY).toBe(true);
    expect((out as unknown as { columns: number }).columns).toBe(100);
    expect('isTTY' in out).toBe(true);
    expect('writableEnded' in out).toBe(true);
    expect('rows' in out).toBe(false);
    expect('notAProperty' in out).toBe(false);
    keptWrite('kept ');
    out.write('after');
    expect(written.join('')).toBe('é');
    expect(text()).toBe('kept after');
    end();
    expect(opened[0]?.writableEnded).toBe(true);
    out.setDefaultEncoding('latin1');
    expect(opened).toHaveLength(1);
  });

  it('teamctl --help into a pipe is written whole, without Node\'s streams loaded', async () => {
    const { code, out, err, loaded } = await runNodeLoading([bin, '--help'], { PATH: process.env.PATH ?? '', TEAMCTL_NO_COMPILE_CACHE: '1' });
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^Usage: teamctl \[options\] \[command\]\n/);
    expect(out).toMatch(/teamctl members list --jq[^\n]*\n[\s\S]*\n$/);
    expect(loaded).not.toContain('NativeModule net');
    expect(loaded).not.toContain('NativeModule internal/streams/writable');
  });
});
