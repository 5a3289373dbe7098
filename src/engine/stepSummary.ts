// GitHub Actions' job summary (README, "Review, then apply"): when GITHUB_STEP_SUMMARY names a
// file, every command that changes the service (or plans to) appends its Markdown plan or result
// there, as GitHub documents it. It is written like every file teamctl writes (files/atomic.ts):
// a symbolic link, a FIFO or a directory in its place is refused, never written through or
// waited on. A summary that cannot be written is a warning: it must never fail the run itself.
import { writeFileAtomic } from '../files/atomic.js';

export async function appendStepSummary(file: string, markdown: string, warn: (message: string) => void): Promise<void> {
  try {
    await writeFileAtomic(file, markdown + '\n', `GITHUB_STEP_SUMMARY (${file})`, { append: true });
  } catch (err) {
    warn(`${(err as Error).message}; the summary was not written`);
  }
}
