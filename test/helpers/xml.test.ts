import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from './xml.js';

// The e2e TBX check is only as good as this parser: it must refuse what is not well-formed.
describe('parseXml (test helper)', () => {
  it('reads elements, attributes, text and entities', () => {
    const doc = parseXml('<?xml version="1.0"?>\n<!-- c --><a x="1" y=\'&lt;2&gt;\'><b>t &amp; u &#233;&#x41;</b><b/></a>\n');
    expect(doc.name).toBe('a');
    expect(doc.attributes).toEqual({ x: '1', y: '<2>' });
    expect(findAll(doc, 'b').map((b) => b.text)).toEqual(['t & u éA', '']);
  });
  it.each([
    ['<a><b></a></b>', 'mismatched tags'],
    ['<a>x & y</a>', 'bare ampersand'],
    ['<a>&nbsp;</a>', 'unknown entity'],
    ['<a x=1></a>', 'unquoted attribute'],
    ['<a x="1" x="2"></a>', 'duplicate attribute'],
    ['<a x="<"></a>', '< in attribute'],
    ['<a></a><b></b>', 'two roots'],
    ['<a>\u0001</a>', 'control character'],
    ['<a>', 'unclosed'],
  ])('refuses %j (%s)', (xml) => {
    expect(() => parseXml(xml)).toThrow(/not well-formed XML/);
  });
});
