import { defineConfig } from 'vitest/config';

// One built app; one server and database per worker (global setup). Spec files run E2E_WORKERS at a time (2 on
// this 2-core machine: a spec mostly waits on the browser and the network); E2E_WORKERS=1 runs them one by one.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
    pool: 'forks',
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
