// An access review written out (`teamctl help access`, "Review"): the rows in every format lists
// share (table, TSV, CSV, NDJSON through the one list writer), JSON as one document with the
// summary, the findings and the rows, and Markdown for an auditor's evidence folder and a pull
// request comment: a header naming the organization and the time of the reading, the count of each
// kind of finding, each finding with its reason and fix, then every row. The Markdown rows are
// written a block at a time, never held as one text.
import type { IO } from '../io.js';
import type { OutputFormat } from '../choices.js';
import type { Column } from '../output/columns.js';
import type { Review, ReviewRow } from './review.js';
import { findingKinds, type FindingKind } from './reviewRules.js';

/** What each kind of finding means, in one line. */
export const findingMeanings: Record<FindingKind, string> = {
  'disabled-member': 'a disabled member still holds access',
  'guest-above-read': 'a guest holds more than read',
  'stale-access': 'a person not seen for the stale days holds edit or more',
  'bypasses-teams': 'a direct grant where a team of the person already reaches the resource',
  'general-access-above-read': "a resource's own general access is above read",
  'link-invite-above-read': 'an invite link lets anyone join with more than read',
};

/** The count of each kind of finding, every kind listed. */
export function summary(review: Review): Record<FindingKind, number> {
  const counts = Object.fromEntries(findingKinds.map((k) => [k, 0])) as Record<FindingKind, number>;
  for (const f of review.findings) counts[f.kind]++;
  return counts;
}

const columns: Column<ReviewRow>[] = [
  { header: 'resource', value: (r) => r.resource },
  { header: 'user', value: (r) => r.user, whole: true },
  { header: 'role', value: (r) => r.role },
  { header: 'source', value: (r) => r.source },
  { header: 'findings', value: (r) => r.findings.join(' ') },
];

const block = 1000;

async function markdown(io: IO, review: Review): Promise<void> {
  const { markdownCell, markdownText } = await import('../output/markdown.js');
  const line = (cells: readonly string[]): string => `| ${cells.map(markdownCell).join(' | ')} |\n`;
  const head = (cells: readonly string[]): string => line(cells) + `|${cells.map(() => ' --- |').join('')}\n`;
  const counts = summary(review);
  let text = `### ${markdownText(`Access review of ${review.organization}`)}\n\n`;
  text += `${markdownText(`Read at ${review.readAt}. ${review.rows.length} rows; ${review.findings.length} findings; stale after ${review.staleDays} days.`)}\n\n`;
  text += `#### Summary\n\n${head(['finding', 'count', 'what it means'])}`;
  for (const kind of findingKinds) text += line([kind, String(counts[kind]), findingMeanings[kind]]);
  text += `\n#### Findings (${review.findings.length})\n\n`;
  if (review.findings.length === 0) text += 'none\n';
  else {
    text += head(['finding', 'resource', 'user', 'reason', 'fix']);
    for (const f of review.findings) text += line([f.kind, f.resource, f.user, f.reason, f.fix]);
  }
  text += `\n#### Access (${review.rows.length})\n\n${head(columns.map((c) => c.header))}`;
  await io.out(text, 'stream');
  for (let i = 0; i < review.rows.length; i += block) {
    await io.out(review.rows.slice(i, i + block).map((r) => line(columns.map((c) => String(c.value(r))))).join(''), 'stream');
  }
}

/** One JSON document: the reading, the summary, the findings, then the rows a block at a time. */
async function json(io: IO, review: Review): Promise<void> {
  const { rows, ...reading } = review;
  const head = JSON.stringify({ organization: reading.organization, readAt: reading.readAt, staleDays: reading.staleDays, summary: summary(review), findings: reading.findings }, null, 2);
  await io.out(`${head.slice(0, -2)},\n  "rows": [`, 'stream');
  for (let i = 0; i < rows.length; i += block) {
    await io.out(rows.slice(i, i + block).map((r, j) => `${i + j === 0 ? '' : ','}\n    ${JSON.stringify(r)}`).join(''), 'stream');
  }
  await io.out(rows.length === 0 ? ']\n}\n' : '\n  ]\n}\n', 'stream');
}

/** The findings under a table on a terminal: the count of each kind, then each with its reason and fix. */
function findingsText(review: Review): string {
  const counts = summary(review);
  const kinds = findingKinds.filter((k) => counts[k] > 0);
  if (kinds.length === 0) return `no findings (${review.rows.length} rows, read at ${review.readAt})\n`;
  let text = `\n${review.findings.length} findings: ${kinds.map((k) => `${counts[k]} ${k}`).join(', ')}\n`;
  for (const f of review.findings) text += `- ${f.kind}: ${f.reason}${f.fix === '' ? '' : `\n    fix: ${f.fix}`}\n`;
  return text;
}

export async function writeReview(io: IO, format: OutputFormat, review: Review): Promise<void> {
  if (format === 'markdown') return markdown(io, review);
  if (format === 'json') return json(io, review);
  const { onePage, writeList } = await import('../output/list.js');
  await writeList(io, format, onePage(review.rows), columns);
  if (format === 'table') await io.out(findingsText(review), 'stream');
}
