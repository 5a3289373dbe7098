// A number cell of an `.xlsx` as the text Excel shows (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"): the
// cell's number format (styles.xml), built in or the workbook's own, applied to the stored value.
// Supported: General; integer and decimal patterns (0, 0.00, #,##0.00, literal text around them);
// percentages; scientific (0.00E+00); text (@); dates and times built from y m d h s and AM/PM
// (m/d/yyyy, yyyy-mm-dd, d-mmm-yy, h:mm:ss, [h]:mm …), in the 1900 or 1904 date system. Anything
// else (fractions, conditions such as [>100]) is shown as General. Nothing is evaluated.

/** Excel's built-in number formats by id, as en-US Excel shows them. */
const builtIn: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  14: 'm/d/yyyy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yyyy h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;(#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;(#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mm:ss.0',
  48: '##0.0E+0',
  49: '@',
};

/** The format code of a number format id: the workbook's own (`custom`), else Excel's built-in one, else General. */
export function formatCode(id: number, custom: ReadonlyMap<number, string>): string {
  return custom.get(id) ?? builtIn[id] ?? 'General';
}

/** The text of a number as Excel's General format shows it (up to 15 significant digits). */
export function general(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  const text = String(Number(n.toPrecision(15)));
  // JavaScript's 1e+21 and 1.5e-7 are Excel's 1E+21 and 1.5E-07.
  return text.replace(/e([+-])(\d+)$/, (_, sign: string, digits: string) => `E${sign}${digits.padStart(2, '0')}`);
}

/** The sections of a format code (positive;negative;zero;text), split outside quotes. */
function sections(code: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i] as string;
    if (ch === '"') quoted = !quoted;
    if (ch === '\\' && !quoted) {
      current += ch + (code[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === ';' && !quoted) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

type Token = { kind: 'literal'; text: string } | { kind: 'code'; text: string };

/** A section as literal text (quoted, escaped, `$ - + / ( ) : space`) and format codes; brackets other than [h] [m] [s] dropped. */
function tokens(section: string): Token[] | undefined {
  const out: Token[] = [];
  for (let i = 0; i < section.length; ) {
    const ch = section[i] as string;
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      out.push({ kind: 'literal', text: section.slice(i + 1, end < 0 ? undefined : end) });
      i = end < 0 ? section.length : end + 1;
    } else if (ch === '\\') {
      out.push({ kind: 'literal', text: section[i + 1] ?? '' });
      i += 2;
    } else if (ch === '_') {
      out.push({ kind: 'literal', text: ' ' });
      i += 2;
    } else if (ch === '*') i += 2;
    else if (ch === '[') {
      const end = section.indexOf(']', i);
      const inner = section.slice(i + 1, end < 0 ? undefined : end);
      if (/^(h+|m+|s+)$/i.test(inner)) out.push({ kind: 'code', text: `[${inner.toLowerCase()}]` });
      else if (/^[<>=]/.test(inner)) return undefined; // a condition: General
      else if (inner.startsWith('$')) out.push({ kind: 'literal', text: inner.slice(1).replace(/-[0-9A-Fa-f]+$/, '') });
      i = end < 0 ? section.length : end + 1;
    } else {
      const run = /^(yyyy|yyy|yy|y|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|AM\/PM|am\/pm|A\/P|a\/p|\.0+|[0#?,.]+|E[+-][0#]+|e[+-][0#]+|%|@)/i.exec(section.slice(i));
      if (run) {
        out.push({ kind: 'code', text: run[0] });
        i += run[0].length;
      } else {
        out.push({ kind: 'literal', text: ch });
        i++;
      }
    }
  }
  return out;
}

const isDateCode = (t: Token): boolean => t.kind === 'code' && /^(\[?[hms]+\]?|y+|m+|d+|AM\/PM|A\/P)$/i.test(t.text);

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** A serial date's parts, in the 1900 system (with its 29 February 1900) or the 1904 one. */
function dateParts(serial: number, date1904: boolean, fractions: boolean): { y: number; m: number; d: number; weekday: number; seconds: number; fraction: number } {
  let days = Math.floor(serial);
  // Rounded to the second, as Excel shows a time (to the millisecond when the format shows tenths).
  let seconds = fractions ? Math.round((serial - days) * 86400 * 1000) / 1000 : Math.round((serial - days) * 86400);
  if (seconds >= 86400) {
    days++;
    seconds -= 86400;
  }
  const fraction = seconds - Math.floor(seconds);
  seconds = Math.floor(seconds);
  // Excel's 1900 system has a 0 January 1900 and a 29 February 1900.
  if (!date1904 && days === 0) return { y: 1900, m: 1, d: 0, weekday: 6, seconds, fraction };
  if (!date1904 && days === 60) return { y: 1900, m: 2, d: 29, weekday: 3, seconds, fraction };
  const base = date1904 ? Date.UTC(1904, 0, 1) : days < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const date = new Date(base + days * 86400000);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(), weekday: date.getUTCDay(), seconds, fraction };
}

/** A date/time section applied to a serial number. */
function formatDate(parts: Token[], serial: number, date1904: boolean): string {
  const p = dateParts(serial, date1904, parts.some((t) => t.kind === 'code' && /^\.0+$/.test(t.text)));
  const twelve = parts.some((t) => t.kind === 'code' && /^(AM\/PM|A\/P)$/i.test(t.text));
  const hours = Math.floor(p.seconds / 3600);
  const codes = parts.map((t, i) => ({ t, i })).filter(({ t }) => t.kind === 'code');
  // An m right after an h, or right before an s, is minutes; otherwise a month.
  const minutes = new Set<number>();
  codes.forEach(({ t, i }, k) => {
    if (!/^m{1,2}$/i.test(t.text)) return;
    const before = codes[k - 1]?.t.text ?? '';
    const after = codes[k + 1]?.t.text ?? '';
    if (/^\[?h+\]?$/i.test(before) || /^\[?s+\]?$/i.test(after)) minutes.add(i);
  });
  let out = '';
  parts.forEach((t, i) => {
    if (t.kind === 'literal') {
      out += t.text;
      return;
    }
    const c = t.text;
    const lower = c.toLowerCase();
    if (/^y+$/.test(lower)) out += lower.length <= 2 ? pad(p.y % 100, 2) : String(p.y);
    else if (minutes.has(i)) out += lower.length === 1 ? String(Math.floor(p.seconds / 60) % 60) : pad(Math.floor(p.seconds / 60) % 60, 2);
    else if (/^m+$/.test(lower)) out += [String(p.m), pad(p.m, 2), (monthNames[p.m - 1] ?? '').slice(0, 3), monthNames[p.m - 1] ?? '', (monthNames[p.m - 1] ?? '').slice(0, 1)][Math.min(lower.length, 5) - 1];
    else if (/^d+$/.test(lower)) out += [String(p.d), pad(p.d, 2), (dayNames[p.weekday] ?? '').slice(0, 3), dayNames[p.weekday] ?? ''][Math.min(lower.length, 4) - 1];
    else if (/^h+$/.test(lower)) {
      const h = twelve ? ((hours + 11) % 12) + 1 : hours;
      out += lower.length === 1 ? String(h) : pad(h, 2);
    } else if (/^s+$/.test(lower)) out += lower.length === 1 ? String(p.seconds % 60) : pad(p.seconds % 60, 2);
    else if (lower === '[h]' || lower === '[hh]') out += String(Math.floor(serial * 24));
    else if (/^\[m+\]$/.test(lower)) out += String(Math.floor(serial * 1440));
    else if (/^\[s+\]$/.test(lower)) out += String(Math.floor(serial * 86400));
    else if (/^(am\/pm)$/.test(lower)) out += hours < 12 ? 'AM' : 'PM';
    else if (/^a\/p$/.test(lower)) out += hours < 12 ? 'A' : 'P';
    else if (/^\.0+$/.test(c)) out += p.fraction.toFixed(c.length - 1).slice(1);
    else out += c;
  });
  return out;
}

/** A numeric section (0, #,##0.00, 0%, 0.00E+00, with literals) applied to a number. */
function formatNumber(parts: Token[], n: number): string | undefined {
  const pattern = parts.filter((t) => t.kind === 'code' && /^[0#?,.]+$|^[eE][+-]/.test(t.text)).map((t) => t.text).join('');
  // A section of text alone ("zero", "-") shows that text.
  if (pattern === '' && parts.every((t) => t.kind === 'literal')) return parts.map((t) => t.text).join('');
  if (/\?/.test(pattern) || !/[0#]/.test(pattern)) return undefined;
  const percent = parts.filter((t) => t.kind === 'code' && t.text === '%').length;
  let value = n * 100 ** percent;
  const exponent = /[eE]([+-])([0#]+)/.exec(pattern);
  const mantissa = pattern.replace(/[eE][+-][0#]+/, '');
  const [intPart = '', decPart = ''] = mantissa.split('.');
  const decimals = (decPart.match(/[0#]/g) ?? []).length;
  const minDecimals = (decPart.match(/0/g) ?? []).length;
  const minInt = (intPart.match(/0/g) ?? []).length;
  const thousands = /[0#],[0#]/.test(intPart);
  let exp = '';
  if (exponent) {
    const e = value === 0 ? 0 : Math.floor(Math.log10(Math.abs(value)));
    value /= 10 ** e;
    exp = `E${e < 0 ? '-' : exponent[1] === '+' ? '+' : ''}${pad(Math.abs(e), (exponent[2] ?? '').length)}`;
  }
  let [whole = '0', frac = ''] = Math.abs(value).toFixed(decimals).split('.');
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  whole = whole.replace(/^0+/, '').padStart(minInt, '0');
  if (thousands) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const number = (value < 0 && Number(whole + '.' + (frac || '0')) !== 0 ? '-' : '') + whole + (decPart !== '' ? '.' + frac : '') + exp;
  let out = '';
  let placed = false;
  for (const t of parts) {
    if (t.kind === 'literal') out += t.text;
    else if (t.text === '%') out += '%';
    else if (!placed && /^[0#?,.]+$|^[eE][+-]/.test(t.text)) {
      out += number;
      placed = true;
    } else if (!/^[0#?,.]+$|^[eE][+-]/.test(t.text)) out += t.text;
  }
  return out;
}

/** A number cell's stored value as Excel shows it with the format `code` (see the file comment). */
export function formatValue(stored: string, code: string, date1904: boolean): string {
  const n = Number(stored);
  if (stored.trim() === '' || !Number.isFinite(n)) return stored;
  if (/^general$/i.test(code.trim())) return general(n);
  const all = sections(code);
  let section = all[0] ?? '';
  let value = n;
  if (n < 0 && all.length > 1) {
    section = all[1] ?? '';
    value = -n;
  } else if (n === 0 && all.length > 2) section = all[2] ?? '';
  if (section.trim() === '@' || /^general$/i.test(section.trim())) return general(value);
  const parts = tokens(section);
  if (parts === undefined) return general(n);
  if (parts.some(isDateCode)) return value < 0 ? general(n) : formatDate(parts, value, date1904);
  return formatNumber(parts, value) ?? general(n);
}
