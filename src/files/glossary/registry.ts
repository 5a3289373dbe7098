// Every glossary layout teamctl reads (`teamctl help glossary-files`, "Glossary file layouts", "From a CAT tool"), one
// module each: a new layout is a module, a line here and a fixture. The order of the delimited
// layouts is the order in which their language columns are tried.
import { crowdinExport } from './crowdin-export.js';
import { crowdinUpload } from './crowdin-upload.js';
import { deeplExport, headerless } from './headerless.js';
import { languageHeader } from './language-header.js';
import type { DelimitedLayout, LayoutInfo, XmlLayout } from './layout.js';
import { lokalise } from './lokalise.js';
import { multiTerm } from './multiterm.js';
import { phrase } from './phrase.js';
import { tbx2008, tbxBasic } from './tbx.js';
import { teamctlCsv } from './teamctl.js';
import { transifex } from './transifex.js';
import { weblate } from './weblate.js';

export const delimitedLayouts: readonly DelimitedLayout[] = [teamctlCsv, languageHeader, crowdinExport, crowdinUpload, transifex, lokalise, phrase, weblate, deeplExport, headerless];

export const xmlLayouts: readonly XmlLayout[] = [tbxBasic, tbx2008, multiTerm];

/** The layout a delimited file's first row looks most like (the headerless list, at least). */
export function delimitedLayoutOf(head: readonly string[]): DelimitedLayout {
  return best(delimitedLayouts, (l) => l.detect(head)) ?? headerless;
}

/** The layout of an XML file by its root element, or undefined when none reads it. */
export function xmlLayoutOf(root: string): XmlLayout | undefined {
  return best(xmlLayouts, (l) => l.detect(root));
}

function best<L extends LayoutInfo>(layouts: readonly L[], confidence: (layout: L) => number | undefined): L | undefined {
  let found: L | undefined;
  let surest = -Infinity;
  for (const layout of layouts) {
    const c = confidence(layout);
    if (c !== undefined && c > surest) {
      found = layout;
      surest = c;
    }
  }
  return found;
}

/** The union of the delimited layouts' term and metadata columns, squashed. */
export const termColumns: ReadonlySet<string> = new Set(delimitedLayouts.flatMap((l) => l.termColumns ?? []));
export const metadataColumns: ReadonlySet<string> = new Set(delimitedLayouts.flatMap((l) => l.metadata ?? []));
