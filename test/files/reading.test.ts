// The reading layer under every file reader (`teamctl help reliability`, "Bounded input"; `teamctl help glossary-files`, "Glossary files: limits,
// encoding and quoting"): which encoding a file's first bytes announce, where a bad byte or half a
// UTF-16 pair is reported when it falls at a chunk's edge, the size bound at n and n + 1, files
// that are not regular, and the XML declaration's advice.
import { execFileSync } from 'node:child_process';
import { closeSync, createWriteStream, mkdirSync, openSync, writeSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { InputFileError, formatProblem } from '../../src/errors.js';
import { refuseNulCells } from '../../src/files/csv.js';
import { readCheckedChunks, readTextFile } from '../../src/files/textFile.js';

// The reads of one path, as the reader makes them: each read's byte count is handed to the test
// when the read returns, so a test can write the next bytes of a pipe once the reader has
// consumed the previous ones (an event, no timing). Every other path is opened as it is.
const watched = vi.hoisted(() => ({ path: '', counts: [] as number[], waiting: [] as ((bytes: number) => void)[] }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  const watchedOpen = async (...args: Parameters<typeof fs.open>): ReturnType<typeof fs.open> => {
    const handle = await fs.open(...args);
    if (String(args[0]) !== watched.path) return handle;
    const read = handle.read.bind(handle) as (buffer: Buffer, offset: number, length: number, position: null) => Promise<{ bytesRead: number; buffer: Buffer }>;
    Object.assign(handle, {
      read: async (buffer: Buffer, offset: number, length: number, position: null) => {
        const result = await read(buffer, offset, length, position);
        const waiter = watched.waiting.shift();
        if (waiter) waiter(result.bytesRead);
        else watched.counts.push(result.bytesRead);
        return result;
      },
    });
    return handle;
  };
  return { ...fs, open: watchedOpen, default: { ...fs, open: watchedOpen } };
});
/** Watches the reads of `path` from now on; `next()` resolves with the byte count of its next read. */
function watchReads(path: string): { next: () => Promise<number> } {
  Object.assign(watched, { path, counts: [], waiting: [] });
  return {
    next: () => {
      const done = watched.counts.shift();
      return done !== undefined ? Promise.resolve(done) : new Promise<number>((resolve) => watched.waiting.push(resolve));
    },
  };
}

// Its real path, as /proc/self/fd shows open files.
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'teamctl-reading-')));
let made = 0;
/** A new file holding `bytes`, under a name of its own. */
function file(bytes: Uint8Array | string, ext = 'csv'): string {
  const path = join(dir, `f${++made}.${ext}`);
  writeFileSync(path, bytes);
  return path;
}
const chunkSize = 1024 * 1024;

/** The one problem a read is refused with, as printed. */
async function refusal(read: Promise<unknown>): Promise<string> {
  const err = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err instanceof InputFileError && err.problems.length === 1 && err.problems[0]) return formatProblem(err.problems[0]);
  throw new Error(`expected one InputFileError, got ${String(err)}`);
}
const notUtf8 = (path: string, line: number, hex: string): string =>
  `${path}:${line}: not valid UTF-8 (byte 0x${hex} on this line; saved as Windows-1252 or Latin-1?) — save the file as UTF-8 (in Excel: "CSV UTF-8")`;
const utf16 = (text: string, order: 'le' | 'be' = 'le'): Buffer => {
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  return order === 'le' ? le : le.swap16();
};

describe('the encoding a file announces in its first bytes', () => {
  const utf32 = (path: string) => `${path}:1: the file is UTF-32 (it starts with that byte order mark): save it as UTF-8 or UTF-16`;

  it('refuses UTF-32 in either byte order', async () => {
    const be = file(Buffer.from([0, 0, 0xfe, 0xff, 0, 0, 0, 0x61]));
    expect(await refusal(readTextFile(be))).toBe(utf32(be));
    const le = file(Buffer.from([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0]));
    expect(await refusal(readTextFile(le))).toBe(utf32(le));
  });

  // Bytes that share part of a byte order mark, and are not one: read as UTF-8, and refused at
  // their first byte that is not.
  it.each([
    ['41 42 43 FF', 'FF'],
    ['41 42 FE FF', 'FE'],
    ['00 41 FE FF', 'FE'],
    ['41 00 FE FF', 'FE'],
    ['00 00 41 FF', 'FF'],
    ['00 00 FE 41', 'FE'],
    ['FF 41 00 00', 'FF'],
    ['41 FE 00 00', 'FE'],
    ['FF 41 42 43', 'FF'],
    ['41 FE 41 00', 'FE'],
    ['FE 41 42 43', 'FE'],
    ['41 FF 00 41', 'FF'],
  ])('%s is not a byte order mark: byte 0x%s is refused', async (hex, bad) => {
    const path = file(Buffer.from(hex.replace(/ /g, ''), 'hex'));
    expect(await refusal(readTextFile(path))).toBe(notUtf8(path, 1, bad));
  });

  it('reads UTF-16 whose first character has a zero byte where UTF-32 would', async () => {
    // "Ā" is 00 01 in UTF-16LE: FF FE 00 01 is UTF-16, not the UTF-32 mark FF FE 00 00.
    expect(await readTextFile(file(utf16('Āb\n')))).toBe('\uFEFFĀb\n');
    expect(await readTextFile(file(utf16('Āb\n', 'be')))).toBe('\uFEFFĀb\n');
  });

  it('keeps the byte order mark for the caller to drop, and the chunks\' texts are their bytes', async () => {
    expect(await readTextFile(file('\uFEFFen,fr\n'))).toBe('\uFEFFen,fr\n');
    // A UTF-8 file whose "€" is cut by the chunk's end: texts and bytes still agree.
    const cut = file(Buffer.concat([Buffer.from(`\uFEFF${'a'.repeat(chunkSize - 4)}`), Buffer.from('€\nb\n')]));
    const texts: string[] = [];
    const bytes: Buffer[] = [];
    for await (const chunk of readCheckedChunks(cut, {})) {
      texts.push(chunk.text);
      bytes.push(chunk.bytes);
    }
    expect(texts.length).toBe(2);
    expect(texts.join('')).toBe(Buffer.concat(bytes).toString('utf8'));
    expect(texts.join('').startsWith('\uFEFFaaa')).toBe(true);
    expect(texts.join('').endsWith('a€\nb\n')).toBe(true);
  });
});

describe('UTF-16 read in chunks', () => {
  it('reads a surrogate pair cut by the chunk\'s end', async () => {
    // The byte order mark and 524,286 "a" fill the chunk but for 2 bytes: "😀" starts there.
    const text = `${'a'.repeat(chunkSize / 2 - 2)}😀\nb\n`;
    expect(await readTextFile(file(utf16(text)))).toBe(`\uFEFF${text}`);
  });

  it('names the line of half a pair, counting the lines of the chunks before, in either byte order', async () => {
    const lines = 'x\n'.repeat(300_000); // 1.2 MB: the bad pair is in the second chunk
    for (const order of ['le', 'be'] as const) {
      const bytes = utf16(`${lines}ok\nbad \uD800 here\nand\nmore\n`, order);
      const path = file(bytes);
      const endian = order === 'le' ? 'little-endian' : 'big-endian';
      expect(await refusal(readTextFile(path))).toBe(`${path}:300002: not valid UTF-16 (${endian}) on this line (half of a surrogate pair): save the file as UTF-8`);
    }
  });

  it('names the line where a pair begun at the chunk\'s end is not finished', async () => {
    // The chunk ends with the first half of a pair after 3 lines; the next chunk starts with "a".
    const head = `x\ny\nz\n${'a'.repeat(chunkSize / 2 - 8)}`;
    const path = file(Buffer.concat([utf16(head), Buffer.from([0x3d, 0xd8]), Buffer.from('a\nb\nc\n', 'utf16le')]));
    expect(await refusal(readTextFile(path))).toBe(`${path}:4: not valid UTF-16 (little-endian) on this line (half of a surrogate pair): save the file as UTF-8`);
  });

  it('refuses a file that ends in the middle of a character, naming its last line', async () => {
    const odd = file(Buffer.concat([utf16('en\nfr\n'), Buffer.from([0x61])]));
    expect(await refusal(readTextFile(odd))).toBe(`${odd}:3: the file ends in the middle of a UTF-16 character: save it as UTF-8`);
  });
});

describe('a bad UTF-8 byte at a chunk\'s edge', () => {
  it('names the first byte itself when the file starts with a continuation byte', async () => {
    const path = file(Buffer.from([0x80, 0x0a, 0x61, 0x62, 0x0a]));
    expect(await refusal(readTextFile(path))).toBe(notUtf8(path, 1, '80'));
  });

  it('skips the tail of a character begun two chunks back, and names the bad byte\'s line', async () => {
    // Chunk 1 ends with the first two bytes of "€"; chunk 2 opens with its last byte and holds
    // 3 lines; chunk 3 has the bad byte on its second line.
    const first = Buffer.concat([Buffer.from(`a\n${'b'.repeat(chunkSize - 4)}`), Buffer.from([0xe2, 0x82])]);
    const second = Buffer.concat([Buffer.from([0xac]), Buffer.from(`\nc\nd\n${'e'.repeat(chunkSize - 6)}`)]);
    const third = Buffer.concat([Buffer.from('f\ng'), Buffer.from([0xe9]), Buffer.from('\n')]);
    expect(first.length).toBe(chunkSize);
    expect(second.length).toBe(chunkSize);
    const path = file(Buffer.concat([first, second, third]));
    expect(await refusal(readTextFile(path))).toBe(notUtf8(path, 6, 'E9'));
  });
});

describe('XML: the declaration\'s advice', () => {
  const xmlAdvice = (path: string, line: number, hex: string) =>
    `${path}:${line}: not valid UTF-8 (byte 0x${hex} on this line): teamctl reads XML in UTF-8 or UTF-16 — export it again as UTF-8 from the tool that wrote it`;
  const declaredAdvice = (path: string, line: number, hex: string, encoding: string) =>
    `${path}:${line}: the XML declares encoding="${encoding}" (byte 0x${hex} on this line), which teamctl cannot decode (it decodes UTF-8, UTF-16, windows-125x, iso-8859-x, shift_jis, gb18030, …): export it again as UTF-8 from the tool that wrote it`;
  const declaring = (declaration: string, body: Buffer): Buffer => Buffer.concat([Buffer.from(`${declaration}\n<martif>\n`), body, Buffer.from('\n</martif>\n')]);

  it('decodes a declared Windows-1252 file as declared, even where the bytes happen to be UTF-8', async () => {
    // "Ã©" in Windows-1252 is C3 A9, which is "é" in UTF-8: read as UTF-8, every term would change.
    const path = file(declaring('<?xml version="1.0" encoding="windows-1252"?>', Buffer.from([0x3c, 0x74, 0x3e, 0xc3, 0xa9])), 'tbx');
    expect(await readTextFile(path)).toContain('<t>Ã©');
    const euro = file(declaring('<?xml version="1.0" encoding="windows-1252"?>', Buffer.from([0x78, 0x80, 0x0a, 0xc3, 0xa9])), 'tbx');
    expect(await readTextFile(euro)).toContain('x€\nÃ©');
  });

  it('finds the declaration after blank lines and with spaces around "="', async () => {
    const path = file(Buffer.concat([Buffer.from('\n  <?xml version="1.0" encoding = "windows-1254" ?>\n<t>'), Buffer.from([0xfd]), Buffer.from('</t>\n')]), 'tbx');
    expect(await readTextFile(path)).toContain('<t>ı</t>');
  });

  it.each([
    ['iso-8859-2', [0xb1], 'ą'],
    ['shift_jis', [0x93, 0xfa, 0x96, 0x7b], '日本'],
    ['gb18030', [0xd6, 0xd0, 0xce, 0xc4], '中文'],
    ['ISO-8859-1', [0xe9], 'é'],
  ])('decodes XML declared as %s', async (encoding, bytes, text) => {
    const path = file(declaring(`<?xml version="1.0" encoding="${encoding}"?>`, Buffer.concat([Buffer.from('<t>'), Buffer.from(bytes), Buffer.from('</t>')])), 'tbx');
    expect(await readTextFile(path)).toContain(`<t>${text}</t>`);
  });

  it('a multi-byte legacy character cut by a chunk boundary is decoded whole', async () => {
    const head = '<?xml version="1.0" encoding="shift_jis"?>\n<t>';
    const fill = 'x'.repeat(chunkSize - head.length - 1);
    const path = file(Buffer.concat([Buffer.from(head + fill), Buffer.from([0x93, 0xfa]), Buffer.from('</t>\n')]), 'tbx');
    expect((await readTextFile(path)).endsWith('x日</t>\n')).toBe(true);
  });

  it('reads only a declaration at the start; a text whose first line is not markup gets the CSV advice', async () => {
    const late = file(Buffer.concat([Buffer.from('<t><?xml version="1.0" encoding="windows-1252"?></t>\n'), Buffer.from([0xe9])]), 'tbx');
    expect(await refusal(readTextFile(late))).toBe(xmlAdvice(late, 2, 'E9'));
    const csv = file(Buffer.concat([Buffer.from('en,fr\n<b>,x\n'), Buffer.from([0xe9])]));
    expect(await refusal(readTextFile(csv))).toBe(notUtf8(csv, 3, 'E9'));
  });

  it.each(['UTF-8', 'utf8', 'UTF-16', 'utf16', 'UTF-16LE', 'utf-16be', 'US-ASCII', 'ascii'])('reads UTF-8 text declared as %s', async (encoding) => {
    const path = file(declaring(`<?xml version="1.0" encoding="${encoding}"?>`, Buffer.from('<t>café</t>')), 'tbx');
    expect(await readTextFile(path)).toContain('<t>café</t>');
  });

  it.each(['x-utf-8', 'utf-8x', 'iso-ascii', 'utf-16x'])('refuses high bytes declared as %s, a name that only begins or ends like a readable one', async (encoding) => {
    const path = file(declaring(`<?xml version="1.0" encoding="${encoding}"?>`, Buffer.from('<t>café</t>')), 'tbx');
    expect(await refusal(readTextFile(path))).toBe(declaredAdvice(path, 3, 'C3', encoding));
  });

  it('counts the lines of the chunk before when the first high byte opens a chunk', async () => {
    const declaration = '<?xml version="1.0" encoding="x-unknown-1"?>\n';
    const head = `${declaration}${'<t/>\n'.repeat(1000)}`;
    const fill = 'x'.repeat(chunkSize - head.length);
    const path = file(Buffer.concat([Buffer.from(head + fill), Buffer.from([0xc3, 0xa9, 0x0a])]), 'tbx');
    expect(await refusal(readTextFile(path))).toBe(declaredAdvice(path, 1002, 'C3', 'x-unknown-1'));
  });
});

describe('bounds and files that are not regular', () => {
  it('reads a file of exactly the limit, and refuses one byte more before reading it, in the words of `what`', async () => {
    const exact = file(Buffer.alloc(chunkSize, 0x61));
    expect((await readTextFile(exact, undefined, { maxBytes: chunkSize })).length).toBe(chunkSize);
    const over = file(Buffer.alloc(chunkSize + 1, 0x61));
    expect(await refusal(readTextFile(over, undefined, { maxBytes: chunkSize, what: 'the plan' }))).toBe(`${over}: the plan is larger than 1 MB; nothing was sent`);
    expect(await refusal(readTextFile(over, undefined, { maxBytes: chunkSize }))).toBe(`${over}: the file is larger than 1 MB; nothing was sent`);
    // Not a byte is read: the bad one at its start goes unseen.
    const overAndBad = file(Buffer.concat([Buffer.from([0xe9]), Buffer.alloc(chunkSize, 0x61)]));
    expect(await refusal(readTextFile(overAndBad, undefined, { maxBytes: chunkSize }))).toBe(`${overAndBad}: the file is larger than 1 MB; nothing was sent`);
  });

  it('reads a pipe whose writer is slower than the reader to its end (a roster given as <(command))', async () => {
    const fifo = join(dir, 'slow');
    execFileSync('mkfifo', [fifo]);
    // The test holds the pipe open for writing, so the reader's open does not wait.
    const writer = openSync(fifo, 'r+');
    // More than the first chunk's least (the bytes its encoding is read from).
    const head = `email\n${Array.from({ length: 40 }, (_, i) => `user${i}@example.com\n`).join('')}`;
    writeSync(writer, head);
    const chunks = readCheckedChunks(fifo, {});
    const first = await chunks.next();
    expect(first.value?.text).toBe(head);
    // The reader now waits for more: it must not give up on an empty pipe.
    const second = chunks.next();
    for (let turn = 0; turn < 20; turn++) await new Promise(setImmediate);
    writeSync(writer, 'bo@example.com\n');
    closeSync(writer);
    expect((await second).value?.text).toBe('bo@example.com\n');
    expect((await chunks.next()).done).toBe(true);
  });

  it('counts what a device or a pipe gives, whose size is not known before: n is read, n + 1 refused', async () => {
    const limit = 2 * chunkSize;
    expect(await refusal(readTextFile('/dev/zero', undefined, { maxBytes: limit }))).toBe('/dev/zero: the file is larger than 2 MB; nothing was sent');
    const fromPipe = (bytes: number): { fifo: string; read: Promise<string> } => {
      const fifo = join(dir, `pipe${++made}`);
      execFileSync('mkfifo', [fifo]);
      // The reader stops early on the longer one: the writer's broken pipe is expected.
      createWriteStream(fifo)
        .on('error', () => undefined)
        .end(Buffer.alloc(bytes, 0x61));
      return { fifo, read: readTextFile(fifo, undefined, { maxBytes: limit }) };
    };
    expect((await fromPipe(limit).read).length).toBe(limit);
    const over = fromPipe(limit + 1);
    expect(await refusal(over.read)).toBe(`${over.fifo}: the file is larger than 2 MB; nothing was sent`);
  });

  it('refuses a directory and a path through a file, in words', async () => {
    const folder = join(dir, 'folder.csv');
    mkdirSync(folder);
    expect(await refusal(readTextFile(folder))).toBe(`${folder}: cannot read file: is a directory`);
    const through = join(file('a\n'), 'x.csv');
    expect(await refusal(readTextFile(through))).toBe(`${through}: cannot read file: ENOTDIR: not a directory, open '${through}'`);
  });

  it('reads the encoding of a pipe that hands over its byte order mark one byte at a time', async () => {
    const fifo = join(dir, 'trickle');
    execFileSync('mkfifo', [fifo]);
    const reads = watchReads(fifo);
    const read = readTextFile(fifo);
    // A reader that stops before its next read ends the wait for it (with what it ended with).
    const nextRead = (): Promise<unknown> => Promise.race([reads.next(), read.then((text) => `ended early: ${text}`, (err: unknown) => err)]);
    // Opening the pipe for writing returns once the reader has it open for reading.
    const writer = await open(fifo, 'w');
    // Each byte of the mark is written once the reader has read the one before: its first two
    // reads get one byte each, and it must read on to know the encoding.
    await writer.write(Buffer.from([0xff]));
    expect(await nextRead()).toBe(1);
    await writer.write(Buffer.from([0xfe]));
    expect(await nextRead()).toBe(1);
    await writer.write(Buffer.from('en\tfr\nbank\tbanque\n', 'utf16le'));
    await writer.close();
    expect(await read).toBe('\uFEFFen\tfr\nbank\tbanque\n');
  });

  it('refuses a pipe with no writer at once when only a regular file will do', async () => {
    const fifo = join(dir, 'lonely.json');
    execFileSync('mkfifo', [fifo]);
    expect(await refusal(readTextFile('lonely.json', dir, { regularOnly: true }))).toBe('lonely.json: cannot read file: not a regular file (a device, a pipe or a socket)');
    expect(await refusal(readTextFile('/dev/null', undefined, { regularOnly: true }))).toBe('/dev/null: cannot read file: not a regular file (a device, a pipe or a socket)');
  });

  it('closes the file after reading it and after refusing it', async () => {
    const openOn = (path: string) =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === path;
        } catch {
          return false; // closed while listed
        }
      }).length;
    const good = file('en,fr\n');
    await readTextFile(good);
    expect(openOn(good)).toBe(0);
    const bad = file(Buffer.from([0x61, 0xe9]));
    await refusal(readTextFile(bad));
    expect(openOn(bad)).toBe(0);
    const big = file(Buffer.alloc(100, 0x61));
    await refusal(readTextFile(big, undefined, { maxBytes: 10 }));
    expect(openOn(big)).toBe(0);
  });
});

describe('refuseNulCells', () => {
  it('refuses a row where any cell holds a NUL, naming its line', () => {
    const input = { file: 'g.csv', delimiter: ',' as const, rows: [{ line: 1, cells: ['en', 'fr'] }, { line: 3, cells: ['bank', 'ban\u0000que'] }] };
    expect(() => refuseNulCells(input)).toThrow('g.csv:3: the file is not UTF-8 text (NUL characters; UTF-16?): save it as UTF-8');
    expect(() => refuseNulCells({ ...input, rows: input.rows.slice(0, 1) })).not.toThrow();
  });
});
