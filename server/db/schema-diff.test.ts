import { describe, expect, it } from 'vitest';
import type { TableShape } from '../../src/domain/registry/sql-shape';
import { diffSchema } from './schema-diff';

const wanted: TableShape[] = [{
  name: 'things', columns: [
    { name: 'id', type: 'integer', notNull: true, primaryKey: true, identity: true },
    { name: 'code', type: 'text', notNull: true, unique: true },
    { name: 'parent_id', type: 'integer', notNull: false, references: 'things' },
  ],
}];

describe('schema diff', () => {
  it('creates a missing table before adding its constraints', () => {
    const d = diffSchema(wanted, new Map());
    expect(d.differences).toEqual(['table things is missing']);
    const sqlText = d.statements.join('\n');
    expect(sqlText.indexOf('create table "things"')).toBeLessThan(sqlText.indexOf('foreign key'));
    expect(sqlText).toContain('add constraint "things_code_key" unique ("code")');
  });

  it('indexes a nullable reference only where it has a value, a required one whole', () => {
    const required: TableShape = { ...wanted[0]!, columns: [...wanted[0]!.columns,
      { name: 'owner_id', type: 'integer', notNull: true, references: 'things' }] };
    const sqlText = diffSchema([required], new Map()).statements.join('\n');
    expect(sqlText).toContain('create index "things_parent_id_idx" on "things" ("parent_id") where "parent_id" is not null;');
    expect(sqlText).toContain('create index "things_owner_id_idx" on "things" ("owner_id");');
  });

  it('is empty when the database matches', () => {
    const actual = new Map([['things', structuredClone(wanted[0]!)]]);
    expect(diffSchema(wanted, actual)).toEqual({ statements: [], differences: [] });
  });

  it('reports type, nullability, uniqueness and reference changes, and columns no longer declared', () => {
    const actual = new Map<string, TableShape>([['things', { name: 'things', columns: [
      { name: 'id', type: 'integer', notNull: true, primaryKey: true },
      { name: 'code', type: 'integer', notNull: false },
      { name: 'parent_id', type: 'integer', notNull: false },
      { name: 'old', type: 'text', notNull: false },
    ] }]]);
    expect(diffSchema(wanted, actual).differences).toEqual([
      'column things.code is integer, declared text',
      'column things.code is not required in the database',
      'column things.code unique: database false, declared true',
      'column things.parent_id references nothing, declared things',
      'column things.old is not declared',
    ]);
  });
});
