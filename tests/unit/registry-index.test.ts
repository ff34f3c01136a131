import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { findDeclarations, INDEX_FILE, indexSource } from '../../server/db/registry-index';
import { RESOURCES } from '../../src/domain/resources/all';

describe('the registry list (src/domain/resources/all.ts)', () => {
  it('lists every declaration file, as `npm run migration:new` writes it (run it when this fails)', async () => {
    expect(await readFile(INDEX_FILE, 'utf8')).toBe(await indexSource());
  });

  it('holds one resource per declaration file', async () => {
    const found = await findDeclarations();
    expect(found.length).toBe(RESOURCES.length);
    expect(new Set(found.map(d => d.name)).size).toBe(found.length);
  });
});
