// The process's standard streams as teamctl's commands get them (src/cli.ts, processStreams). Node
// builds stdout or stderr on first use: on a pipe a socket, which loads Node's streams and its
// network module, about a tenth of a help text's start-up (test/bench/README.md). So while stdout
// or stderr is a pipe, a socket or a file and what is asked of it is writing text, the text goes
// straight to its file descriptor, as Node itself writes to a file, and listeners are kept for
// the stream. Anything else (a full pipe, a property or method other than writing and listening)
// builds the stream, and everything goes through it from then on. A terminal is the stream from
// the start.
import type { Stats } from 'node:fs';
import type { Writable } from 'node:stream';

type Listener = (...args: unknown[]) => void;
type Callback = (err?: NodeJS.ErrnoException | null) => void;

/**
 * stdout (fd 1) or stderr (fd 2): `open()` is Node's stream, built only when needed. A pipe, a
 * socket or a regular file is written to at once; anything else is the stream.
 */
export function standardStream(fd: 1 | 2, open: () => Writable, fs = process.getBuiltinModule('node:fs')): Writable & { isTTY?: boolean } {
  let kind: Stats | undefined;
  try {
    kind = fs.fstatSync(fd);
  } catch {
    // A closed descriptor: the stream says what Node makes of it.
  }
  if (!kind || !(kind.isFIFO() || kind.isSocket() || kind.isFile())) return open();
  let stream: Writable | undefined;
  /** Listeners asked for before the stream was built, given to it when it is. */
  const listeners: { event: string | symbol; listener: Listener; once: boolean }[] = [];
  const real = (): Writable => {
    if (stream === undefined) {
      stream = open();
      for (const { event, listener, once } of listeners.splice(0)) {
        if (once) stream.once(event, listener);
        else stream.on(event, listener);
      }
    }
    return stream;
  };
  const emit = (event: string, ...args: unknown[]): void => {
    for (const entry of [...listeners]) {
      if (entry.event !== event) continue;
      if (entry.once) listeners.splice(listeners.indexOf(entry), 1);
      entry.listener(...args);
    }
  };
  const later = (cb: Callback | undefined, err: NodeJS.ErrnoException | null): void => {
    if (cb) process.nextTick(cb, err);
  };
  function write(chunk: unknown, encoding?: BufferEncoding | Callback, cb?: Callback): boolean {
    const callback = typeof encoding === 'function' ? encoding : cb;
    const text = typeof encoding === 'string' ? encoding : undefined;
    if (stream !== undefined || (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) || (text !== undefined && text !== 'utf8' && text !== 'utf-8')) {
      return real().write(chunk, ...((text === undefined ? [] : [text]) as []), callback);
    }
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    try {
      while (bytes.length > 0) bytes = bytes.subarray(fs.writeSync(fd, bytes));
    } catch (err) {
      // A descriptor that cannot take it now (a full pipe left non-blocking): the stream queues
      // the rest, and every write after it.
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return real().write(bytes, callback);
      // As Node's stream for stdout does: the write's callback, then 'error' (EPIPE included),
      // and the next write tries again.
      later(callback, err as NodeJS.ErrnoException);
      process.nextTick(emit, 'error', err);
      return true;
    }
    later(callback, null);
    return true;
  }
  const listen =
    (once: boolean) =>
    (event: string | symbol, listener: Listener): unknown => {
      if (stream !== undefined) return once ? stream.once(event, listener) : stream.on(event, listener);
      listeners.push({ event, listener, once });
      return proxy;
    };
  const off = (event: string | symbol, listener: Listener): unknown => {
    if (stream !== undefined) return stream.off(event, listener);
    const at = listeners.findIndex((l) => l.event === event && l.listener === listener);
    if (at !== -1) listeners.splice(at, 1);
    return proxy;
  };
  /** What is answered without the stream: writing, listening, and what a pipe or a file is not. */
  const own: Record<string | symbol, unknown> = { write, on: listen(false), addListener: listen(false), once: listen(true), off, removeListener: off, isTTY: undefined, columns: undefined, rows: undefined };
  const proxy: Writable = new Proxy({} as Writable, {
    get(_, key) {
      if (stream === undefined && Object.hasOwn(own, key)) return own[key];
      const target = real();
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as Listener).bind(target) : value;
    },
    set(_, key, value) {
      return Reflect.set(real(), key, value);
    },
    has(_, key) {
      return stream === undefined && Object.hasOwn(own, key) ? true : key in real();
    },
  });
  return proxy;
}
