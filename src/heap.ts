// Bounded memory for big jobs (test/bench/README.md). Between two full collections V8 lets the
// heap of a run that allocates fast grow to up to 4× what is live, and on Node 22 and 24 its young
// generation grows to 64 MB: a 100k-row glossary import peaked near 500 MB on Node 24 with under
// 100 MB live. Before such a job the heap is told to grow by a quarter at most after a full
// collection, and the young generation to stay at the size it has. Both are V8 flags read as the
// heap is sized, so they can be set at run time (as --liftoff-only is, in src/api/transport.ts);
// they cost some CPU in more frequent collections, which is why only the commands that may be big
// jobs set them (glossary import and sync, and any command under --jq, whose output is kept whole).
import { setFlagsFromString } from 'node:v8';

let bounded = false;

/** Bounds the heap's growth for the rest of the process (idempotent). */
export function boundHeapGrowth(): void {
  if (bounded) return;
  bounded = true;
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=25');
}
