// `npm test`: type check, lint and the PWA build side by side; then two lanes side by side — unit tests then browser
// tests, and API tests on PostgreSQL, on PGlite, then the chaos test — each lane stopping at its first failure; and
// one closing line `tests: N passed, N failed` summing every vitest run.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
// Then two lanes at once, each about one core's work on CI's two (three or more at once starved each other): the
// unit tests on one worker, then the browser tests; beside them the API tests on PostgreSQL, then on PGlite (DESIGN
// §10), then the shop floor's chaos test (tests/chaos: 5,000 swipes through a server process killed mid-run, on a
// fresh PostgreSQL database when there is one). The browser tests' server uses a fresh PostgreSQL database too when
// TEST_DATABASE_URL is set. Without PostgreSQL here (and not in CI), the API and chaos tests on PGlite alone.
let s = run('api on PostgreSQL (probe)', 'node', ['scripts/test-api-pg.mjs', '--probe']);
if (s !== 0 && s !== 2) finish(s);
const postgres = s === 0 ? process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' : '';
const clientLane = [{ label: 'unit', args: ['--project', 'unit', '--project', 'unit-isolated', '--maxWorkers=1'] }];
if (browserTests) clientLane.push({ label: 'e2e in Chromium', args: ['--project', 'e2e'], env: { TEST_DATABASE_URL: postgres } });
else console.warn(`\n${chromium} is missing: skipping the browser tests (apt-get install chromium).`);
const serverLane = [
  ...(postgres ? [{ label: 'api on PostgreSQL', args: ['--project', 'api'], env: { TEST_DATABASE_URL: postgres } }] : []),
  { label: 'api on PGlite', args: ['--project', 'api'], env: { TEST_DATABASE_URL: '' } },
  { label: 'chaos', args: ['--project', 'chaos'], env: { TEST_DATABASE_URL: postgres } },
];
s = await vitestLanes([clientLane, serverLane]);
finish(s);
