import { describe, expect, it } from 'vitest';
import { CONFIG_TYPES, checkStored, configTypeOf, draftOf, storedOf, type ConfigType } from './config-types';

const TABLE: Record<string, ConfigType> = {
  retries: { kind: 'number', min: 0, max: 10, integer: true },
  ratio: { kind: 'number', min: 0, max: 1 },
  enabled: { kind: 'boolean' },
  theme: { kind: 'select', options: ['light', 'dark'] },
  title: { kind: 'text', max: 5 },
  tags: { kind: 'list', maxItems: 3, maxLength: 4 },
  names: { kind: 'map', maxItems: 2, maxLength: 10 },
};

describe('config types', () => {
  it('maps the known config names to their types, and leaves others untyped', () => {
    expect(configTypeOf('units')).toEqual({ kind: 'list', maxItems: 200, maxLength: 20 });
    expect(configTypeOf('buttons')?.kind).toBe('map');
    expect(configTypeOf('menu_colors')?.kind).toBe('map');
    expect(configTypeOf(' software_name ')?.kind).toBe('text');
    expect(configTypeOf('something_else')).toBeUndefined();
    expect(configTypeOf('toString')).toBeUndefined();
    expect(configTypeOf(undefined)).toBeUndefined();
    expect(configTypeOf('retries', TABLE)?.kind).toBe('number');
  });

  it('reads a stored text into the typed input, or says it does not fit', () => {
    expect(draftOf(TABLE.enabled!, 'true')).toEqual({ ok: true, draft: true });
    expect(draftOf(TABLE.enabled!, null)).toEqual({ ok: true, draft: false });
    expect(draftOf(TABLE.enabled!, 'yes')).toEqual({ ok: false });
    expect(draftOf(TABLE.tags!, '["a","b"]')).toEqual({ ok: true, draft: ['a', 'b'] });
    expect(draftOf(TABLE.tags!, '{"a":1}')).toEqual({ ok: false });
    expect(draftOf(TABLE.names!, '{"add":"新增","n":2}')).toEqual({ ok: true, draft: [{ key: 'add', value: '新增' }, { key: 'n', value: '2' }] });
    expect(draftOf(TABLE.names!, '[1]')).toEqual({ ok: false });
    expect(draftOf(TABLE.retries!, '3')).toEqual({ ok: true, draft: '3' });
  });

  it('writes the typed value as the stored text', () => {
    expect(storedOf(TABLE.retries!, ' 3 ')).toEqual({ ok: true, value: '3' });
    expect(storedOf(TABLE.retries!, '')).toEqual({ ok: true, value: null });
    expect(storedOf(TABLE.ratio!, '0.25')).toEqual({ ok: true, value: '0.25' });
    expect(storedOf(TABLE.enabled!, false)).toEqual({ ok: true, value: 'false' });
    expect(storedOf(TABLE.theme!, 'dark')).toEqual({ ok: true, value: 'dark' });
    expect(storedOf(TABLE.title!, 'abc')).toEqual({ ok: true, value: 'abc' });
    expect(storedOf(TABLE.tags!, [' a ', '', 'b'])).toEqual({ ok: true, value: '["a","b"]' });
    expect(storedOf(TABLE.names!, [{ key: 'a', value: '1' }, { key: ' ', value: ' ' }])).toEqual({ ok: true, value: '{"a":"1"}' });
  });

  it('refuses a value that does not fit, with the message key the form shows in the user\'s language', () => {
    const why = (t: ConfigType, d: Parameters<typeof storedOf>[1]) => { const r = storedOf(t, d); return r.ok ? 'ok' : r.error; };
    expect(why(TABLE.retries!, 'abc')).toEqual({ key: 'not_number' });
    expect(why(TABLE.retries!, '1e3')).toEqual({ key: 'not_number' });
    expect(why(TABLE.retries!, '1.5')).toEqual({ key: 'not_integer' });
    expect(why(TABLE.retries!, '11')).toEqual({ key: 'too_big', params: { max: 10 } });
    expect(why(TABLE.retries!, '-1')).toEqual({ key: 'too_small', params: { min: 0 } });
    expect(why(TABLE.theme!, 'blue')).toEqual({ key: 'invalid_choice' });
    expect(why(TABLE.title!, 'too long')).toEqual({ key: 'too_long', params: { max: 5 } });
    expect(why(TABLE.tags!, ['a', 'b', 'c', 'd'])).toEqual({ key: 'too_many', params: { max: 3 } });
    expect(why(TABLE.tags!, ['abcde'])).toEqual({ key: 'too_long', params: { max: 4 } });
    expect(why(TABLE.tags!, ['a', 'a'])).toEqual({ key: 'duplicate' });
    expect(why(TABLE.names!, [{ key: 'a', value: '1' }, { key: 'a', value: '2' }])).toEqual({ key: 'duplicate' });
    expect(why(TABLE.names!, [{ key: '', value: '2' }])).toEqual({ key: 'required' });
    expect(why(CONFIG_TYPES.version_class!, 'has space')).toEqual({ key: 'invalid_value' });
    expect(checkStored(TABLE.tags!, '[oops')).toEqual({ ok: false, error: { key: 'invalid_json' } });
    expect(checkStored(TABLE.enabled!, 'maybe')).toEqual({ ok: false, error: { key: 'invalid_value' } });
  });
});
