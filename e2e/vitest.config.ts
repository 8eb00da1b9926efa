import { defineConfig } from 'vitest/config';

// One built app and one server for the whole run (global setup); spec files run one at a time on 2 cores.
export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
