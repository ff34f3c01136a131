// `npm test`: type check, lint, unit tests, API tests on PGlite, API tests on PostgreSQL, the PWA build and the
// browser tests — in that order, stopping at the first failure — and one closing line `tests: N passed, N failed`
// summing every vitest run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'ipos-test-'));
let passed = 0, failed = 0;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function vitest(label, args, env = {}) {
  const file = join(out, `${label.replace(/\W+/g, '-')}.json`);
  const status = run(label, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  if (existsSync(file)) {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    passed += j.numPassedTests; failed += j.numFailedTests;
  } else if (status !== 0) failed++;
  return status;
}

function finish(status) {
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  process.exit(status);
}

for (const [label, args] of [['type check', ['tsc', '--noEmit', '-p', '.']], ['lint', ['eslint', '.']]]) {
  const s = run(label, 'npx', args);
  if (s !== 0) { failed++; finish(s); }
}
let s = vitest('unit', ['--project', 'unit']);
if (s !== 0) finish(s);
s = vitest('api on PGlite', ['--project', 'api'], { TEST_DATABASE_URL: '' });
if (s !== 0) finish(s);
s = run('api on PostgreSQL (probe)', 'node', ['scripts/test-api-pg.mjs', '--probe']);
if (s === 0) s = vitest('api on PostgreSQL', ['--project', 'api'],
  { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' });
else if (s === 2) s = 0; // no PostgreSQL here and not in CI: skipped, said so above
if (s !== 0) finish(s);
s = run('build the PWA', 'npx', ['vite', 'build', '--logLevel', 'warn']);
if (s !== 0) { failed++; finish(s); }
// The browser tests need Debian's Chromium (`apt-get install chromium`); .ci/run installs it. Without it they are
// skipped locally, with a message, and fail in CI.
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.env.CI) { console.error(`${chromium} is missing: CI needs it for the e2e tests.`); failed++; finish(1); }
  console.warn(`\n${chromium} is missing: skipping the browser tests (apt-get install chromium).`);
  finish(0);
}
s = vitest('e2e in Chromium', ['--project', 'e2e']);
finish(s);
