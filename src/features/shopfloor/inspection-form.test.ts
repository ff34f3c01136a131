import { describe, expect, it } from 'vitest';
import { inspectionArgsSchema } from '../../domain/contract/facts';
import {
  argsOf, badOf, defectsTotal, EMPTY_FORM, inspectionErrors, inspectionReducer, issueErrors, passedOf, type FormText, type InspectedCard,
  type InspectionAction, type InspectionState,
} from './inspection-form';

const card: InspectedCard = { show_id: 'C100', quantity: 100, item: '纸箱', unverified: false };
const run = (...actions: InspectionAction[]): InspectionState => actions.reduce(inspectionReducer, EMPTY_FORM);
const text: FormText = (key, params) => `${key}${params ? JSON.stringify(params) : ''}`;

describe('inspection form: defaults', () => {
  it('passes the card\'s quantity when nothing is bad, and nothing for a card of unknown quantity', () => {
    expect(passedOf(EMPTY_FORM, card)).toBe(100);
    expect(badOf(EMPTY_FORM)).toBe(0);
    expect(passedOf(EMPTY_FORM, { show_id: 'X', quantity: null, unverified: true })).toBeNull();
    expect(passedOf(EMPTY_FORM, null)).toBeNull();
  });

  it('takes the bad quantity from the defects\' sum, and the passed one from the rest of the card', () => {
    const s = run({ type: 'toggleDefect', reason: '破损' }, { type: 'toggleDefect', reason: '污渍' }, { type: 'defectQuantity', reason: '污渍', value: 2.5 });
    expect(s.defects).toEqual([{ reason: '破损', quantity: 1 }, { reason: '污渍', quantity: 2.5 }]);
    expect(badOf(s)).toBe(3.5);
    expect(passedOf(s, card)).toBe(96.5);
  });

  it('keeps what the inspector typed, even emptied, over the defaults', () => {
    const s = run({ type: 'toggleDefect', reason: '破损' }, { type: 'bad', value: 4 }, { type: 'toggleDefect', reason: '污渍' });
    expect(badOf(s)).toBe(4);
    expect(passedOf(s, card)).toBe(96);
    const typed = inspectionReducer(s, { type: 'quantity', value: 90 });
    expect(passedOf(typed, card)).toBe(90);
    expect(passedOf(inspectionReducer(typed, { type: 'quantity', value: null }), card)).toBeNull();
  });

  it('rounds sums to 4 decimals and drops a defect brought to 0', () => {
    expect(defectsTotal([{ reason: 'a', quantity: 0.1 }, { reason: 'b', quantity: 0.2 }])).toBe(0.3);
    const s = run({ type: 'toggleDefect', reason: '破损' }, { type: 'defectQuantity', reason: '破损', value: 0 });
    expect(s.defects).toEqual([]);
    expect(run({ type: 'toggleDefect', reason: '破损' }, { type: 'toggleDefect', reason: '破损' }).defects).toEqual([]);
  });

  it('clears the grade on a second tap', () => {
    expect(run({ type: 'grade', value: 'A' }).grade).toBe('A');
    expect(run({ type: 'grade', value: 'A' }, { type: 'grade', value: 'A' }).grade).toBeNull();
    expect(run({ type: 'grade', value: 'A' }, { type: 'grade', value: 'B' }).grade).toBe('B');
  });
});

describe('inspection form: the fact\'s arguments', () => {
  it('carries what was entered, leaving empty values out, and passes the contract', () => {
    const s = run({ type: 'toggleDefect', reason: '破损' }, { type: 'grade', value: 'A' }, { type: 'weight', value: 12.5 }, { type: 'remark', value: '  边角压痕 ' });
    const args = argsOf(s, { card, personId: 5, worknodeId: 3 });
    expect(args).toEqual({
      card: 'C100', person_id: 5, quantity: 99, bad_quantity: 1, weight: 12.5, grade: 'A', defects: [{ reason: '破损', quantity: 1 }],
      remark: '边角压痕', worknode_id: 3,
    });
    expect(inspectionArgsSchema.safeParse(args).success).toBe(true);
    expect(inspectionErrors(args, 'zh', text)).toEqual({});
    expect(argsOf(EMPTY_FORM, { card, personId: 5, worknodeId: null })).toEqual({ card: 'C100', person_id: 5, quantity: 100, bad_quantity: 0 });
  });

  it('marks an unknown card unverified', () => {
    expect(argsOf(run({ type: 'quantity', value: 5 }), { card: { show_id: 'X9', quantity: null, unverified: true }, personId: 5, worknodeId: null }))
      .toMatchObject({ card: 'X9', quantity: 5, unverified: true });
  });
});

describe('inspection form: validation', () => {
  it('names the missing card, inspector and quantity', () => {
    const errs = inspectionErrors(argsOf(EMPTY_FORM, { card: null, personId: null, worknodeId: null }), 'zh', text);
    expect(errs).toEqual({ card: 'need_card', person_id: 'need_inspector', quantity: '必填' });
  });

  it('says what is wrong in the reader\'s language', () => {
    const args = argsOf(run({ type: 'quantity', value: 1.23456 }, { type: 'remark', value: 'x'.repeat(501) }), { card, personId: 5, worknodeId: null });
    expect(inspectionErrors(args, 'zh', text)).toEqual({ quantity: 'too_many_decimals', remark: '不能超过 500 个字符' });
    expect(inspectionErrors(args, 'en', text).remark).toBe('At most 500 characters');
  });

  it('refuses defects adding up to more than the bad quantity, or less', () => {
    const s = run({ type: 'toggleDefect', reason: '破损' }, { type: 'toggleDefect', reason: '污渍' },
      { type: 'defectQuantity', reason: '破损', value: 3 }, { type: 'bad', value: 2 });
    expect(inspectionErrors(argsOf(s, { card, personId: 5, worknodeId: null }), 'zh', text)).toEqual({ defects: 'defects_exceed{"sum":4,"bad":2}' });
    const short = run({ type: 'bad', value: 20 }, { type: 'toggleDefect', reason: '破损' }, { type: 'defectQuantity', reason: '破损', value: 5 });
    expect(inspectionErrors(argsOf(short, { card, personId: 5, worknodeId: null }), 'zh', text)).toEqual({ defects: 'defects_short{"sum":5,"bad":20}' });
  });

  it('gives one reason the whole bad quantity, whichever comes first (issue 30: bad 20 was stored as reason × 1)', () => {
    const after = run({ type: 'bad', value: 20 }, { type: 'toggleDefect', reason: '破损' });
    expect(after.defects).toEqual([{ reason: '破损', quantity: 20 }]);
    const before = run({ type: 'toggleDefect', reason: '破损' }, { type: 'bad', value: 20 });
    expect(before.defects).toEqual([{ reason: '破损', quantity: 20 }]);
    expect(inspectionErrors(argsOf(before, { card, personId: 5, worknodeId: null }), 'zh', text)).toEqual({});
    // A second reason takes what the first leaves.
    const two = run({ type: 'bad', value: 20 }, { type: 'toggleDefect', reason: '破损' }, { type: 'defectQuantity', reason: '破损', value: 12 },
      { type: 'toggleDefect', reason: '污渍' });
    expect(two.defects).toEqual([{ reason: '破损', quantity: 12 }, { reason: '污渍', quantity: 8 }]);
    expect(inspectionErrors(argsOf(two, { card, personId: 5, worknodeId: null }), 'zh', text)).toEqual({});
  });

  it('reads the outbox\'s refusal the same way', () => {
    const args = { card: 'C1', person_id: 5, quantity: -1 };
    const parsed = inspectionArgsSchema.safeParse(args);
    expect(parsed.success).toBe(false);
    expect(issueErrors(parsed.error!.issues, args, 'en', text)).toEqual({ quantity: 'Must not be less than 0' });
  });
});
