// Weblate's glossary CSV (`teamctl help glossary-files`, "Glossary file layouts"): `source,target,context,
// developer_comments`. Neither term column says its language: `--languages en,de` names them.
import { squash, type DelimitedLayout } from './layout.js';

export const weblate: DelimitedLayout = {
  name: 'a Weblate glossary CSV',
  example: 'source,target,context,developer_comments',
  fix: 'name the languages of source and target, --languages en,de',
  detect: (head) => {
    const names = head.map(squash);
    return names.includes('source') && names.includes('target') ? 8 : undefined;
  },
  termColumns: ['source', 'target', 'source term', 'target term'],
  metadata: ['developer comments'],
};
