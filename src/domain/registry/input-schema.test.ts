import { describe, expect, it } from 'vitest';
import { bool, date, datetime, enumOf, int, json, money, number, ref, refs, text } from './fields';
import { fieldSchema, saveSchema } from './input-schema';
import { fieldErrorsOf } from './issue-keys';
import { resource } from './resource';
import { namesAsLabels } from './test-labels';

const demoFields = {
  name: text({ required: true, max: 5 }), qty: int({ min: 0 }), price: money(), ok: bool(), day: date(),
  kind: enumOf(['a', 'b']), parent_id: ref('demos'), ids: refs('demos'), props: json(),
};
const demo = resource({
  name: 'demos', api: '/demos', kind: 'master', menu: ['/demos/list'], search: ['name'], display: 'name',
  labels: namesAsLabels('demos', demoFields), fields: demoFields, list: ['name'],
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

  it('keeps decimals to 15 significant digits at their scale, naming the largest value', () => {
    const price = fieldSchema(demo.fields.price);
    expect(price.parse(99999999999.9999)).toBe(99999999999.9999);
    expect(price.parse('-99999999999.9999')).toBe(-99999999999.9999);
    // 18 digits fit the column, not a double: once read back as …234.568.
    for (const bad of ['100000000000', '99999999999.99999', 1e11, -1e11]) {
      const r = saveSchema(demo, 'update').safeParse({ price: bad });
      expect(r.success, String(bad)).toBe(false);
      if (!r.success) expect(fieldErrorsOf(r.error, { price: bad }).price?.key).toMatch(/^too_(big|small)$/);
    }
    const r = saveSchema(demo, 'update').safeParse({ price: '123456789012345' });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrorsOf(r.error, { price: 1 }).price).toEqual({ key: 'too_big', params: { max: '99999999999.9999' } });
    const qty3 = fieldSchema(number({ scale: 3 }));
    expect(qty3.parse(999999999999.999)).toBe(999999999999.999);
    expect(qty3.safeParse(1e12).success).toBe(false);
    const q2 = { q: number({ scale: 2 }) };
    const r2 = saveSchema(resource({ ...demo, fields: q2, labels: namesAsLabels('demos', q2), list: ['q'], search: [], display: 'q' }), 'update')
      .safeParse({ q: 1e13 });
    expect(r2.success).toBe(false);
    if (!r2.success) expect(fieldErrorsOf(r2.error, { q: 1 }).q).toEqual({ key: 'too_big', params: { max: '9999999999999.99' } });
    expect(fieldSchema(number({ scale: 2, min: 0 })).safeParse(-1e16).success).toBe(false);
    expect(fieldSchema(number({ scale: 6 })).safeParse(1e9).success).toBe(false);
    expect(fieldSchema(number({ scale: 2, min: 0 })).safeParse(-0.01).success).toBe(false);
  });

  it('rounds a measure to its scale on its decimal value, as the column does', () => {
    const q4 = fieldSchema(number({ scale: 4 }));
    expect(q4.parse('1.00005')).toBe(1.0001);
    expect(q4.parse(1.23454)).toBe(1.2345);
    expect(q4.parse('-2.00005')).toBe(-2.0001);
    const price = fieldSchema(demo.fields.price);
    expect(fieldSchema(number({ scale: 2 })).parse('1.005')).toBe(1.01);
    // Every value of 15 significant digits survives a print and a parse unchanged.
    for (const v of ['12345678901.2345', '0.0001', '98765432109.8765']) expect(String(price.parse(v))).toBe(v);
  });

  it('refuses money with more than four decimals instead of rounding it, past the noise of a double', () => {
    for (const bad of ['1.00005', 1.23454, '-2.00005', '12345678.12345', 0.00001]) {
      const r = saveSchema(demo, 'update').safeParse({ price: bad });
      expect(r.success, String(bad)).toBe(false);
      if (!r.success) expect(fieldErrorsOf(r.error, { price: bad }).price).toEqual({ key: 'too_many_decimals', params: { max: 4 } });
    }
    const price = fieldSchema(demo.fields.price);
    // A sum a client worked out in binary floating point is its decimal value, not five-plus decimals.
    expect(price.parse(0.1 + 0.2)).toBe(0.3);
    expect(price.parse(1.1 * 3)).toBe(3.3);
    expect(price.parse('12.3400')).toBe(12.34);
    expect(price.parse(-0.0001)).toBe(-0.0001);
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

  it('refuses zone offsets beyond ±14:00 and years before 1000, naming the reason', () => {
    const f = { at: datetime(), day: date() };
    const s = resource({ ...demo, fields: f, labels: namesAsLabels('demos', f), list: ['at'], search: [], display: 'at' });
    const errs = (raw: Record<string, unknown>) => {
      const r = saveSchema(s, 'update').safeParse(raw);
      return r.success ? {} : fieldErrorsOf(r.error, raw);
    };
    for (const at of ['2026-01-02T03:04:05+25:00', '2026-01-02T03:04:05+99:99', '2026-01-02T03:04:05-2400', '2026-01-02T03:04:05+14:01',
      '2026-01-02T03:04:05+05:60']) {
      expect(errs({ at }), at).toEqual({ at: { key: 'invalid_offset' } });
    }
    for (const at of ['2026-01-02T03:04:05+14:00', '2026-01-02T03:04:05-1400', '2026-01-02T03:04:05+0545']) expect(errs({ at }), at).toEqual({});
    expect(errs({ at: '0099-01-02T03:04:05Z', day: '0001-01-01' })).toEqual({
      at: { key: 'year_range', params: { min: 1000 } }, day: { key: 'year_range', params: { min: 1000 } },
    });
    expect(errs({ day: '1000-01-01' })).toEqual({});
  });

  it('refuses a date-time without its offset (issue 29, finding 13): never read as UTC nor as the server\'s zone', () => {
    const f = { at: datetime() };
    const s = resource({ ...demo, fields: f, labels: namesAsLabels('demos', f), list: ['at'], search: [], display: 'at' });
    const errs = (raw: Record<string, unknown>) => {
      const r = saveSchema(s, 'update').safeParse(raw);
      return r.success ? {} : fieldErrorsOf(r.error, raw);
    };
    for (const at of ['2026-01-02T03:04:05', '2026-01-02 03:04', '2026-01-02T03:04:05.123']) {
      expect(errs({ at }), at).toEqual({ at: { key: 'offset_required' } });
    }
    for (const at of ['2026-01-02T03:04:05Z', '2026-01-02 03:04:05+08:00', '2026-01-02T03:04-0500']) expect(errs({ at }), at).toEqual({});
  });

  it('counts white space alone as empty text', () => {
    expect(fieldSchema(text({ max: 50 })).parse('  \t ')).toBe('');
    const r = saveSchema(demo, 'create').safeParse({ name: '   ' });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrorsOf(r.error, { name: '   ' }).name).toEqual({ key: 'required' });
  });

  it('refuses JSON nested deeper than the limit without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    const r = saveSchema(demo, 'update').safeParse({ props: deep });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrorsOf(r.error, { props: deep }).props).toEqual({ key: 'too_deep', params: { max: 32 } });
    const text = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(saveSchema(demo, 'update').safeParse({ props: text }).success).toBe(false);
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

  it('fills a required field left out with its declared default on create', () => {
    const f = { name: text({ required: true, max: 5 }), kind: enumOf(['a', 'b'], { required: true, default: 'b' }) };
    const withDefault = resource({ ...demo, fields: f, labels: namesAsLabels('demos', f), list: ['name'] });
    expect(saveSchema(withDefault, 'create').parse({ name: 'x' })).toEqual({ name: 'x', kind: 'b' });
    // Sent empty is not left out: a required field cannot be cleared.
    expect(saveSchema(withDefault, 'create').safeParse({ name: 'x', kind: '' }).success).toBe(false);
  });

  it('lets an update send only what changes, but not clear a required field', () => {
    expect(errorsOf('update', { qty: '3' })).toEqual({});
    expect(errorsOf('update', { name: '' })).toEqual({ name: { key: 'required' } });
  });
});
