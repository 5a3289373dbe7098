// jq's standard input for --jq, read from bytes (test/bench/README.md, "--jq"). jq-wasm takes the
// input as a string, encodes it into one more copy and hands jq that copy a byte at a time. Here
// teamctl instantiates jq's WebAssembly itself, through jq-wasm's `instantiateWasm` option, and
// answers jq's reads of /dev/stdin (the file jq-wasm names as jq's input) from the output's bytes
// as kept (src/io.ts), copied straight into jq's memory; every other file jq touches is left to
// jq-wasm. The imports are the WASI and Emscripten system calls of jq-wasm's build, found by their
// names; the package is pinned to one version.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { JqLoadOptions } from 'jq-wasm';
import { bundled, packageFile } from '../package.js';

/** The little of WebAssembly's JavaScript API used here (the project's type libraries leave it out). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
type WasmImports = Record<string, Record<string, unknown>>;
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  Instance: new (module: object, imports: WasmImports) => { readonly exports: Record<string, unknown> };
  Memory: abstract new (...args: never[]) => WasmMemory;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** The path jq-wasm gives jq as its input file. */
const stdinPath = '/dev/stdin';

/** The bytes jq reads next on its standard input, while a run is given some (start()). */
export class StdinFeed {
  private blocks: (Uint8Array | undefined)[] = [];
  private index = 0;
  private offset = 0;
  private active = false;
  /** jq's descriptor of /dev/stdin while this run's jq has it open, else -1. */
  private fd = -1;

  /** jq's next run reads these bytes, in order, as its input (the blocks are not copied). */
  start(blocks: readonly Uint8Array[]): void {
    this.blocks = [...blocks];
    this.index = 0;
    this.offset = 0;
    this.active = true;
  }

  /** The run is over: nothing is kept of its input. */
  stop(): void {
    this.blocks = [];
    this.active = false;
    this.fd = -1;
  }

  /** Whether a run is reading from here. */
  get running(): boolean {
    return this.active;
  }

  /** jq opened `path` as `fd`: it is the input when it is /dev/stdin during a run. */
  opened(path: string, fd: number): void {
    if (this.active && fd >= 0 && path === stdinPath) this.fd = fd;
  }

  closed(fd: number): void {
    if (fd === this.fd) this.fd = -1;
  }

  /** Whether reads of `fd` are answered here. */
  serves(fd: number): boolean {
    return this.active && fd === this.fd;
  }

  /** Copies up to `length` bytes into `into` at `at` and says how many (0: the end). A block read to its end is let go. */
  read(into: Uint8Array, at: number, length: number): number {
    let copied = 0;
    while (copied < length) {
      const block = this.blocks[this.index];
      if (block === undefined) break;
      const n = Math.min(length - copied, block.length - this.offset);
      into.set(block.subarray(this.offset, this.offset + n), at + copied);
      copied += n;
      this.offset += n;
      if (this.offset === block.length) {
        this.blocks[this.index++] = undefined;
        this.offset = 0;
      }
    }
    return copied;
  }
}

type SystemCall = (...args: number[]) => number;

/** The import of jq's WebAssembly that jq-wasm's runtime gives as the function named `name`. */
function systemCall(imports: WasmImports, name: string): { set(call: SystemCall): void; call: SystemCall } {
  for (const module of Object.values(imports)) {
    for (const [key, value] of Object.entries(module)) {
      if (typeof value === 'function' && value.name === name) {
        return { call: value as SystemCall, set: (call) => ((module as Record<string, unknown>)[key] = call) };
      }
    }
  }
  throw new Error(`jq-wasm's runtime has no ${name}: teamctl needs the jq-wasm version it is pinned to`);
}

/** The NUL-terminated UTF-8 string at `at` in `memory`. */
function cString(memory: WasmMemory, at: number): string {
  const bytes = new Uint8Array(memory.buffer);
  const end = bytes.indexOf(0, at);
  return Buffer.from(bytes.buffer, at, (end === -1 ? bytes.length : end) - at).toString('utf8');
}

/**
 * Wraps three of jq's imports: open (to know /dev/stdin's descriptor), read (to answer it from
 * `feed`, iovec by iovec as WASI's fd_read asks) and close.
 */
function serveStdin(imports: WasmImports, feed: StdinFeed, memory: () => WasmMemory): void {
  const open = systemCall(imports, '___syscall_openat');
  const read = systemCall(imports, '_fd_read');
  const close = systemCall(imports, '_fd_close');
  open.set((dirfd, path, flags, varargs) => {
    const name = feed.running ? cString(memory(), path) : '';
    const fd = open.call(dirfd, path, flags, varargs);
    feed.opened(name, fd);
    return fd;
  });
  close.set((fd) => {
    feed.closed(fd);
    return close.call(fd);
  });
  read.set((fd, iovs, count, readPtr) => {
    if (!feed.serves(fd)) return read.call(fd, iovs, count, readPtr);
    const { buffer } = memory();
    const view = new DataView(buffer);
    const bytes = new Uint8Array(buffer);
    let total = 0;
    for (let i = 0; i < count; i++) {
      const at = view.getUint32(iovs + 8 * i, true);
      const length = view.getUint32(iovs + 8 * i + 4, true);
      const n = feed.read(bytes, at, length);
      total += n;
      if (n < length) break;
    }
    view.setUint32(readPtr, total, true);
    return 0;
  });
}

/** jq's WebAssembly: copied beside the bundle by the build, else in jq-wasm's package. */
function jqWasmFile(): string | URL {
  return bundled ? packageFile('dist/jq.wasm') : createRequire(import.meta.url).resolve('jq-wasm/jq.wasm');
}

/** jq-wasm's load options for a jq whose input is read from `feed`. */
export async function withStdin(feed: StdinFeed): Promise<JqLoadOptions> {
  const module = await wasmApi.compile(await readFile(jqWasmFile()));
  return {
    instantiateWasm(imports: WasmImports, onSuccess: (instance: unknown, module: object) => void): void {
      let memory: WasmMemory | undefined;
      serveStdin(imports, feed, () => {
        if (memory === undefined) throw new Error('jq read its input before its memory was known');
        return memory;
      });
      const instance = new wasmApi.Instance(module, imports);
      for (const e of Object.values(instance.exports)) if (e instanceof wasmApi.Memory) memory = e;
      onSuccess(instance, module);
    },
  };
}
