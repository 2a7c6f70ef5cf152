import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores on CI: e2e suites start real processes, so keep parallelism modest.
    maxWorkers: 2,
  },
});
