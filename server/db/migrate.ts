import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rows, type Database } from './connection';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies the checked-in SQL migrations in file-name order, each in its own transaction, once. The same files run on
 * PGlite and PostgreSQL. A migration that fails leaves nothing behind (its transaction rolls back) and stops startup.
 * `underLock` runs after them while the lock is still held (the first start's demo seed), so instances starting
 * together on one PostgreSQL migrate and seed once.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR, underLock?: () => Promise<void>): Promise<string[]> {
  return database.withMigrationLock(async exec => {
    await exec(`create table if not exists _migrations (
      name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await rows<{ name: string }>(database.db, sql`select name from _migrations`)).map(r => r.name));
    const files = await migrationFiles(dir);
    const applied: string[] = [];
    for (const f of files) {
      if (done.has(f)) continue;
      const body = await readFile(dir + f, 'utf8');
      const name = f.replace(/'/g, "''");
      await exec(`begin;\n${body}\n;insert into _migrations(name) values ('${name}');\ncommit;`)
        .catch(async (e: unknown) => {
          await exec('rollback').catch(() => {});
          throw new Error(`migration ${f} failed: ${(e as Error).message}`);
        });
      applied.push(f);
    }
    await underLock?.();
    return applied;
  });
}

/** The checked-in migrations, in the order they run. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter(f => f.endsWith('.sql')).sort();
}
