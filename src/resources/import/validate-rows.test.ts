import { describe, expect, it } from 'vitest';
import { en, ja } from '../../domain/messages/catalog';
import { resourceByName } from '../../domain/resources/all';
import { prepareRows, prepareRowsInChunks } from './validate-rows';

const items = resourceByName('items')!;
const mapping = ['code', 'name', 'price', 'category_id', null, 'active'];

describe('import preview checks', () => {
  it('checks every row with the registry rules, in the UI language, by sheet line', () => {
    const rows = [
      ['A-1', 'Box', '1.5', '纸箱', 'ignored', '是'],
      ['A-2', '', 'abc', '', '', 'maybe'],
      ['', 'No code', '1', '', '', ''],
      [],
      ['A-1', 'Again', '2', '', '', ''],
    ];
    const p = prepareRows(items, mapping, rows, 'en');
    expect(p.map(r => r.line)).toEqual([2, 3, 4, 6]);
    expect(p[0]).toEqual({ line: 2, keyText: 'A-1', errors: {},
      cells: { code: 'A-1', name: 'Box', price: '1.5', category_id: '纸箱', active: '是' } });
    expect(p[1]!.errors).toEqual({ name: en.required, price: en.not_number, active: en.invalid_value });
    expect(p[2]!.errors).toEqual({ code: en.required });
    expect(p[3]!.errors).toEqual({ code: en.duplicate_in_file.replace('{row}', '2') });
    // A price declares its minimum (issue 29): a negative one is refused before anything is sent.
    expect(prepareRows(items, mapping, [['B', 'x', '-5']], 'ja')[0]!.errors).toEqual({ price: ja.too_small.replace('{min}', '0') });
    expect(prepareRows(items, mapping, [['B', 'x', '5']], 'ja')[0]!.errors).toEqual({});
    expect(prepareRows(items, mapping, [['B', 'x', '1e400']], 'ja')[0]!.errors).toEqual({ price: ja.not_number });
  });

  it('leaves references to the server but still counts a required one', () => {
    const workflows = resourceByName('workflows')!;
    const p = prepareRows(workflows, ['code', 'name', 'worknode_ids'], [['W', 'n', ''], ['W2', 'n', '开料,印刷']], 'en');
    expect(p[0]!.errors).toEqual({ worknode_ids: en.required });
    expect(p[1]!.errors).toEqual({});
  });

  it('gives the same result a chunk at a time, and stops when cancelled', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [`C-${i % 2000}`, `n${i}`, String(i), '', '', '']);
    const all = prepareRows(items, mapping, rows, 'zh');
    expect(await prepareRowsInChunks(items, mapping, rows, 'zh', { chunk: 300 })).toEqual(all);
    expect(all.filter(r => Object.keys(r.errors).length).length).toBe(500);
    const ctl = new AbortController();
    ctl.abort();
    await expect(prepareRowsInChunks(items, mapping, rows, 'zh', { signal: ctl.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
