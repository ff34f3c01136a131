import { describe, expect, it } from 'vitest';
import type { FormField } from '../contract/forms';
import { checkForm, compactValues, refsOf, unitsOf } from './form-check';

/** Judging a form (decision 266): errors refuse, limits and failing answers flag and never refuse. */

const FILE = '/files/?action=download&id=abcdefghijklmnop1234';
const fields: FormField[] = [
  { key: 'head', label: '巡检', kind: 'section' },
  { key: 'machine', label: '机台', kind: 'ref', to: 'devices', required: true },
  { key: 'card', label: '流程卡', kind: 'ref', to: 'cards' },
  { key: 'moisture', label: '含水率', kind: 'number', scale: 1, min: 8, max: 14, required: true },
  { key: 'offset', label: '套印偏差', kind: 'number', scale: 2, max: 0.3 },
  { key: 'glue', label: '粘合', kind: 'yesno', fail_on: 'no' },
  { key: 'verdict', label: '结论', kind: 'choice', choices: ['合格', '让步', '不合格'], fail: ['不合格'] },
  { key: 'defects', label: '缺陷', kind: 'choice', choices: ['脏点', '色差', '爆线'], multiple: true, fail: ['爆线'] },
  { key: 'note', label: '备注', kind: 'text', max: 10 },
  { key: 'day', label: '日期', kind: 'date' },
  { key: 'photos', label: '照片', kind: 'photo', max: 2 },
  { key: 'sign', label: '签名', kind: 'signature' },
];
const ok = { machine: 3, moisture: 11.5 };

describe('checkForm', () => {
  it('passes a good form with no flags', () => {
    expect(checkForm(fields, { ...ok, card: 'C2611-0001', offset: 0.3, glue: true, verdict: '合格', defects: ['脏点'],
      note: '正常', day: '2026-11-30', photos: [FILE, 'data:image/jpeg;base64,AAAA'], sign: FILE })).toEqual({ errors: {}, flags: [] });
  });

  it('flags numbers outside their limits in whole units of the scale, never refusing them', () => {
    expect(checkForm(fields, { ...ok, moisture: 14.0 }).flags).toEqual([]);
    expect(checkForm(fields, { ...ok, moisture: 8 }).flags).toEqual([]);
    // 0.1 + 0.2 is 0.30000000000000004 as a double: 30 hundredths, not above 0.3.
    expect(checkForm(fields, { ...ok, offset: 0.1 + 0.2 }).flags).toEqual([]);
    const high = checkForm(fields, { ...ok, moisture: 14.1 });
    expect(high.errors).toEqual({});
    expect(high.flags).toEqual([{ key: 'moisture', label: '含水率', value: 14.1, min: 8, max: 14 }]);
    expect(checkForm(fields, { ...ok, moisture: 7.9 }).flags.map(f => f.key)).toEqual(['moisture']);
    expect(checkForm(fields, { ...ok, offset: 0.31 }).flags).toEqual([{ key: 'offset', label: '套印偏差', value: 0.31, max: 0.3 }]);
  });

  it('flags failing choices and yes/no answers', () => {
    const r = checkForm(fields, { ...ok, glue: false, verdict: '不合格', defects: ['脏点', '爆线'] });
    expect(r.errors).toEqual({});
    expect(r.flags.map(f => f.key)).toEqual(['glue', 'verdict', 'defects']);
    expect(checkForm(fields, { ...ok, glue: true, verdict: '让步', defects: ['色差'] }).flags).toEqual([]);
  });

  it('refuses what is wrong, by the field\'s key', () => {
    const r = checkForm(fields, {
      moisture: 11.55, offset: '0.1', glue: 'yes', verdict: '坏', defects: '脏点', note: '12345678901', day: '2026-02-30',
      photos: [FILE, FILE, FILE], sign: 'http://elsewhere.example/x.png', card: '', extra: 1, head: 'x',
    });
    expect(r.errors).toEqual({
      machine: { key: 'required' },
      moisture: { key: 'too_many_decimals', params: { max: 1 } },
      offset: { key: 'invalid_value' },
      glue: { key: 'invalid_value' },
      verdict: { key: 'invalid_value' },
      defects: { key: 'invalid_value' },
      note: { key: 'too_long', params: { max: 10 } },
      day: { key: 'invalid_value' },
      photos: { key: 'too_many', params: { max: 2 } },
      sign: { key: 'invalid_value' },
      extra: { key: 'form_unknown_field' },
      head: { key: 'invalid_value' },
    });
    expect(checkForm(fields, { ...ok, machine: 1.5 }).errors).toEqual({ machine: { key: 'invalid_value' } });
    expect(checkForm(fields, { ...ok, defects: ['脏点', '脏点'] }).errors).toEqual({ defects: { key: 'invalid_value' } });
  });

  it('lists the references and drops empty answers', () => {
    expect(refsOf(fields, { machine: 3, card: ' C1 ' })).toEqual({ cards: ['C1'], devices: [3], persons: [] });
    expect(compactValues({ a: '', b: [], c: null, d: 0, e: false })).toEqual({ d: 0, e: false });
    expect(unitsOf(14.0, 1)).toBe(140);
    expect(unitsOf(1.23, 1)).toBeNull();
  });
});
