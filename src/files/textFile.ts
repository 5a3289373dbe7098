// An input file's text (rosters, user lists, glossaries, plans; `teamctl help reliability`,
// "Bounded input"): read up to a bound, from a regular file or a pipe, chunk by chunk, checked as
// UTF-8 as it is read, or decoded from UTF-16 (by its byte order mark) or the legacy encoding
// `--encoding` or an XML declaration names.
//
// Decision: bytes that are not UTF-8 stop the read (exit 2) with the line of the first bad byte,
// instead of being imported as U+FFFD: a file saved as Windows-1252/Latin-1 would otherwise change
// every accented term. A UTF-16 (or UTF-32) byte order mark gets its own message.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { FileKindError, openRegular } from './regular.js';
import { InputFileError, UsageError } from '../errors.js';

/**
 * The index of the first byte where `bytes` stop being well-formed UTF-8 (the lead byte of the
 * bad sequence), or -1. Follows the Unicode table of well-formed sequences: no overlong forms, no
 * surrogates, nothing above U+10FFFF — the same bytes TextDecoder's fatal mode refuses.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const cont = (i: number, lo = 0x80, hi = 0xbf) => {
    const b = bytes[i];
    return b !== undefined && b >= lo && b <= hi;
  };
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    let size: number;
    if (b < 0x80) size = 1;
    else if (b >= 0xc2 && b <= 0xdf) size = cont(i + 1) ? 2 : 0;
    else if (b === 0xe0) size = cont(i + 1, 0xa0) && cont(i + 2) ? 3 : 0;
    else if (b === 0xed) size = cont(i + 1, 0x80, 0x9f) && cont(i + 2) ? 3 : 0;
    else if (b >= 0xe1 && b <= 0xef) size = cont(i + 1) && cont(i + 2) ? 3 : 0;
    else if (b === 0xf0) size = cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    else if (b >= 0xf1 && b <= 0xf3) size = cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    else if (b === 0xf4) size = cont(i + 1, 0x80, 0x8f) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    else size = 0;
    if (size === 0) return i;
    i += size;
  }
  return -1;
}

/** The largest input file read (`teamctl help reliability`, "Bounded input"): far above any roster or term base. */
export const maxInputBytes = 100 * 1024 * 1024;

export interface BoundedReadOptions {
  cwd?: string;
  /** The most bytes read before the file is refused; default maxInputBytes. */
  maxBytes?: number;
  /** Refuse anything but a regular file (a device, a FIFO, a socket) before reading it. */
  regularOnly?: boolean;
  /** What is refused past maxBytes, for the message; default "the file". */
  what?: string;
  /**
   * `--encoding <label>`: the encoding of a file without a byte order mark, as TextDecoder names
   * it (windows-1252, iso-8859-2, shift_jis …); checked by encodingFlag. Absent: UTF-8, or what an
   * XML declaration names. With it, a bad byte's advice names no flag to add.
   */
  encoding?: string;
  /** Whether the command reads `--encoding`: a file that is not UTF-8 is then told to use it. */
  encodingFlag?: boolean;
}

/**
 * `--encoding <label>` (`teamctl help glossary-files`, "Glossary files: limits, encoding and
 * quoting"): a label TextDecoder knows, as it names the encoding (`latin1` is windows-1252).
 */
export function encodingFlag(label: string): string {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    throw new UsageError(`--encoding: ${JSON.stringify(label)} is no encoding teamctl can decode (like windows-1252, iso-8859-2, shift_jis, gb18030)`);
  }
}

/** A decoder of a legacy encoding TextDecoder knows (fatal: a byte it does not define stops the read), or undefined. */
function legacyDecoder(label: string): InstanceType<typeof TextDecoder> | undefined {
  try {
    const decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true });
    return decoder.encoding === 'utf-8' ? undefined : decoder;
  } catch {
    return undefined;
  }
}

/**
 * The encoding a file's first bytes announce (`teamctl help glossary-files`, "Glossary files: limits, encoding and
 * quoting"): UTF-16 by its byte order mark (Excel's "Unicode text", MultiTerm exports), UTF-32
 * (refused), else UTF-8 (with or without its BOM).
 */
function encodingOf(first: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32' | (string & {}) {
  const [b0, b1, b2, b3] = first;
  if ((b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) || (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0)) return 'utf-32';
  if (b0 === 0xff && b1 === 0xfe) return 'utf-16le';
  if (b0 === 0xfe && b1 === 0xff) return 'utf-16be';
  return 'utf-8';
}

const utf32Problem = 'the file is UTF-32 (it starts with that byte order mark): save it as UTF-8 or UTF-16';

/** An XML file's first characters: is it XML, and which encoding does its declaration name? */
function xmlDeclaration(head: string): { xml: boolean; declared: string | undefined } {
  const xml = /^\uFEFF?\s*</.test(head);
  const declared = xml ? /^\uFEFF?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1] : undefined;
  return { xml, declared };
}

/** Encodings an XML declaration may name for a file teamctl reads as UTF-8 or UTF-16. */
const readableDeclared = /^(utf-?8|utf-?16(le|be)?|(us-)?ascii)$/i;

/** The advice for a bad byte, for the kind of file it is in (`teamctl help glossary-files`, "Glossary files: limits, encoding and quoting"). */
function xmlEncodingProblem(byte: number, declared: string | undefined): string {
  const hex = hexOf(byte);
  if (declared !== undefined && !readableDeclared.test(declared)) {
    // (Only a label TextDecoder does not know gets here: the others are decoded as declared.)
    return `the XML declares encoding="${declared}" (byte ${hex} on this line), which teamctl cannot decode (it decodes UTF-8, UTF-16, windows-125x, iso-8859-x, shift_jis, gb18030, …): export it again as UTF-8 from the tool that wrote it`;
  }
  return `not valid UTF-8 (byte ${hex} on this line): teamctl reads XML in UTF-8 or UTF-16 — export it again as UTF-8 from the tool that wrote it`;
}
const notUtf8Problem = (byte: number, flag: boolean): string =>
  `not valid UTF-8 (byte ${hexOf(byte)} on this line; saved as Windows-1252 or Latin-1?) — save the file as UTF-8 (in Excel: "CSV UTF-8")` + (flag ? ', or name its encoding: --encoding windows-1252' : '');
/** A byte that stops a read: never ASCII, so always two hex digits. */
const hexOf = (byte: number): string => `0x${byte.toString(16).toUpperCase()}`;

/** The first bytes of a file, where its byte order mark and an XML declaration are read. */
const headBytes = 512;

const newlines = (bytes: Uint8Array): number => {
  let n = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) n++;
  return n;
};

/**
 * A file's text as a stream of checked chunks, bounded (`teamctl help reliability`, "Bounded input"): it stops at the
 * first byte that is not UTF-8 (a binary file or /dev/urandom fails on its first chunk) and past
 * `maxBytes` (/dev/zero is valid UTF-8, and endless); a regular file larger than that is refused
 * before it is read. Only one chunk of bytes is held at a time. Each chunk has its decoded text
 * and its bytes in UTF-8 (its own copy; UTF-16 is re-encoded), and the texts and the bytes of all
 * chunks are the same text. Problems are InputFileErrors naming the file (and the line of a bad
 * byte). A BOM is kept for the caller to drop.
 */
export async function* readCheckedChunks(file: string, opts: BoundedReadOptions): AsyncGenerator<{ bytes: Buffer; text: string }, void, undefined> {
  const maxBytes = opts.maxBytes ?? maxInputBytes;
  const tooLarge = `${opts.what ?? 'the file'} is larger than ${maxBytes / 1024 / 1024} MB; nothing was sent`;
  const fail = (message: string, line = 0): InputFileError => new InputFileError([{ file, line, message }]);
  const cannot = (err: unknown): InputFileError => {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'no permission to read it' : (err as Error).message;
    return fail(`cannot read file: ${why}`);
  };
  const path = opts.cwd === undefined ? file : resolve(opts.cwd, file);
  let handle;
  try {
    // Opened without waiting when only a regular file will do (files/regular.ts): opening a FIFO
    // would otherwise wait for a writer before it could be refused.
    handle = opts.regularOnly === true ? await openRegular(path, constants.O_RDONLY) : await open(path, 'r');
  } catch (err) {
    if (err instanceof FileKindError) throw fail(err.kind === 'a directory' ? 'cannot read file: is a directory' : 'cannot read file: not a regular file (a device, a pipe or a socket)');
    throw cannot(err);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw fail('cannot read file: is a directory');
    if (info.isFile() && info.size > maxBytes) throw fail(tooLarge);
    let decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    let encoding: ReturnType<typeof encodingOf> = 'utf-8';
    // An XML file's declaration, read from its first bytes (ASCII in any encoding teamctl reads).
    let xml: ReturnType<typeof xmlDeclaration> | undefined;
    const buffer = Buffer.alloc(1024 * 1024);
    let size = 0;
    // The previous chunk (a bad sequence may start in its last bytes) and the lines before it.
    let previous: Buffer = Buffer.alloc(0);
    let linesBefore = 0;
    const problemOf = (byte: number): string => (xml?.xml === true ? xmlEncodingProblem(byte, xml.declared) : notUtf8Problem(byte, opts.encodingFlag === true));
    for (;;) {
      // The first chunk holds the bytes the encoding and an XML declaration are read from (or the
      // whole file, if shorter): a pipe may hand them over a few at a time.
      let read = 0;
      try {
        do {
          const { bytesRead } = await handle.read(buffer, read, buffer.length - read, null);
          if (bytesRead === 0) break;
          read += bytesRead;
        } while (size === 0 && read < headBytes);
      } catch (err) {
        throw cannot(err);
      }
      if (read === 0) break;
      const chunk = buffer.subarray(0, read);
      if (size === 0) {
        encoding = encodingOf(chunk);
        if (encoding === 'utf-32') throw fail(utf32Problem, 1);
        if (encoding !== 'utf-8') decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
        else {
          xml = xmlDeclaration(chunk.subarray(0, headBytes).toString('latin1'));
          // --encoding, else the legacy encoding an XML declaration names (windows-1254,
          // iso-8859-2, shift_jis): decoded as named, when TextDecoder knows it.
          const named = opts.encoding ?? (xml.declared !== undefined && !readableDeclared.test(xml.declared) ? xml.declared : undefined);
          const legacy = named === undefined ? undefined : legacyDecoder(named);
          if (legacy !== undefined) {
            decoder = legacy;
            encoding = legacy.encoding;
          }
        }
      }
      size += read;
      if (size > maxBytes) throw fail(tooLarge);
      if (encoding !== 'utf-8') {
        // UTF-16: decoded here; handed on as UTF-8 bytes, so callers hold one kind of bytes.
        let text: string;
        try {
          text = decoder.decode(chunk, { stream: true });
        } catch {
          // The line: where a lenient decoding of this chunk first needs a replacement character
          // (none when the half pair ended the chunk before: then the chunk's first line).
          const lenient = new TextDecoder(encoding).decode(chunk);
          const line = linesBefore + 1 + newlines(Buffer.from(lenient.slice(0, Math.max(lenient.indexOf('\uFFFD'), 0))));
          if (!encoding.startsWith('utf-16')) throw fail(`not valid ${encoding} (a byte on this line is no character of it): save the file as UTF-8`, line);
          throw fail(`not valid ${encoding === 'utf-16le' ? 'UTF-16 (little-endian)' : 'UTF-16 (big-endian)'} on this line (half of a surrogate pair): save the file as UTF-8`, line);
        }
        const bytes = Buffer.from(text, 'utf8');
        linesBefore += newlines(bytes);
        yield { bytes, text };
        continue;
      }
      // XML declaring an encoding TextDecoder does not know: its ASCII reads the same in UTF-8,
      // anything beyond would be misread — refused.
      if (xml?.declared !== undefined && !readableDeclared.test(xml.declared)) {
        const high = chunk.findIndex((b) => b >= 0x80);
        if (high >= 0) throw fail(xmlEncodingProblem(chunk[high] as number, xml.declared), linesBefore + newlines(previous) + 1 + newlines(chunk.subarray(0, high)));
      }
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        throw badByte(previous, chunk, linesBefore, file, problemOf);
      }
      linesBefore += newlines(previous);
      previous = Buffer.from(chunk);
      yield { bytes: previous, text };
    }
    // The end of the file must not cut a character: UTF-8 and UTF-16 decoders hold an unfinished
    // one, and give nothing else here.
    try {
      decoder.decode();
    } catch {
      if (encoding !== 'utf-8') throw fail(`the file ends in the middle of a${encoding.startsWith('utf-16') ? ' UTF-16' : 'n ' + encoding} character: save it as UTF-8`, linesBefore + 1);
      throw badByte(previous, Buffer.alloc(0), linesBefore, file, problemOf);
    }
  } finally {
    await handle.close();
  }
}

/**
 * The problem of the first bad byte in `previous` (a chunk that decoded fine) and `chunk` (the
 * one that failed, or none at the end of the file), `linesBefore` lines after the file's start.
 */
function badByte(previous: Buffer, chunk: Buffer, linesBefore: number, file: string, problemOf: (byte: number) => string): InputFileError {
  // The previous chunk may open with the tail of a sequence begun before it: those bytes are not
  // a sequence of their own, and are skipped.
  let start = 0;
  while (((previous[start] ?? 0) & 0xc0) === 0x80) start++;
  const bytes = Buffer.concat([previous.subarray(start), chunk]);
  const at = firstInvalidUtf8(bytes);
  return new InputFileError([{ file, line: linesBefore + 1 + newlines(bytes.subarray(0, at)), message: problemOf(bytes[at] ?? 0) }]);
}

/**
 * A file's whole text, read by readCheckedChunks (bounded, UTF-8 checked as it is read). The bytes
 * are held until the end (outside the JavaScript heap), so an endless device costs no heap.
 * Problems are InputFileErrors naming the file.
 */
export async function readTextFile(file: string, cwd?: string, opts: Omit<BoundedReadOptions, 'cwd'> = {}): Promise<string> {
  return textOfChunks(readCheckedChunks(file, { ...opts, cwd }));
}

/**
 * The whole text of checked chunks, their bytes held until the end (outside the JavaScript heap).
 * `bound`: the most bytes (UTF-8) taken, and what is said past them.
 */
export async function textOfChunks(chunks: AsyncIterable<{ bytes: Buffer }>, first: Buffer[] = [], bound?: { maxBytes: number; file: string; what: string }): Promise<string> {
  let held = first;
  let size = 0;
  const take = (bytes: Buffer): void => {
    size += bytes.length;
    if (bound !== undefined && size > bound.maxBytes) {
      throw new InputFileError([{ file: bound.file, line: 0, message: `${bound.what} is larger than ${bound.maxBytes / 1024 / 1024} MB; nothing was sent` }]);
    }
  };
  first.forEach(take);
  for await (const { bytes } of chunks) {
    take(bytes);
    held.push(bytes);
  }
  const bytes = Buffer.concat(held);
  held = [];
  return bytes.toString('utf8');
}
