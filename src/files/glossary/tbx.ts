// TBX (`teamctl help glossary-files`, "From a CAT tool"): TBX-Basic v3 (ISO 30042:2019) in DCA and DCT style,
// `tbx/text/body/conceptEntry/langSec[@xml:lang]/termSec/term` (what `glossary export --format tbx`
// writes), and TBX 2008 (`martif/text/body/termEntry/langSet/tig/term`, also `ntig/termGrp/term`).
// Both are read by the concept reader (xml.ts); this module names their elements and the marks
// teamctl's own export carries.
import type { XmlLayout } from './layout.js';

/** The marker glossaryToTbx writes in the header: concept ids are then the service's entry ids. */
export const teamctlTbxMarker = 'exported by teamctl';
/** The `<admin type>` that carries an entry id no XML name can hold (glossaryToTbx writes it). */
export const teamctlEntryIdType = 'teamctl-entry-id';
/** The same, for an id with characters XML cannot hold: a JSON string literal of it. */
export const teamctlEntryIdJsonType = 'teamctl-entry-id-json';
/** The `<admin type>` after a term XML cannot hold exactly: a JSON string literal of the term. */
export const teamctlTermJsonType = 'teamctl-term-json';

export const tbxBasic: XmlLayout = {
  name: 'TBX-Basic v3',
  example: '<tbx><text><body><conceptEntry><langSec xml:lang="en"><termSec><term>',
  detect: (root) => (root === 'tbx' ? 10 : undefined),
  concept: ['conceptEntry'],
};

export const tbx2008: XmlLayout = {
  name: 'TBX 2008',
  example: '<martif><text><body><termEntry><langSet xml:lang="en"><tig><term>',
  detect: (root) => (root === 'martif' ? 10 : undefined),
  concept: ['termEntry'],
};
