// A zip reader for `.xlsx` files (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"), on node:zlib alone: the central
// directory is read from the end of the file, and one entry at a time is inflated as a stream into
// whoever reads it. Nothing in a zip is trusted: the limits are checked against what the headers
// declare before anything is inflated, and again against the bytes inflated while inflating (a
// header may lie), so a zip bomb stops within one chunk of output past its limit, never filling
// memory. Each entry's inflated size and CRC-32 must be what the central directory declares.
import { crc32 } from 'node:zlib';
import { createInflateRaw } from 'node:zlib';
import { Readable, pipeline } from 'node:stream';
import type { FileHandle } from 'node:fs/promises';

/** The bounds of one `.xlsx` (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"). */
export interface ZipLimits {
  /** The file itself (compressed). */
  fileBytes: number;
  /** Entries in the central directory. */
  entries: number;
  /** One entry, inflated. */
  entryBytes: number;
  /** Every entry read, inflated, together. */
  totalBytes: number;
}

export const zipLimits: ZipLimits = {
  fileBytes: 100 * 1024 * 1024,
  entries: 10_000,
  entryBytes: 100 * 1024 * 1024,
  totalBytes: 200 * 1024 * 1024,
};

/** A problem of the zip (the caller names the file). */
export class ZipError extends Error {}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const mb = (bytes: number): string => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${bytes} bytes`);
/** How many compressed bytes are handed to zlib at once. */
const readChunk = 16 * 1024;

export class ZipFile {
  /** Bytes inflated so far, over every entry (the running count the limits are checked against). */
  inflated = 0;

  private constructor(
    private readonly handle: FileHandle,
    readonly entries: ReadonlyMap<string, ZipEntry>,
    private readonly limits: ZipLimits,
    private readonly dataEnd: number,
  ) {}

  /** Reads the central directory of an open file; the caller closes the handle. */
  static async open(handle: FileHandle, limits: ZipLimits = zipLimits): Promise<ZipFile> {
    const { size } = await handle.stat();
    if (size > limits.fileBytes) throw new ZipError(`the file is larger than ${mb(limits.fileBytes)}`);
    // The end-of-central-directory record: 22 bytes, then a comment of up to 65,535.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = await readAt(handle, size - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      // (Its comment must end the file: the signature inside a comment is not the record.)
      if (tail.readUInt32LE(i) === 0x06054b50 && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
        at = i;
        break;
      }
    }
    if (at < 0) throw new ZipError('not a zip file (no end of central directory): an .xlsx is a zip; is it an .xls, a CSV renamed, or cut short?');
    const count = tail.readUInt16LE(at + 10);
    const cdSize = tail.readUInt32LE(at + 12);
    const cdOffset = tail.readUInt32LE(at + 16);
    if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) throw new ZipError('a zip split over several files is not read');
    if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw new ZipError('a ZIP64 archive is not read (an .xlsx within the limits never needs one)');
    if (count > limits.entries) throw new ZipError(`the zip has ${count} entries; at most ${limits.entries} are read`);
    const cdEnd = size - tailLength + at;
    if (cdOffset + cdSize > cdEnd) throw new ZipError('the central directory lies outside the file (damaged or cut short)');
    const cd = await readAt(handle, cdOffset, cdSize);
    const entries = new Map<string, ZipEntry>();
    let p = 0;
    while (p + 46 <= cd.length && cd.readUInt32LE(p) === 0x02014b50) {
      if (entries.size >= limits.entries) throw new ZipError(`the zip has more than ${limits.entries} entries`);
      const nameLength = cd.readUInt16LE(p + 28);
      const entry: ZipEntry = {
        flags: cd.readUInt16LE(p + 8),
        method: cd.readUInt16LE(p + 10),
        crc: cd.readUInt32LE(p + 16),
        compressedSize: cd.readUInt32LE(p + 20),
        size: cd.readUInt32LE(p + 24),
        localOffset: cd.readUInt32LE(p + 42),
        name: cd.toString('utf8', p + 46, p + 46 + nameLength),
      };
      // Two entries of one name: which one a reader takes differs between readers; refused.
      if (entries.has(entry.name)) throw new ZipError(`the zip has two entries named ${JSON.stringify(entry.name)} (damaged or made to mislead)`);
      entries.set(entry.name, entry);
      p += 46 + nameLength + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
    }
    if (entries.size !== count) throw new ZipError(`the central directory lists ${entries.size} entries where its end record says ${count} (damaged)`);
    return new ZipFile(handle, entries, limits, cdOffset);
  }

  /**
   * An entry's bytes, inflated chunk by chunk; the limits are checked before and while inflating,
   * and the size and CRC-32 at the end. Throws ZipError.
   */
  async *read(name: string): AsyncGenerator<Buffer, void, undefined> {
    const entry = this.entries.get(name);
    if (entry === undefined) throw new ZipError(`the zip has no part ${name}`);
    const what = `part ${name}`;
    if ((entry.flags & 1) !== 0) throw new ZipError(`${what} is encrypted`);
    if (entry.method !== 0 && entry.method !== 8) throw new ZipError(`${what} is compressed with method ${entry.method}; only stored and deflated parts are read`);
    if (entry.size > this.limits.entryBytes) throw new ZipError(`${what} declares ${mb(entry.size)} inflated; at most ${mb(this.limits.entryBytes)} a part is read`);
    const local = await readAt(this.handle, entry.localOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) throw new ZipError(`${what}: no local header where the central directory says (damaged)`);
    const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (start + entry.compressedSize > this.dataEnd) throw new ZipError(`${what} runs past the end of the data (damaged or cut short)`);
    const source = Readable.from(this.compressed(start, entry.compressedSize));
    const output = entry.method === 0 ? source : pipeline(source, createInflateRaw(), () => {});
    let size = 0;
    let crc = 0;
    try {
      for await (const chunk of output as AsyncIterable<Buffer>) {
        size += chunk.length;
        this.inflated += chunk.length;
        if (size > entry.size) throw new ZipError(`${what} inflates to more than the ${mb(entry.size)} its header declares: the file is damaged or made to mislead`);
        if (this.inflated > this.limits.totalBytes) throw new ZipError(`the parts read inflate to more than ${mb(this.limits.totalBytes)}`);
        crc = crc32(chunk, crc);
        yield chunk;
      }
    } catch (err) {
      if (err instanceof ZipError) throw err;
      throw new ZipError(`${what} cannot be inflated (${(err as Error).message}): the file is damaged`);
    } finally {
      source.destroy();
      output.destroy();
    }
    if (size !== entry.size) throw new ZipError(`${what} inflates to ${size} bytes where its header declares ${entry.size} (damaged)`);
    if (crc !== entry.crc) throw new ZipError(`${what} fails its CRC-32 check (damaged)`);
  }

  private async *compressed(start: number, length: number): AsyncGenerator<Buffer> {
    for (let done = 0; done < length; ) {
      const piece = await readAt(this.handle, start + done, Math.min(readChunk, length - done));
      if (piece.length === 0) throw new ZipError('the file ends inside a part (cut short)');
      done += piece.length;
      yield piece;
    }
  }
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return buffer.subarray(0, read);
}
