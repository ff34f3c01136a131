import { describe, expect, it } from 'vitest';
import { saveSchema } from '../registry/input-schema';
import { fieldErrorsOf } from '../registry/issue-keys';
import { formtemplates } from '../resources/forms/formtemplates';
import { formFieldsProblem, MAX_FORM_FIELDS } from './forms';

/** A template's field list (docs/sales-office.md "Forms"): what is refused, and where the refusal points. */

const num = { key: 'moisture', label: '含水率', kind: 'number', scale: 1, unit: '%', min: 8, max: 14 };
const choice = { key: 'verdict', label: '结论', kind: 'choice', choices: ['合格', '不合格'], fail: ['不合格'] };

describe('formFieldsProblem', () => {
  it('accepts a list of every kind', () => {
    expect(formFieldsProblem([
      { key: 'head', label: '基本信息', kind: 'section' },
      { key: 'note', label: '备注', kind: 'text', max: 200, multiline: true },
      num, choice,
      { key: 'glue', label: '粘合', kind: 'yesno', fail_on: 'no', required: true },
      { key: 'day', label: '日期', kind: 'date' },
      { key: 'photos', label: '照片', kind: 'photo', max: 3 },
      { key: 'sign', label: '签名', kind: 'signature' },
      { key: 'machine', label: '机台', kind: 'ref', to: 'devices' },
    ])).toBeNull();
    expect(formFieldsProblem([])).toBeNull();
  });

  it('names the position and key of what is wrong', () => {
    expect(formFieldsProblem([num, { ...num, label: 'again' }])).toEqual({ message: 'formfield_duplicate_key', params: { at: 2, key: 'moisture' } });
    expect(formFieldsProblem([{ ...num, min: 15 }])).toEqual({ message: 'formfield_min_max', params: { at: 1, key: 'moisture' } });
    expect(formFieldsProblem([{ ...choice, choices: [], fail: [] }])).toEqual({ message: 'formfield_no_choices', params: { at: 1, key: 'verdict' } });
    expect(formFieldsProblem([{ ...choice, fail: ['坏'] }]))
      .toEqual({ message: 'formfield_fail_unknown', params: { at: 1, key: 'verdict', choice: '坏' } });
    expect(formFieldsProblem([num, { key: 'x', label: 'X', kind: 'slider' }])).toEqual({ message: 'formfield_invalid', params: { at: 2, key: 'x' } });
  });

  it('refuses bad shapes: keys, missing settings, limits finer than the scale, unknown settings, too many', () => {
    for (const bad of [
      { ...num, key: 'Moisture' }, { ...num, key: 'a'.repeat(41) }, { ...num, label: ' ' }, { ...num, scale: 5 },
      { ...num, min: 8.25 }, { key: 'p', label: 'P', kind: 'photo' }, { key: 'p', label: 'P', kind: 'photo', max: 7 },
      { key: 'r', label: 'R', kind: 'ref', to: 'orders' }, { ...num, colour: 'red' }, { ...choice, choices: ['a', 'a'], fail: [] },
      'moisture', null,
    ]) expect(formFieldsProblem([bad])?.message).toBe('formfield_invalid');
    expect(formFieldsProblem({})?.message).toBe('formfields_list');
    const many = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => ({ key: `f${i}`, label: `F${i}`, kind: 'date' }));
    expect(formFieldsProblem(many)?.message).toBe('formfields_list');
  });

  it('is the registry validator of a template\'s fields: a 422 key on `fields` with its params', () => {
    const input = { code: 'T1', name: 'T', category_id: 1, fields: [num, num] };
    const r = saveSchema(formtemplates, 'create').safeParse(input);
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrorsOf(r.error, input).fields).toEqual({ key: 'formfield_duplicate_key', params: { at: 2, key: 'moisture' } });
    expect(saveSchema(formtemplates, 'create').safeParse({ ...input, fields: JSON.stringify([num]) }).success).toBe(true);
  });
});
