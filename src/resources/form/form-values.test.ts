import { describe, expect, it } from 'vitest';
import { items } from '../../domain/resources/items/items';
import { accounts } from '../../domain/resources/system/accounts';
import { computers } from '../../domain/resources/devices/computers';
import { workflows } from '../../domain/resources/production/workflows';
import { localDateTimeString } from '../../domain/rules/date-single';
import {
  isoToLocal, localToIso, moneyText, propsToRows, refLabelsOf, rowsToProps, toApiValue, toFormValues,
} from './form-values';

describe('form values ↔ API values', () => {
  it('money shows at least 2 decimals and keeps up to 4', () => {
    expect(moneyText(12.5)).toBe('12.50');
    expect(moneyText(12)).toBe('12.00');
    expect(moneyText(12.345)).toBe('12.345');
    expect(moneyText(12.3456)).toBe('12.3456');
    expect(moneyText(-0.1)).toBe('-0.10');
  });

  it('date-times are edited in local time and sent as ISO instants', () => {
    const local = '2024-03-01 09:15:30';
    const iso = localToIso(local);
    expect(new Date(iso).getTime()).toBe(new Date(2024, 2, 1, 9, 15, 30).getTime());
    expect(isoToLocal(iso)).toBe(local);
    expect(isoToLocal('2024-03-01T08:00:00.000Z')).toBe(localDateTimeString(new Date('2024-03-01T08:00:00.000Z')));
    // Not a date-time: passed on for the validator to refuse.
    expect(localToIso('yesterday')).toBe('yesterday');
  });

  it('create starts from the declared defaults, edit from the row', () => {
    const created = toFormValues(items, undefined, 'create');
    expect(created).toMatchObject({ code: '', weight: '', price: '', active: true, category_id: null, props: [] });
    const edited = toFormValues(items, { code: 'A1', price: 3.5, active: false, weight: 2, props: { 主数量: 5 } }, 'edit');
    expect(edited).toMatchObject({ code: 'A1', price: '3.50', active: false, weight: 2, props: [{ key: '主数量', value: '5' }] });
  });

  it('read-only fields are left out on create and kept on edit; passwords always start empty', () => {
    expect('last_seen' in toFormValues(computers, undefined, 'create')).toBe(false);
    expect(toFormValues(computers, { last_seen: '2024-03-01T08:00:00.000Z' }, 'edit').last_seen).toBeTypeOf('string');
    expect(toFormValues(accounts, { password: 'hash?' }, 'edit').password).toBe('');
  });

  it('empty inputs become nothing; typed text that is not a number is passed on as typed', () => {
    const f = items.fields;
    expect(toApiValue('code', f.code, '')).toEqual({ ok: true, value: null });
    expect(toApiValue('price', f.price, '12.50')).toEqual({ ok: true, value: '12.50' });
    expect(toApiValue('price', f.price, '')).toEqual({ ok: true, value: null });
    expect(toApiValue('weight', f.weight, 2.25)).toEqual({ ok: true, value: 2.25 });
    expect(toApiValue('weight', f.weight, 'abc')).toEqual({ ok: true, value: 'abc' });
    expect(toApiValue('category_id', f.category_id, null)).toEqual({ ok: true, value: null });
  });

  it('property columns keep their order, turn plain numbers into numbers and refuse a name twice', () => {
    const rows = propsToRows({ 主数量: 10, 主单位: '件', 卡重: 1.25 });
    expect(rows.map(r => r.key)).toEqual(['主数量', '主单位', '卡重']);
    const back = rowsToProps([...rows, { key: '', value: '' }, { key: '编号', value: '007' }]);
    expect(back).toEqual({ ok: true, value: { 主数量: 10, 主单位: '件', 卡重: 1.25, 编号: '007' } });
    expect(Object.keys(back.ok ? back.value ?? {} : {})).toEqual(['主数量', '主单位', '卡重', '编号']);
    expect(rowsToProps([{ key: 'a', value: '1' }, { key: 'a', value: '2' }])).toEqual({ ok: false, error: 'duplicate' });
    expect(rowsToProps([{ key: ' ', value: 'x' }])).toEqual({ ok: false, error: 'required' });
    expect(rowsToProps([])).toEqual({ ok: true, value: null });
  });

  it('other JSON is edited as text and must parse', () => {
    const f = { type: 'json' } as const;
    expect(toApiValue('position_map', f, '{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(toApiValue('position_map', f, '{a: 1')).toEqual({ ok: false, error: 'invalid_json' });
    expect(toApiValue('position_map', f, '  ')).toEqual({ ok: true, value: null });
  });

  it('reference names come from <ref>_name and <refs>_names', () => {
    const labels = refLabelsOf(workflows, { category_id: 4, category_id_name: '纸箱', worknode_ids: [3, 1], worknode_ids_names: ['印刷', '裁切'] });
    expect(labels).toEqual({ category_id: { 4: '纸箱' }, worknode_ids: { 3: '印刷', 1: '裁切' } });
    // A deleted node leaves the names shorter than the ids: no name is guessed.
    expect(refLabelsOf(workflows, { worknode_ids: [3, 1], worknode_ids_names: ['印刷'] }).worknode_ids).toEqual({});
  });
});
