// Checks that PostgreSQL answers at TEST_DATABASE_URL (default: the local test database), then runs the API tests
// against it (each run creates a fresh database beside it and drops it). With --probe it only checks: exit 0 when
// reachable, 2 when not (skipped locally), 1 when not and CI=true (CI must have PostgreSQL).
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (e) {
  const msg = `PostgreSQL at ${url} is not reachable (${e.message})`;
  if (process.env.CI) {
    console.error(`${msg}: CI needs it.`);
    process.exit(1);
  }
  console.warn(`${msg}: skipping the PostgreSQL run of the API tests.`);
  process.exit(2);
}
if (process.argv.includes('--probe')) process.exit(0);
const r = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(r.status ?? 1);
