#!/usr/bin/env node
// Hostile spreadsheets (test/bench/README.md): `glossary import --dry-run` of `.xlsx` files made to
// take memory — one 90 MB shared string (a 90 KB file), the same in 9 million runs, a 90 MB inline
// string, a 90 MB cell value, a 90 MB comment full of `<`, a 90 MB attribute — and of the largest
// shapes the reader accepts (a 100 MB shared-strings part of 255-character strings, 5 million
// cells, and 4,999,997 within the bound, also as a CSV: all three stop at a glossary file's
// 100,000 entries), and of the largest glossary files within
// a glossary file's bounds (100,000 entries, 32M characters, 40 MB of CSV) as CSV, TBX and .xlsx,
// each under /usr/bin/time: wall, CPU and peak RSS against the targets (300 MB, 15 s).
// Run: `node test/bench/xlsx.js` (after `npm ci`; it is part of `npm run bench`).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { startSandbox } from '../../dist/sandbox-server.js';

const bin = fileURLToPath(new URL('../../bin/teamctl.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'teamctl-bench-xlsx-'));
const maxRssMb = 300;
const maxWallS = 15;

/** A zip of the parts (deflated, no data descriptors). */
function zip(parts) {
  const locals = [];
  const central = [];
  let offset = 0;
  for (const { name, data } of parts) {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
    const body = deflateRawSync(bytes);
    const file = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(bytes), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(bytes.length, 22);
    local.writeUInt16LE(file.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc32(bytes), 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(bytes.length, 24);
    entry.writeUInt16LE(file.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, file, body);
    central.push(entry, file);
    offset += local.length + file.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const sheetOf = (rows) => `<?xml version="1.0"?><worksheet xmlns="${ns}"><sheetData>${rows}</sheetData></worksheet>`;
const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>en</t></is></c><c r="B1" t="inlineStr"><is><t>de</t></is></c></row>';

/** An .xlsx with this sheet XML and, when given, this shared-strings XML. */
function book(sheet, sst) {
  const rels = [`<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>`];
  if (sst !== undefined) rels.push(`<Relationship Id="rIdS" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>`);
  return zip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: '_rels/.rels', data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', data: `<?xml version="1.0"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>` },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ...(sst === undefined ? [] : [{ name: 'xl/sharedStrings.xml', data: sst }]),
  ]);
}

const languages = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'fi', 'nb', 'pl', 'cs', 'sk', 'hu', 'ro', 'bg', 'el', 'tr', 'ru', 'uk', 'ja', 'ko', 'zh', 'ar', 'he', 'th', 'vi', 'ms', 'hi'];
/** A term of `length` characters, distinct for each entry and language. */
const term = (i, l, length) => `${languages[l]}${i}-`.padEnd(length, 'x');
/** A CSV glossary: `entries` rows of `terms` languages. */
const wideRows = (entries, terms, length) => {
  const lines = [languages.slice(0, terms).join(',')];
  for (let i = 0; i < entries; i++) lines.push(Array.from({ length: terms }, (_, l) => term(i, l, length)).join(','));
  return `${lines.join('\n')}\n`;
};
/** teamctl's JSON export: `entries` items of `terms` languages, one a line. */
const jsonEntries = (entries, terms, length) => {
  const items = [];
  for (let i = 0; i < entries; i++) items.push(JSON.stringify({ id: '', translations: Object.fromEntries(languages.slice(0, terms).map((name, l) => [name, term(i, l, length)])) }));
  return `[\n${items.join(',\n')}\n]\n`;
};
/** A TBX of `concepts` concepts of `terms` languages. */
const longTbx = (concepts, terms, length) => {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2"><text><body>\n'];
  for (let i = 0; i < concepts; i++) {
    parts.push(`<conceptEntry id="c${i}">`);
    for (let l = 0; l < terms; l++) parts.push(`<langSec xml:lang="${languages[l]}"><termSec><term>${term(i, l, length)}</term></termSec></langSec>`);
    parts.push('</conceptEntry>\n');
  }
  return `${parts.join('')}</body></text></tbx>\n`;
};
/** An .xlsx whose every cell is a shared string of its own: `rows` rows of `terms` languages. */
const longSheet = (rows, terms, length) => {
  const column = (l) => (l < 26 ? '' : String.fromCharCode(64 + Math.floor(l / 26))) + String.fromCharCode(65 + (l % 26));
  const head = `<row r="1">${languages.slice(0, terms).map((name, l) => `<c r="${column(l)}1" t="inlineStr"><is><t>${name}</t></is></c>`).join('')}</row>`;
  const strings = [];
  const body = [];
  for (let i = 0; i < rows; i++) {
    const cells = [];
    for (let l = 0; l < terms; l++) {
      cells.push(`<c r="${column(l)}${i + 2}" t="s"><v>${strings.length}</v></c>`);
      strings.push(`<si><t>${term(i, l, length)}</t></si>`);
    }
    body.push(`<row r="${i + 2}">${cells.join('')}</row>`);
  }
  return book(sheetOf(head + body.join('')), sst(strings.join('')));
};

const mb90 = 90 * 1024 * 1024;
const sharedRow = '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="inlineStr"><is><t>x</t></is></c></row>';
const sst = (inner) => `<?xml version="1.0"?><sst xmlns="${ns}">${inner}</sst>`;
const cases = [
  ['one 90 MB shared string', () => book(sheetOf(header + sharedRow), sst(`<si><t>${'a'.repeat(mb90)}</t></si>`))],
  ['a 90 MB shared string in 9M runs', () => book(sheetOf(header + sharedRow), sst(`<si>${'<r><t>aaaaaa</t></r>'.repeat(mb90 / 20)}</si>`))],
  ['a 90 MB inline string', () => book(sheetOf(header + `<row r="2"><c r="A2" t="inlineStr"><is><t>${'a'.repeat(mb90)}</t></is></c></row>`))],
  ['a 90 MB cell value', () => book(sheetOf(header + `<row r="2"><c r="A2" t="str"><v>${'a'.repeat(mb90)}</v></c></row>`))],
  ['a 90 MB comment full of <', () => book(sheetOf(header + `<!--${'<'.repeat(mb90)}-->`))],
  ['a 90 MB attribute', () => book(sheetOf(header + `<row r="2"><c r="A2" s="${'1'.repeat(mb90)}"><v>1</v></c></row>`))],
  // The largest shapes within the bounds: a 100 MB part of 255-character strings, and 5M cells.
  ['370k shared strings of 255 characters (~97 MB)', () => book(sheetOf(header + sharedRow), sst(`<si><t>${'a'.repeat(255)}</t></si>`.repeat(370_000)))],
  ['5M cells (1M rows of 5 numbers)', () => book(sheetOf(header + Array.from({ length: 1_000_000 }, (_, r) => `<row r="${r + 2}">${'<c><v>1</v></c>'.repeat(5)}</row>`).join('')))],
  // Within the 5M-cell bound, so every row reaches the glossary's checks: a problem on each (5 cells, a header of 2).
  ['4,999,997 cells (999,999 rows of 5 numbers)', () => book(sheetOf(header + Array.from({ length: 999_999 }, (_, r) => `<row r="${r + 2}">${'<c><v>1</v></c>'.repeat(5)}</row>`).join('')))],
  // The same rows as a CSV (10 MB): csv-parse builds an error object for each row longer than the first.
  ['the same as a CSV (1M rows of 5 cells)', () => Buffer.from(`en,de\n${'1,1,1,1,1\n'.repeat(999_999)}`), 'csv'],
  // The largest glossary files within a glossary file's bounds (100,000 entries, 32M characters).
  ['100,000 entries of 5 terms (CSV, 12 MB)', () => Buffer.from(wideRows(100_000, 5, 20), 'utf8'), 'csv'],
  ['4,200 entries of 30 terms of 250 chars (CSV, 32 MB)', () => Buffer.from(wideRows(4_200, 30, 250), 'utf8'), 'csv'],
  ['4,200 concepts of 30 terms of 250 chars (TBX, 39 MB)', () => Buffer.from(longTbx(4_200, 30, 250), 'utf8'), 'tbx'],
  ['4,200 rows of 30 shared strings of 250 chars (.xlsx)', () => longSheet(4_200, 30, 250)],
  // Past them: the rows after the bound are never made.
  ['5,300 entries of 30 terms of 250 chars (CSV, 39 MB)', () => Buffer.from(wideRows(5_300, 30, 250), 'utf8'), 'csv'],
  ['8,000 entries of 30 terms of 250 chars (CSV, 59 MB)', () => Buffer.from(wideRows(8_000, 30, 250), 'utf8'), 'csv'],
  ['650,000 entries of 2 short terms (JSON, 39 MB)', () => Buffer.from(jsonEntries(650_000, 2, 8), 'utf8'), 'json'],
  ['5,000 entries of 30 terms of 250 chars (JSON, 39 MB)', () => Buffer.from(jsonEntries(5_000, 30, 250), 'utf8'), 'json'],
];

/** Runs a command under /usr/bin/time: { code, wallS, cpuS, rssMb, stderr }. */
function timed(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'TIME %e %U %S %M', ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('close', () => {
      const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(err);
      if (!m) return reject(new Error(`${args.join(' ')}:\n${err.slice(-2000)}`));
      const code = /Command exited with non-zero status (\d+)/.exec(err)?.[1] ?? '0';
      resolve({ code: Number(code), wallS: Number(m[1]), cpuS: Number(m[2]) + Number(m[3]), rssMb: Number(m[4]) / 1024, stderr: err });
    });
  });
}

const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 10 });
const env = { TEAMCTL_CONFIG_DIR: mkdtempSync(join(dir, 'config-')), TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme' };
console.log(`hostile .xlsx, glossary import --dry-run (Node ${process.versions.node}; targets ${maxRssMb} MB, ${maxWallS} s)`);
let failed = false;
// BENCH_XLSX_CASES=<text>: only the cases whose name holds it (`BENCH_XLSX_CASES=5M`).
const only = process.env.BENCH_XLSX_CASES;
for (const [what, make, ext = 'xlsx'] of cases) {
  if (only !== undefined && !what.includes(only)) continue;
  const path = join(dir, `book.${ext}`);
  const bytes = make();
  writeFileSync(path, bytes);
  const r = await timed([process.execPath, bin, 'glossary', 'import', path, '--dry-run'], env);
  const said = r.stderr.split('\n').find((l) => l.startsWith('error:')) ?? `exit ${r.code}`;
  const met = r.rssMb <= maxRssMb && r.wallS <= maxWallS && r.code !== 1 && !/ {4}at |heap/.test(r.stderr);
  failed ||= !met;
  console.log(`${what.padEnd(50)} ${(bytes.length / 1024).toFixed(0).padStart(7)} KB file ${r.wallS.toFixed(2).padStart(6)} s wall ${r.cpuS.toFixed(2).padStart(6)} s CPU ${r.rssMb.toFixed(0).padStart(5)} MB ${met ? 'met' : 'NOT met'}  exit ${r.code}: ${said.slice(0, 110)}`);
}
await sandbox.close();
if (failed) process.exitCode = 1;
