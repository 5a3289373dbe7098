// The suite's settings (`npm test` and .ci/run pass this file): timeouts, and one temporary
// folder for the whole run, removed at its end (test/helpers/tmp-root.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    dir: 'test',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/helpers/tmp-root.ts'],
  },
});
