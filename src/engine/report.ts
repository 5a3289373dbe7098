// The Markdown view of a plan or a result (-o markdown, GITHUB_STEP_SUMMARY; README, "Review,
// then apply"): a title line with the counts, then one table per kind of change. Rendering and
// escaping are src/output/markdown.ts's; this is only the shape every domain fills in.
import { renderMarkdown } from '../output/markdown.js';

export interface ReportSection {
  heading: string;
  columns: string[];
  /** Cells are user-supplied text: the renderer escapes them. */
  rows: string[][];
  /** The team a section of a run over several teams is about; its heading starts with it. */
  team?: string;
}

export interface ReportDoc {
  title: string;
  sections: ReportSection[];
}

export function renderReport(doc: ReportDoc): string {
  return renderMarkdown(doc);
}
