// Small .xlsx files built in the test (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"): a zip writer on
// zlib.deflateRawSync and zlib.crc32, whose headers a test may make lie, and the few XML parts a
// workbook needs.
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** 8 (deflate, the default) or 0 (stored). */
  method?: 0 | 8;
  /** What the headers say the inflated size is (default: the truth). */
  declaredSize?: number;
  /** The compressed bytes as they are written (default: data deflated). */
  compressed?: Buffer;
}

/** A zip archive of the parts, with a central directory (no data descriptors, no ZIP64). */
export function zip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8');
    const method = part.method ?? 8;
    const body = part.compressed ?? (method === 8 ? deflateRawSync(data) : data);
    const name = Buffer.from(part.name, 'utf8');
    const size = part.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.length + name.length + body.length;
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

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A cell: a string (an inline string), a number, or raw XML of a whole `<c>` element. */
export type Cell = string | number | null | { xml: string };

/** Excel's name of a 1-based column. */
export function columnName(n: number): string {
  let name = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return name;
}

/** A worksheet part with these rows (row 1 first), strings as inline strings. */
export function sheetXml(rows: readonly (readonly Cell[])[]): string {
  const body = rows
    .map((cells, r) => {
      const xml = cells
        .map((cell, c) => {
          const ref = `${columnName(c + 1)}${r + 1}`;
          if (cell === null) return '';
          if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
          if (typeof cell === 'object') return cell.xml.replace('REF', ref);
          return `<c r="${ref}" t="inlineStr"><is><t>${escape(cell)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

export interface WorkbookOptions {
  sharedStrings?: readonly string[];
  /** The cellXfs' number formats, by style index, and custom formats (id → code). */
  styles?: { xfs: readonly number[]; custom?: Record<number, string> };
  date1904?: boolean;
  /** Parts to write instead of the computed ones, or beside them. */
  replace?: Record<string, string | Buffer>;
}

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a workbook with these sheets (their worksheet XML). */
export function workbookParts(sheets: readonly { name: string; xml: string }[], opts: WorkbookOptions = {}): ZipPart[] {
  const rels = sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`);
  if (opts.sharedStrings) rels.push(`<Relationship Id="rIdS" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>`);
  if (opts.styles) rels.push(`<Relationship Id="rIdY" Type="${rel}/styles" Target="styles.xml"/>`);
  const parts: ZipPart[] = [
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: '_rels/.rels', data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0"?><workbook xmlns="${main}" xmlns:r="${rel}">${opts.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets>${sheets.map((s, i) => `<sheet name="${escape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    },
    { name: 'xl/_rels/workbook.xml.rels', data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>` },
    ...sheets.map((s, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: s.xml })),
  ];
  if (opts.sharedStrings) {
    parts.push({ name: 'xl/sharedStrings.xml', data: `<?xml version="1.0"?><sst xmlns="${main}" count="${opts.sharedStrings.length}">${opts.sharedStrings.map((t) => `<si><t xml:space="preserve">${escape(t)}</t></si>`).join('')}</sst>` });
  }
  if (opts.styles) {
    const custom = Object.entries(opts.styles.custom ?? {});
    const numFmts = custom.length === 0 ? '' : `<numFmts count="${custom.length}">${custom.map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escape(code)}"/>`).join('')}</numFmts>`;
    parts.push({ name: 'xl/styles.xml', data: `<?xml version="1.0"?><styleSheet xmlns="${main}">${numFmts}<cellXfs count="${opts.styles.xfs.length}">${opts.styles.xfs.map((id) => `<xf numFmtId="${id}"/>`).join('')}</cellXfs></styleSheet>` });
  }
  for (const [name, data] of Object.entries(opts.replace ?? {})) {
    const i = parts.findIndex((p) => p.name === name);
    if (i >= 0) parts[i] = { name, data };
    else parts.push({ name, data });
  }
  return parts;
}

/** A whole .xlsx: one sheet per entry, in order. */
export function xlsx(sheets: readonly { name: string; rows: readonly (readonly Cell[])[] }[], opts: WorkbookOptions = {}): Buffer {
  return zip(workbookParts(sheets.map((s) => ({ name: s.name, xml: sheetXml(s.rows) })), opts));
}
