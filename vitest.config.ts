import { defineConfig } from 'vitest/config';

/**
 * Projects: `unit` (beside the code, fast, no server), `api` (the real server over HTTP, on PGlite or, with
 * TEST_DATABASE_URL, on a fresh PostgreSQL database). The api project shares one seeded server per run
 * (tests/api/global-setup.ts), so its files run one after another; `e2e` (Chromium against the built PWA) and `chaos`
 * (the shop floor's outbox against a server process killed mid-run).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
      {
        test: {
          // The shop floor's chaos test (tests/chaos): its own server process, killed and restarted mid-run.
          name: 'chaos',
          include: ['tests/chaos/**/*.test.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
