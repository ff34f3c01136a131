import { describe, expect, it } from 'vitest';
import { bool, date, datetime, enumOf, int, json, money, ref, refs, text } from './fields';
import { fieldSchema, saveSchema } from './input-schema';
import { fieldErrorsOf } from './issue-keys';
import { resource } from './resource';

const demo = resource({
  name: 'demos', api: '/demos', kind: 'master', menu: ['/demos/list'], search: ['name'], display: 'name',
  fields: {
    name: text({ required: true, max: 5 }), qty: int({ min: 0 }), price: money(), ok: bool(), day: date(),
    kind: enumOf(['a', 'b']), parent_id: ref('demos'), ids: refs('demos'), props: json(),
  },
  list: ['name'],
});

describe('field validators', () => {
  it('reads form strings as typed values', () => {
    expect(fieldSchema(demo.fields.qty).parse('12')).toBe(12);
    expect(fieldSchema(demo.fields.price).parse('3.25')).toBe(3.25);
    expect(fieldSchema(demo.fields.ok).parse('1')).toBe(true);
    expect(fieldSchema(demo.fields.ok).parse('false')).toBe(false);
    expect(fieldSchema(demo.fields.ids).parse('[1,2]')).toEqual([1, 2]);
    expect(fieldSchema(demo.fields.ids).parse('3, 4')).toEqual([3, 4]);
    expect(fieldSchema(demo.fields.props).parse('{"a":1}')).toEqual({ a: 1 });
    expect(fieldSchema(demo.fields.parent_id).parse('')).toBeNull();
  });

  it('keeps text verbatim', () => {
    const s = "<b>x</b>'; --";
    expect(fieldSchema(text({ max: 50 })).parse(s)).toBe(s);
  });

  it('refuses wrong values', () => {
    expect(fieldSchema(demo.fields.qty).safeParse('1.5').success).toBe(false);
    expect(fieldSchema(demo.fields.qty).safeParse('-1').success).toBe(false);
    expect(fieldSchema(demo.fields.day).safeParse('2026-02-30').success).toBe(false);
    expect(fieldSchema(demo.fields.kind).safeParse('c').success).toBe(false);
    expect(fieldSchema(demo.fields.props).safeParse('{bad').success).toBe(false);
    expect(fieldSchema(demo.fields.ok).safeParse('maybe').success).toBe(false);
    const at = fieldSchema(datetime());
    expect(at.safeParse('2026-02-30T10:00:00Z').success).toBe(false);
    expect(at.safeParse('yesterday').success).toBe(false);
    expect(at.parse('2026-11-22T10:00:00.123+08:00')).toBe('2026-11-22T10:00:00.123+08:00');
  });
});

describe('save schema', () => {
  const errorsOf = (mode: 'create' | 'update', raw: Record<string, unknown>) => {
    const r = saveSchema(demo, mode).safeParse(raw);
    return r.success ? {} : fieldErrorsOf(r.error, raw);
  };

  it('names the field and the reason of each error', () => {
    expect(errorsOf('create', { qty: 'x', zz: 1 })).toEqual({
      name: { key: 'required' }, qty: { key: 'not_number' }, zz: { key: 'unknown_field' },
    });
    expect(errorsOf('create', { name: 'toolong' })).toEqual({ name: { key: 'too_long', params: { max: 5 } } });
    expect(errorsOf('create', { name: 'a', kind: 'z', day: '2026-13-01' })).toEqual({
      kind: { key: 'invalid_choice' }, day: { key: 'invalid_date' },
    });
  });

  it('lets an update send only what changes, but not clear a required field', () => {
    expect(errorsOf('update', { qty: '3' })).toEqual({});
    expect(errorsOf('update', { name: '' })).toEqual({ name: { key: 'required' } });
  });
});
