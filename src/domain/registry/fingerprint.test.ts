import { describe, expect, it } from 'vitest';
import { resourceByName } from '../resources/all';
import { rowFingerprint, withFingerprints } from './import-cells';

const fees = resourceByName('fees')!;
const items = resourceByName('items')!;

describe('the fingerprint key of an import (fees)', () => {
  const taxi = { date: '2021-07-03', category_id: '交通费', amount: '8', remark: '打车' };

  it('is the same for the same cells, whatever their order, spaces or empty cells', () => {
    const a = rowFingerprint(fees, taxi, new Map());
    const b = rowFingerprint(fees, { remark: ' 打车 ', person_id: '', amount: '8', category_id: '交通费', date: '2021-07-03' }, new Map());
    expect(a).toMatch(/^fp-[0-9a-z]{22}$/);
    expect(b).toBe(a);
    expect(rowFingerprint(fees, { ...taxi, amount: '8.01' }, new Map())).not.toBe(a);
  });

  it('tells equal rows of one file apart by their occurrence, so a file imported again matches them one to one', () => {
    const once = withFingerprints(fees, [taxi, taxi, { ...taxi, remark: '地铁' }]).map(r => r.import_key);
    expect(new Set(once).size).toBe(3);
    expect(withFingerprints(fees, [taxi, taxi, { ...taxi, remark: '地铁' }]).map(r => r.import_key)).toEqual(once);
    // The same rows within another file keep their keys as long as they come in the same occurrence.
    expect(withFingerprints(fees, [taxi]).map(r => r.import_key)).toEqual([once[0]]);
  });

  it('keeps a key the sheet gives, and leaves resources with a natural key of their own alone', () => {
    expect(rowFingerprint(fees, { ...taxi, import_key: 'K-1' }, new Map())).toBeUndefined();
    expect(rowFingerprint(items, { code: 'A', name: 'x' }, new Map())).toBeUndefined();
    const rows = [{ code: 'A' }];
    expect(withFingerprints(items, rows)).toEqual(rows);
  });
});
