import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const UNIT = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'];
/**
 * Unit test files that need a fresh module graph and globals of their own: those that replace a module (`vi.mock`)
 * or put fake-indexeddb in the global scope — shared, the first would keep another file's module, the second would
 * hand its databases (and a global `indexedDB`) to the files after it — and those marked `vitest: isolate` (a file
 * that failed after others in one worker). They run isolated; every other unit file runs
 * in a worker that keeps its modules between files (`isolate: false`), which halves the unit stage's CPU (jsdom and
 * Mantine imported once per worker, not once per file).
 */
const NEEDS_ISOLATION = /fake-indexeddb|vi\.mock\(|vitest: isolate/;
function testFiles(dir: string): string[] {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return []; }
  return entries.flatMap(e => (e.isDirectory() ? (e.name === 'node_modules' ? [] : testFiles(join(dir, e.name)))
    : /\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}
const ISOLATED_UNIT = ['src', 'server', 'scripts', join('tests', 'unit')].flatMap(testFiles)
  .filter(f => NEEDS_ISOLATION.test(readFileSync(f, 'utf8')));

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
          include: UNIT,
          exclude: [...configDefaults.exclude, ...ISOLATED_UNIT],
          environment: 'node',
          isolate: false,
          setupFiles: ['tests/unit/shared-worker-setup.ts'],
          // Rendering tests (an import page, a kiosk) take seconds on two busy cores: no default 5 s race.
          testTimeout: 30_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: ISOLATED_UNIT,
          environment: 'node',
          testTimeout: 30_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: ['tests/api/file-setup.ts'],
          fileParallelism: false,
          // One worker keeps its modules from file to file: each file's own worker and imports took about 290 s of
          // the PGlite run's 756 s on two busy cores. The files share the server anyway; file-setup.ts forgets
          // the sessions an earlier file logged in (and may have logged out).
          isolate: false,
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
          // As the API tests: one worker keeps playwright-core and the helpers loaded from file to file.
          isolate: false,
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
