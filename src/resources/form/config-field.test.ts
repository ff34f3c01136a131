import { describe, expect, it } from 'vitest';
import { configs } from '../../domain/resources/system/configs';
import { configApiValue, configText, hasConfigValue } from './config-field';
import { prepareSave } from './prepare-save';

/** The configs screen's typed value (issue 15 §8): what a save sends, and what it refuses. */
describe('a config value on the generic form', () => {
  it('is the one hooked field', () => {
    expect(hasConfigValue(configs, 'values')).toBe(true);
    expect(hasConfigValue(configs, 'remark')).toBe(false);
  });

  it('saves a typed input as the stored text, and an unknown config as plain text', () => {
    expect(configApiValue({ configKind: 'list', draft: ['个', '箱'] }, { name: 'units' })).toEqual({ ok: true, value: '["个","箱"]' });
    expect(configApiValue({ configKind: 'map', draft: [{ key: 'add', value: '新增' }] }, { name: 'buttons' }))
      .toEqual({ ok: true, value: '{"add":"新增"}' });
    expect(configApiValue('{"not": "checked"', { name: 'my_own' })).toEqual({ ok: true, value: '{"not": "checked"' });
    expect(configApiValue('', { name: 'my_own' })).toEqual({ ok: true, value: null });
    // An input made for another kind (the name was changed) is read as its text.
    expect(configApiValue({ configKind: 'list', draft: ['a'] }, { name: 'site_name' })).toEqual({ ok: true, value: '["a"]' });
    expect(configText({ configKind: 'map', draft: [{ key: 'a', value: 'b' }] })).toBe('{"a":"b"}');
  });

  it('refuses on save, with a localized message, a value that does not fit its type', () => {
    const start = { name: 'units', values: '["个"]', safe: true, remark: '' };
    const bad = prepareSave(configs, { ...start, values: { configKind: 'list', draft: ['个', '个'] } }, start, 'edit');
    expect(bad.errors).toEqual({ values: { key: 'duplicate' } });
    const broken = prepareSave(configs, { ...start, values: '["个"' }, start, 'edit');
    expect(broken.errors).toEqual({ values: { key: 'invalid_json' } });
    const ok = prepareSave(configs, { ...start, values: { configKind: 'list', draft: ['个', '箱'] } }, start, 'edit');
    expect(ok).toEqual({ values: { values: '["个","箱"]' }, errors: {} });
    const untouched = prepareSave(configs, { ...start, remark: 'x' }, start, 'edit');
    expect(untouched).toEqual({ values: { remark: 'x' }, errors: {} });
  });
});
