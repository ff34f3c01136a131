import { describe, expect, it } from 'vitest';
import { saveWithLinesParamsSchema, type DetailRow, type OrderRow } from '../../domain/contract/orders';
import { translate } from '../../domain/messages/catalog';
import { pickItem, setProp, setQuantity, type ItemInfo } from './line-model';
import { draftFrom, type OrderDraft } from './order-draft';
import { isDirty, planSave, splitServerErrors, type SaveInput } from './save-plan';

const box: ItemInfo = { id: 5, code: 'CT-01', name: '五层纸箱', unit: '个', unit2: '箱', unit3: null, rate2: 50, rate3: null, workflow_id: 3, price: 2.5 };

const input = (d: OrderDraft, over: Partial<SaveInput> = {}): SaveInput => ({
  mode: 'create', header: d.header, headerStart: d.headerStart, lines: d.lines, baseline: d.baseline, removed: d.removed, ...over,
});

const orderRow = {
  id: 12, version: 4, show_id: 'SO20240501-001', customer_id: 2, customer_id_name: '华美包装', saler_id: 7, saler_id_name: '李四',
  contract_no: null, order_date: '2024-05-01', due_date: null, status: 'draft', quantity: 100, amount: 250, check_code: 'ABC123',
  remark: null, canceled: false,
} as unknown as OrderRow;
const lineRow = (id: number, lineNo: number, over: Record<string, unknown> = {}) => ({
  id, version: 1, order_id: 12, line_no: lineNo, item_id: 5, item_id_name: '五层纸箱', unit: '个', quantity: 100, unit2: '箱',
  quantity2: 2, unit3: null, quantity3: null, workflow_id: 3, workflow_id_name: '纸箱流程', price: 2.5, amount: 250, due_date: null,
  props: null, card_quantity: 0, finished_quantity: 0, remark: null, canceled: false, ...over,
}) as unknown as DetailRow;

describe('saving a new order', () => {
  it('sends every header field and the written lines; the empty line is left out', () => {
    const d = draftFrom(undefined, [], '2024-06-01');
    const header = { ...d.header, customer_id: 2, saler_id: 7, contract_no: 'HT-9' };
    const first = setQuantity(pickItem(d.lines[0]!, box), '120', box);
    const empty = { ...d.lines[0]!, key: 'empty' };
    const plan = planSave(input(d, { header, lines: [first, empty] }));
    expect(plan).toEqual({
      ok: true,
      sentKeys: [first.key],
      params: {
        item: { show_id: null, customer_id: 2, saler_id: 7, contract_no: 'HT-9', contract_id: null, order_date: '2024-06-01', due_date: null, remark: null },
        lines: [{
          item_id: 5, unit: '个', quantity: 120, unit2: '箱', quantity2: 2.4, unit3: null, quantity3: null, workflow_id: 3,
          price: 2.5, due_date: null, props: null, remark: null,
        }],
      },
    });
    // What the server's own schema accepts, as the form body carries it.
    if (!plan.ok) throw new Error('no plan');
    const wire = Object.fromEntries(Object.entries(plan.params).map(([k, v]) => [k, JSON.stringify(v)]));
    expect(saveWithLinesParamsSchema.safeParse(wire).success).toBe(true);
  });

  it('refuses with the shared validator’s reasons, by header field and by line key', () => {
    const d = draftFrom(undefined, [], '2024-06-01');
    const bad = setProp({ ...d.lines[0]!, quantity: '12x', price: '1' }, 'metres', 'abc');
    const plan = planSave(input(d, { lines: [bad] }));
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.header.customer_id?.key).toBe('required');
    expect(plan.lines[bad.key]).toMatchObject({ item_id: { key: 'required' }, quantity: { key: 'not_number' }, metres: { key: 'not_number' } });
  });
});

describe('saving a saved order', () => {
  const d = draftFrom(orderRow, [lineRow(31, 1), lineRow(32, 2, { card_quantity: 60 }), lineRow(33, 3)], '2024-06-01');

  it('starts clean, in line order', () => {
    expect(d.lines.map(l => l.id)).toEqual([31, 32, 33]);
    expect(isDirty(d)).toBe(false);
  });

  it('sends the changed header fields with id and version, changed and new lines, and the removed ones', () => {
    const [a, b, c] = d.lines as [typeof d.lines[0], typeof d.lines[0], typeof d.lines[0]];
    const changed = setQuantity(b, '80', box);
    const added = { ...c, key: 'new', id: null, version: null, line_no: null };
    const next = { ...d, header: { ...d.header, remark: '加急' }, lines: [a, changed, added], removed: [{ id: 33, version: 1 }] };
    expect(isDirty(next)).toBe(true);
    const plan = planSave(input(next, { mode: 'edit', target: { id: 12, version: 4 } }));
    if (!plan.ok) throw new Error(JSON.stringify(plan));
    expect(plan.params.item).toEqual({ remark: '加急', id: 12, version: 4 });
    expect(plan.params.lines).toEqual([
      expect.objectContaining({ id: 32, version: 1, quantity: 80, quantity2: 1.6 }),
      expect.not.objectContaining({ id: expect.anything() }),
    ]);
    expect(plan.params.removed).toEqual([{ id: 33, version: 1 }]);
    expect(plan.sentKeys).toEqual([changed.key, 'new']);
  });

  it('a line may not hold less than its cards', () => {
    const below = setQuantity(d.lines[1]!, '50', box);
    const plan = planSave(input({ ...d, lines: [d.lines[0]!, below, d.lines[2]!] }, { mode: 'edit', target: { id: 12, version: 4 } }));
    expect(!plan.ok && plan.lines[below.key]?.quantity).toEqual({ key: 'line_below_cards', params: { min: 60 } });
    expect(translate('zh', 'line_below_cards', { min: 60 })).toContain('60');
  });
});

describe('the server’s field errors', () => {
  it('land on the header field, on the cell of the line sent at that index, else stay visible as they came', () => {
    const e = splitServerErrors({
      customer_id: '客户不存在', 'lines.1.quantity': '不能少于已开卡数量 60', 'lines.0.props.metres': '请输入数字',
      'lines.7.item_id': '?', 'removed.0': '已开始加工',
    }, ['a', 'b']);
    expect(e.header).toEqual({ customer_id: '客户不存在' });
    expect(e.lines).toEqual({ b: { quantity: '不能少于已开卡数量 60' }, a: { metres: '请输入数字' } });
    expect(e.other).toEqual({ 'lines.7.item_id': '?', 'removed.0': '已开始加工' });
  });
});
