import { describe, expect, it } from 'vitest';
import { items } from '../../domain/resources/items/items';
import { accounts } from '../../domain/resources/system/accounts';
import { workflows } from '../../domain/resources/production/workflows';
import { journals } from '../../domain/resources/system/journals';
import { toFormValues } from './form-values';
import { catalogLang, errorTexts, prepareSave } from './prepare-save';

describe('prepareSave (client validation with the shared schema)', () => {
  it('marks empty required fields with the server’s own message keys, in the UI language', () => {
    const start = toFormValues(items, undefined, 'create');
    const plan = prepareSave(items, start, start, 'create');
    expect(plan.values).toEqual({});
    expect(plan.errors).toMatchObject({ code: { key: 'required' }, name: { key: 'required' } });
    expect(errorTexts(plan.errors, 'zh').code).toBe('必填');
    expect(errorTexts(plan.errors, 'en').code).toBe('Required');
    expect(errorTexts(plan.errors, 'ja').code).toBe(errorTexts(plan.errors, 'ja').name);
  });

  it('refuses too long text, bad numbers and more decimals than a number keeps', () => {
    const start = toFormValues(items, undefined, 'create');
    const plan = prepareSave(items, { ...start, code: 'x'.repeat(65), name: 'n', weight: 'abc', price: '1.5' }, start, 'create');
    expect(plan.errors.code).toEqual({ key: 'too_long', params: { max: 64 } });
    expect(plan.errors.weight).toEqual({ key: 'not_number' });
    expect(plan.errors.price).toBeUndefined();
    expect(errorTexts(plan.errors, 'zh').code).toBe('不能超过 64 个字符');
  });

  it('create sends every editable field, normalised (money text → number, defaults included)', () => {
    const start = toFormValues(items, undefined, 'create');
    const plan = prepareSave(items, { ...start, code: 'A1', name: '纸箱', price: '12.345', props: [{ key: '主数量', value: '3' }] }, start, 'create');
    expect(plan.errors).toEqual({});
    expect(plan.values).toMatchObject({ code: 'A1', name: '纸箱', price: 12.345, active: true, props: { 主数量: 3 }, spec: null, category_id: null });
  });

  it('edit sends only what changed', () => {
    const row = { id: 1, version: 2, code: 'A1', name: '纸箱', price: 2, active: true, props: { 主数量: 1 } };
    const start = toFormValues(items, row, 'edit');
    expect(prepareSave(items, { ...start, name: '纸盒' }, start, 'edit')).toEqual({ values: { name: '纸盒' }, errors: {} });
    expect(prepareSave(items, start, start, 'edit')).toEqual({ values: {}, errors: {} });
    // "2.00" typed over 2 is the same amount.
    expect(prepareSave(items, { ...start, price: '2.00' }, start, 'edit').values).toEqual({});
  });

  it('a password is required on create and left unchanged on edit when empty', () => {
    const start = toFormValues(accounts, undefined, 'create');
    const filled = { ...start, username: 'li', name: '李' };
    expect(prepareSave(accounts, filled, start, 'create').errors).toEqual({ password: { key: 'required' } });
    expect(prepareSave(accounts, { ...filled, password: '123' }, start, 'create').errors).toEqual({ password: { key: 'too_short', params: { min: 6 } } });
    expect(prepareSave(accounts, { ...filled, password: 'secret1' }, start, 'create').values.password).toBe('secret1');

    const row = { id: 3, version: 1, username: 'li', name: '李', active: true, role_ids: [] };
    const edit = toFormValues(accounts, row, 'edit');
    expect(prepareSave(accounts, edit, edit, 'edit')).toEqual({ values: {}, errors: {} });
    expect(prepareSave(accounts, { ...edit, password: 'newpass' }, edit, 'edit').values).toEqual({ password: 'newpass' });
  });

  it('required lists must not be empty; order changes are changes', () => {
    const row = { id: 1, version: 1, code: 'W', name: '流程', worknode_ids: [1, 2] };
    const start = toFormValues(workflows, row, 'edit');
    expect(prepareSave(workflows, { ...start, worknode_ids: [] }, start, 'edit').errors.worknode_ids).toEqual({ key: 'required' });
    expect(prepareSave(workflows, { ...start, worknode_ids: [2, 1] }, start, 'edit').values).toEqual({ worknode_ids: [2, 1] });
  });

  it('dates must be real dates; a duplicate property name is refused', () => {
    const start = toFormValues(journals, undefined, 'create');
    const plan = prepareSave(journals, { ...start, day: '2024-02-30', title: 't' }, start, 'create');
    expect(plan.errors.day).toEqual({ key: 'invalid_date' });
    const i = toFormValues(items, undefined, 'create');
    expect(prepareSave(items, { ...i, code: 'a', name: 'b', props: [{ key: 'k', value: '1' }, { key: 'k', value: '2' }] }, i, 'create').errors.props)
      .toEqual({ key: 'duplicate' });
  });

  it('reads the catalogue language from i18next', () => {
    expect(catalogLang('en')).toBe('en');
    expect(catalogLang('ja-JP')).toBe('ja');
    expect(catalogLang('cimode')).toBe('zh');
    expect(catalogLang(undefined)).toBe('zh');
  });
});
