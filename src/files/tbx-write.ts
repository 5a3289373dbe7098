// The TBX writer of `glossary export --format tbx` (`teamctl help glossary-files`, "From a CAT tool"): TBX-Basic, streamed entry by
// entry; every export reads back exactly through the TBX reader (glossary/xml.ts).
import type { GlossaryEntry } from '../api/types.js';
import { compareLanguages } from '../glossary/languages.js';
import { addEscaper } from '../redact.js';
import { teamctlEntryIdJsonType, teamctlEntryIdType, teamctlTbxMarker, teamctlTermJsonType } from './glossary/tbx.js';

// TBX-Basic (ISO 30042:2019, TBX v3, DCA style).
// Characters XML 1.0 does not allow at all: C0 controls but tab/LF/CR, lone surrogates, U+FFFE/F.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const xmlInvalid = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe in XML content and attribute values: invalid characters removed, markup escaped. */
export function xmlEscape(value: string): string {
  return value.replace(xmlInvalid, '').replace(/[&<>"'\r\n\t]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      case '\r':
        return '&#13;'; // a raw CR would be read back as LF
      default:
        return c; // LF and tab survive in element content; attributes never hold them here
    }
  });
}

// The last check on what is written knows how XML spells a token (`teamctl help environment`, "Talking to the service").
addEscaper('XML', xmlEscape);

/** Whether XML 1.0 can hold every character of `value`. */
export function xmlCanHold(value: string): boolean {
  return value.replace(xmlInvalid, '') === value;
}

/**
 * `value` as a JSON string literal holding only characters XML can (JSON.stringify escapes C0
 * controls and lone surrogates; U+FFFE/U+FFFF are escaped here): JSON.parse gives `value` back.
 */
export function xmlSafeJson(value: string): string {
  return JSON.stringify(value).replace(/[\uFFFE\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** An XML NCName from an entry id: only ASCII name characters, starting with a letter or `_`. */
export function toNcName(id: string): string {
  const body = id.replace(/[^A-Za-z0-9._-]/g, '_');
  return /^[A-Za-z_]/.test(body) ? body : `c-${body}`;
}

/**
 * Writes TBX one piece at a time (start, one conceptEntry per entry, end). It needs no languages
 * up front: each entry writes its own langSecs, in `languages` order or export order.
 */
export class GlossaryTbxWriter {
  private readonly used = new Set<string>();
  constructor(private readonly languages?: readonly string[]) {}

  start(): string {
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">\n' +
      '  <tbxHeader>\n' +
      '    <fileDesc>\n' +
      '      <sourceDesc>\n' +
      `        <p>Organization translation glossary ${teamctlTbxMarker}</p>\n` +
      '      </sourceDesc>\n' +
      '    </fileDesc>\n' +
      '  </tbxHeader>\n' +
      '  <text>\n' +
      '    <body>\n'
    );
  }

  /** One conceptEntry, or '' when the entry has no translation in the chosen languages. */
  entry(entry: Pick<GlossaryEntry, 'id' | 'translations'>): string {
    const langs = this.languages ?? Object.keys(entry.translations).sort(compareLanguages);
    const sections = langs
      .map((lang) => [lang, entry.translations[lang] ?? ''] as const)
      .filter(([, term]) => term !== '');
    if (sections.length === 0) return '';
    let id = toNcName(entry.id);
    for (let n = 2; this.used.has(id); n++) id = `${toNcName(entry.id)}-${n}`;
    this.used.add(id);
    let out = `      <conceptEntry id="${xmlEscape(id)}">\n`;
    // An XML name cannot carry every service id: the id itself goes along, read back on import.
    // What XML cannot hold at all (`teamctl help glossary-files`, "From a CAT tool: TBX in and out") goes as JSON.
    if (id !== entry.id) {
      out += xmlCanHold(entry.id)
        ? `        <admin type="${teamctlEntryIdType}">${xmlEscape(entry.id)}</admin>\n`
        : `        <admin type="${teamctlEntryIdJsonType}">${xmlEscape(xmlSafeJson(entry.id))}</admin>\n`;
    }
    for (const [lang, term] of sections) {
      out +=
        `        <langSec xml:lang="${xmlEscape(lang.replace(/[\t\n\r]/g, ''))}">\n` +
        `          <termSec>\n` +
        `            <term>${xmlEscape(term)}</term>\n` +
        (xmlCanHold(term) ? '' : `            <admin type="${teamctlTermJsonType}">${xmlEscape(xmlSafeJson(term))}</admin>\n`) +
        `          </termSec>\n` +
        `        </langSec>\n`;
    }
    return `${out}      </conceptEntry>\n`;
  }

  end(): string {
    return '    </body>\n  </text>\n</tbx>\n';
  }
}
