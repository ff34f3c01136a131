import { describe, expect, it } from 'vitest';
import { bool, date, datetime, enumOf, int, json, money, number, ref, refs, text } from './fields';
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

  it('keeps decimals within what numeric(18, scale) stores, naming the largest value', () => {
    const price = fieldSchema(demo.fields.price);
    expect(price.safeParse(99999999999999.98).success).toBe(true);
    expect(price.safeParse(-99999999999999.98).success).toBe(true);
    for (const bad of ['100000000000000', '99999999999999.99999', 1e14, -1e14]) {
      const r = saveSchema(demo, 'update').safeParse({ price: bad });
      expect(r.success).toBe(false);
      if (!r.success) expect(fieldErrorsOf(r.error, { price: bad }).price?.key).toMatch(/^too_(big|small)$/);
    }
    const r = saveSchema(demo, 'update').safeParse({ price: 1e14 });
    if (!r.success) expect(fieldErrorsOf(r.error, { price: 1e14 }).price).toEqual({ key: 'too_big', params: { max: '99999999999999.9999' } });
    const qty3 = fieldSchema(number({ scale: 3 }));
    expect(qty3.safeParse(999999999999999.9).success).toBe(true);
    expect(qty3.safeParse(1e15).success).toBe(false);
    // Scale 2 could store 16 integer digits, but a double is exact only to 2^53: the limit stays at 15 digits.
    const r2 = saveSchema(resource({ ...demo, fields: { q: number({ scale: 2 }) }, list: ['q'], search: [], display: 'q' }), 'update')
      .safeParse({ q: 9e15 + 2 });
    expect(r2.success).toBe(false);
    if (!r2.success) expect(fieldErrorsOf(r2.error, { q: 1 }).q).toEqual({ key: 'too_big', params: { max: '999999999999999.99' } });
    expect(fieldSchema(number({ scale: 2, min: 0 })).safeParse(-1e16).success).toBe(false);
    expect(fieldSchema(number({ scale: 6 })).safeParse(1e12).success).toBe(false);
    expect(fieldSchema(number({ scale: 2, min: 0 })).safeParse(-0.01).success).toBe(false);
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
