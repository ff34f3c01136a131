import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../domain/resources/all';
import { missingColumns } from './map-columns';
import { prepareRows } from './validate-rows';

const fees = resourceByName('fees')!;

describe('the preview of a resource keyed by fingerprint (fees)', () => {
  it('needs no key column, keys each row file-wide, and keys two equal rows apart', () => {
    const mapping = ['date', 'category_id', 'amount', 'remark'];
    expect(missingColumns(fees, mapping).key).toEqual([]);
    const sheet = [['2021-07-03', '交通费', '8', '打车'], ['2021-07-03', '交通费', '8', '打车'], ['2021-07-04', '电费', '1.00001', '电']];
    const rows = prepareRows(fees, mapping, sheet, 'en');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.cells.import_key).toMatch(/^fp-/);
    expect(rows[0]!.keyText).toBe('');
    expect(rows[1]!.cells.import_key).not.toBe(rows[0]!.cells.import_key);
    expect(rows[0]!.errors).toEqual({});
    expect(rows[1]!.errors).toEqual({});
    expect(Object.keys(rows[2]!.errors)).toEqual(['amount']);
    // The same file again: the same keys, so the server finds the rows it imported the first time.
    expect(prepareRows(fees, mapping, sheet, 'en').map(r => r.cells.import_key)).toEqual(rows.map(r => r.cells.import_key));
  });
});
