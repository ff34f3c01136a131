import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableShape } from '../../src/domain/registry/sql-shape';
import { RESOURCES } from '../../src/domain/resources/all';
import { openDatabase, type Database } from './connection';
import { introspect } from './introspect';
import { migrate } from './migrate';
import { INDEX_FILE, indexSource } from './registry-index';
import { diffSchema } from './schema-diff';

/**
 * Migration drift, caught by `npm run test:unit` (issue 28): the checked-in migrations, applied to an in-memory PGlite,
 * give exactly the schema the registry declares — what `npm run migration:new` compares — and the registry's list
 * (src/domain/resources/all.ts, generated) names every declaration file. A declaration changed without its migration,
 * or added without `migration:new`, fails here, before any API test runs.
 */
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('migrations and the registry', () => {
  it('the migrations make exactly the declared schema', async () => {
    const diff = diffSchema(RESOURCES.map(tableShape), await introspect(database.db));
    // The differences name what is out of date: run `npm run migration:new <name>` and commit what it writes.
    expect(diff.differences).toEqual([]);
    expect(diff.statements).toEqual([]);
  }, 60_000);

  it('notices a declared field that no migration made (the check can fail)', async () => {
    const items = RESOURCES.find(r => r.name === 'items')!;
    const changed = { ...items, fields: { ...items.fields, colour: { type: 'text' as const, max: 20 } } };
    const diff = diffSchema([tableShape(changed)], await introspect(database.db));
    expect(diff.differences).toEqual(['column items.colour is missing']);
  }, 60_000);

  it('the registry lists every declaration file', async () => {
    expect(await readFile(INDEX_FILE, 'utf8')).toBe(await indexSource());
  });
});
