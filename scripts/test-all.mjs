// `npm test`: type check, lint and the PWA build (side by side), unit tests, then the API tests on PGlite and on
// PostgreSQL beside the browser tests, then the shop floor's chaos test — in that order, stopping at the first failed
// stage — and one closing line `tests: N passed, N failed` summing every vitest run.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'ipos-test-'));
let passed = 0, failed = 0;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

const vitestArgs = (label, args) => {
  const file = join(out, `${label.replace(/\W+/g, '-')}.json`);
  return { file, argv: ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`] };
};

function count(file, status) {
  if (existsSync(file)) {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    passed += j.numPassedTests; failed += j.numFailedTests;
  } else if (status !== 0) failed++;
}

function vitest(label, args, env = {}) {
  const { file, argv } = vitestArgs(label, args);
  const status = run(label, 'npx', argv, env);
  count(file, status);
  return status;
}

/**
 * Several commands at once, each into its own log, printed one after the other when all are done; resolves with
 * each one's status. On CI's two cores this pays where each keeps about one core busy: the type check beside the
 * lint, and the API tests on PGlite (the embedded database runs in the server's single thread) beside those on
 * PostgreSQL.
 */
async function together(runs, { print = true } = {}) {
  const done = await Promise.all(runs.map(({ label, argv, env = {} }) => new Promise(resolve => {
    const logFile = join(out, `${label.replace(/\W+/g, '-')}.log`);
    const log = createWriteStream(logFile);
    const child = spawn('npx', argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', code => log.end(() => resolve({ label, logFile, status: code ?? 1 })));
  })));
  if (print) {
    for (const d of done) {
      console.log(`\n=== ${d.label}`);
      process.stdout.write(readFileSync(d.logFile));
    }
  }
  return done;
}

/**
 * Vitest runs in lanes: the lanes at once, the runs of a lane one after the other (a lane stops at its first failed
 * run); each run into its own log, printed once every lane is done. Resolves with the first failure's status or 0.
 */
async function vitestLanes(lanes) {
  const statuses = await Promise.all(lanes.map(async lane => {
    for (const r of lane) {
      const withArgs = { ...r, ...vitestArgs(r.label, r.args) };
      const [d] = await together([withArgs], { print: false });
      lanePrints.push(d);
      count(withArgs.file, d.status);
      if (d.status !== 0) return d.status;
    }
    return 0;
  }));
  for (const d of lanePrints.splice(0)) {
    console.log(`\n=== ${d.label}`);
    process.stdout.write(readFileSync(d.logFile));
  }
  return statuses.find(x => x !== 0) ?? 0;
}
const lanePrints = [];

/**
 * How long each run and each browser test file took in the last full run (seconds), kept in scripts/test-times.json
 * and written back after every run that had both lanes: the browser test files are split between the two lanes so
 * that each lane's total — its API run, then its share — comes out about even (longest file first onto the lane with
 * less to do). A file not yet timed counts as a minute. Commit the updated file with the tests that changed it.
 */
const TIMES_FILE = 'scripts/test-times.json';
const times = existsSync(TIMES_FILE) ? JSON.parse(readFileSync(TIMES_FILE, 'utf8')) : {};
function splitByTime(files) {
  const lanes = [
    { files: [], total: times['api on PostgreSQL'] ?? 300 },
    { files: [], total: times['api on PGlite'] ?? 330 },
  ];
  const secs = f => times[f] ?? 60;
  for (const f of [...files].sort((a, b) => secs(b) - secs(a) || a.localeCompare(b))) {
    const lane = lanes[0].total <= lanes[1].total ? lanes[0] : lanes[1];
    lane.files.push(f);
    lane.total += secs(f);
  }
  return lanes.map(l => l.files.sort());
}
function noteTimes(runs) {
  const done = runs.map(r => ({ label: r.label, file: vitestArgs(r.label, r.args).file })).filter(r => existsSync(r.file));
  // Only a run of both lanes, through to their browser tests, times everything.
  if (done.length < 4) return;
  const next = { ...times };
  for (const { label, file } of done) {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    const results = j.testResults ?? [];
    if (label.startsWith('api on')) {
      if (results.length) next[label] = Math.round((Math.max(...results.map(r => r.endTime)) - j.startTime) / 1000);
    } else {
      for (const r of results) next[relative(process.cwd(), r.name)] = Math.round((r.endTime - r.startTime) / 1000);
    }
  }
  writeFileSync(TIMES_FILE, `${JSON.stringify(Object.fromEntries(Object.entries(next).sort()), null, 2)}\n`);
}

function finish(status) {
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  process.exit(status);
}

// The browser tests need Debian's Chromium (`apt-get install chromium`); .ci/run installs it. Without it they are
// skipped locally, with a message, and fail in CI.
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const browserTests = existsSync(chromium);
if (!browserTests && process.env.CI) { console.error(`${chromium} is missing: CI needs it for the e2e tests.`); failed++; finish(1); }

// The type check, the lint and the PWA's build (which the browser tests serve) side by side.
const checks = await together([
  { label: 'type check', argv: ['tsc', '--noEmit', '-p', '.'] },
  { label: 'lint', argv: ['eslint', '.'] },
  ...(browserTests ? [{ label: 'build the PWA', argv: ['vite', 'build', '--logLevel', 'warn'] }] : []),
]);
const checkFailed = checks.find(c => c.status !== 0);
if (checkFailed) { failed++; finish(checkFailed.status); }
let s = vitest('unit', ['--project', 'unit', '--project', 'unit-isolated']);
if (s !== 0) finish(s);

// The API tests on both databases (DESIGN §10) side by side, each followed by a share of the browser tests: two
// lanes of about one core's work each on CI's two. Each share runs its own server on its own fresh database, so the
// shares cannot step on each other. The files are shared out by the times of the last run (splitByTime below), so
// both lanes end about together. Without PostgreSQL here (and not in CI), the API tests on PGlite, then the browser
// tests.
s = run('api on PostgreSQL (probe)', 'node', ['scripts/test-api-pg.mjs', '--probe']);
if (s !== 0 && s !== 2) finish(s);
const postgres = s === 0 ? process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' : '';
const e2eFiles = readdirSync('tests/e2e').filter(f => f.endsWith('.test.ts')).map(f => `tests/e2e/${f}`);
const e2e = (label, files) => ({ label, args: ['--project', 'e2e', ...files], env: { TEST_DATABASE_URL: postgres } });
// The tests of the HTTP layer (tests/api/security: headers, login limits, the permission matrix, row scope, files'
// access, idempotency…; the login and session rules; the answers to bad input) do not depend on the engine, and
// PostgreSQL's real concurrency is their harder case: with PostgreSQL here they run on it only (decision 129);
// `npm run test:api` runs them on PGlite.
const HTTP_LAYER = ['tests/api/security/**', 'tests/api/bad-input.test.ts', 'tests/api/auth.test.ts'];
const pgliteLane = [{
  label: 'api on PGlite', args: ['--project', 'api', ...(postgres ? HTTP_LAYER.flatMap(g => ['--exclude', g]) : [])],
  env: { TEST_DATABASE_URL: '' },
}];
const postgresLane = postgres ? [{ label: 'api on PostgreSQL', args: ['--project', 'api'], env: { TEST_DATABASE_URL: postgres } }] : [];
if (!browserTests) console.warn(`\n${chromium} is missing: skipping the browser tests (apt-get install chromium fonts-liberation).`);
else if (postgres) {
  const [toPostgres, toPglite] = splitByTime(e2eFiles);
  postgresLane.push(e2e('e2e in Chromium (1 of 2)', toPostgres));
  pgliteLane.push(e2e('e2e in Chromium (2 of 2)', toPglite));
} else pgliteLane.push(e2e('e2e in Chromium', []));
s = await vitestLanes([pgliteLane, postgresLane].filter(l => l.length > 0));
noteTimes([...pgliteLane, ...postgresLane]);
if (s !== 0) finish(s);

// The shop floor's chaos test (tests/chaos): 5,000 swipes through a server process killed mid-run, on a fresh
// PostgreSQL database when there is one, else on PGlite. Alone: beside the browser tests it starved them (a browser
// test's 15 s wait ran out).
s = vitest('chaos', ['--project', 'chaos'], { TEST_DATABASE_URL: postgres });
finish(s);
