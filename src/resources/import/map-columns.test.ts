import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../domain/resources/all';
import { headerIndex, mapColumns, missingColumns, normalizeHeader } from './map-columns';

const items = resourceByName('items')!;
const customers = resourceByName('customers')!;

describe('column mapping', () => {
  it('matches labels of any language, field names and list keys, ignoring case, spaces and a required mark', () => {
    expect(mapColumns(items, ['物料编码', 'Name', ' especificación ', '*基本単位', 'category_id_name', 'PRICE', 'workflow_id'], 'zh'))
      .toEqual(['code', 'name', 'spec', 'unit', 'category_id', 'price', 'workflow_id']);
  });

  it('drops a trailing unit in brackets (full-width ones too)', () => {
    expect(mapColumns(items, ['重量(kg)', '单价（元）'], 'zh')).toEqual(['weight', 'price']);
  });

  it('feeds a field from the first matching column only, and ignores unknown headers', () => {
    expect(mapColumns(items, ['code', '物料编码', 'ID', '版本', 'colour', ''], 'en')).toEqual(['code', null, null, null, null, null]);
  });

  it('prefers the UI language when labels of two languages collide', () => {
    const idx = headerIndex(items, 'ja');
    expect(idx.get(normalizeHeader('code'))).toBe('code');
    for (const [k, v] of idx) expect(items.fields[v], k).toBeDefined();
  });

  it('names the key and required columns a file lacks', () => {
    expect(missingColumns(items, mapColumns(items, ['物料名称'], 'zh'))).toEqual({ key: ['code'], required: [] });
    expect(missingColumns(items, mapColumns(items, ['code'], 'zh'))).toEqual({ key: [], required: ['name'] });
    expect(missingColumns(customers, mapColumns(customers, ['客户名称'], 'zh')).key).toEqual([]);
  });
});
