// A small strict XML 1.0 parser for tests (no dependency): elements, attributes, text, comments,
// processing instructions and the five predefined plus numeric entities; no DTD, no CDATA.
// Anything not well-formed throws, naming the offset — enough to prove an export "parses as XML".

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text content (children's text not included), entities decoded. */
  text: string;
}

const nameStart = /[A-Za-z_:]/;
const nameRest = /[A-Za-z0-9_:.-]/;
// eslint-disable-next-line no-control-regex -- the point is to find characters XML forbids
const invalidChar = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const predefined: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function parseXml(xml: string): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`not well-formed XML at offset ${i}: ${why}`);
  };
  if (invalidChar.test(xml)) fail('a character XML does not allow');

  const skipSpace = () => {
    while (i < xml.length && /\s/.test(xml[i] as string)) i++;
  };
  const name = (): string => {
    if (!nameStart.test(xml[i] ?? '')) fail('expected a name');
    const start = i++;
    while (i < xml.length && nameRest.test(xml[i] as string)) i++;
    return xml.slice(start, i);
  };
  const decode = (raw: string): string =>
    raw.replace(/&([^;]*);?/g, (whole, ref: string) => {
      if (!whole.endsWith(';')) fail(`a bare & in ${JSON.stringify(raw.slice(0, 40))}`);
      const known = predefined[ref];
      if (known !== undefined) return known;
      const m = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(ref);
      if (!m) return fail(`unknown entity &${ref};`);
      return String.fromCodePoint(m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]));
    });
  const miscellany = () => {
    for (;;) {
      skipSpace();
      if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i + 4);
        if (end < 0) fail('unterminated comment');
        i = end + 3;
      } else if (xml.startsWith('<?', i)) {
        const end = xml.indexOf('?>', i + 2);
        if (end < 0) fail('unterminated processing instruction');
        i = end + 2;
      } else return;
    }
  };

  const element = (): XmlElement => {
    if (xml[i] !== '<') fail('expected <');
    i++;
    const el: XmlElement = { name: name(), attributes: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipSpace();
      if (xml.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      if (i === before) fail('expected white space before an attribute');
      const attr = name();
      skipSpace();
      if (xml[i] !== '=') fail(`expected = after ${attr}`);
      i++;
      skipSpace();
      const quote = xml[i];
      if (quote !== '"' && quote !== "'") fail('attribute value not quoted');
      const end = xml.indexOf(quote as string, i + 1);
      if (end < 0) fail('unterminated attribute value');
      const raw = xml.slice(i + 1, end);
      if (raw.includes('<')) fail('< in an attribute value');
      if (Object.hasOwn(el.attributes, attr)) fail(`duplicate attribute ${attr}`);
      el.attributes[attr] = decode(raw);
      i = end + 1;
    }
    for (;;) {
      const next = xml.indexOf('<', i);
      if (next < 0) fail(`unclosed element ${el.name}`);
      const raw = xml.slice(i, next);
      if (raw.includes(']]>')) fail(']]> in text');
      el.text += decode(raw);
      i = next;
      if (xml.startsWith('</', i)) {
        i += 2;
        const closing = name();
        if (closing !== el.name) fail(`</${closing}> closes <${el.name}>`);
        skipSpace();
        if (xml[i] !== '>') fail('expected >');
        i++;
        return el;
      }
      if (xml.startsWith('<!--', i) || xml.startsWith('<?', i)) {
        miscellany();
        continue;
      }
      if (xml.startsWith('<!', i)) fail('DTDs and CDATA are not supported');
      el.children.push(element());
    }
  };

  if (xml.startsWith('\uFEFF')) i++;
  miscellany();
  const root = element();
  miscellany();
  if (i !== xml.length) fail('content after the root element');
  return root;
}

/** Every descendant element with this name, in document order. */
export function findAll(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}
