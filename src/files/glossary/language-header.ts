// A header of language tags, with metadata columns beside them (`teamctl help glossary-files`, "Glossary file layouts"):
// spreadsheets, Google Cloud Translation's equivalent-term sets, WordPress GlotPress exports
// (`en,de,pos,description`). The metadata names here are the ones most glossaries carry; every
// layout's metadata is recognised in every file (header.ts), also per language (`comment_de`).
import { knownLanguage } from './icu.js';
import { squash, type DelimitedLayout } from './layout.js';

const metadata = [
  'pos',
  'part of speech',
  'partofspeech',
  'description',
  'definition',
  'note',
  'notes',
  'comment',
  'comments',
  'context',
  'status',
  'domain',
  'type',
  'gender',
  'url',
  'image',
  'tags',
  'usage note',
  'explanation',
  'forbidden',
  'created',
  'updated',
  'updatedat',
  'createdat',
];

export const languageHeader: DelimitedLayout = {
  name: 'a CSV of language columns (a spreadsheet, a Google equivalent-term set, a GlotPress export)',
  example: 'en,de,pos,description',
  detect: (head) => (head.some(knownLanguage) && head.every((c) => knownLanguage(c) || metadata.includes(squash(c))) ? 5 : undefined),
  metadata,
};
