// A translation as the sandbox's store and its data file keep it (translation-store.ts). A leaf:
// store-data.ts reads it without reading the store.

/** A translation as the store and the data file keep it. */
export interface StoredTranslation {
  id: string;
  source: { space: string; language: string };
  language: string;
  createdAt: string;
  updatedAt: string;
  /** Runs the service was asked for and started (stats.runs). */
  runs: number;
  /** When the latest run was triggered (ISO); absent: never run. */
  lastRunAt?: string;
  /** Words and pages one run counts (sandbox's choice: the same each run). */
  words: number;
  pages: number;
}
