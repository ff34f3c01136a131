import { describe, expect, it } from 'vitest';
import { billSheetRows, type ExportLine } from './bill-sheet-rows';

const line = (p: Partial<ExportLine>): ExportLine => ({
  delivery_id: null, delivery_no: '', delivery_date: '', line_no: 1, description: '', quantity: 1, unit: '', price: 1, amount: 1,
  adjustment: 0, adjustment_reason: '', remark: '', ...p,
});
const words = { columns: [], subtotal: '小计', total: '合计', capitals: '大写金额', received: '已收金额', balance: '未收余额' };

describe('billSheetRows', () => {
  it('puts a subtotal under each delivery note, then the total, its capitals, received and the balance', () => {
    const rows = billSheetRows([
      line({ delivery_id: 1, delivery_no: 'SH1', line_no: 1, amount: 175 }),
      line({ delivery_id: 1, delivery_no: 'SH1', line_no: 2, amount: 133.332, adjustment: -8.332, adjustment_reason: '抹零' }),
      line({ delivery_id: 2, delivery_no: 'SH2', line_no: 3, amount: 50 }),
    ], { amount: 358.332, adjustment: -8.332, total: 350, allocated: 100 }, words);
    expect(rows.map(r => r[1])).toEqual(['SH1', 'SH1', '小计 SH1', 'SH2', '小计 SH2', '合计', '大写金额', '已收金额', '未收余额']);
    expect(rows[2]!.slice(7, 9)).toEqual([308.332, -8.332]);
    expect(rows[6]![2]).toBe('叁佰伍拾元整');
    expect(rows[8]![7]).toBe(250);
  });

  it('gives the lines by hand no subtotal; a credit reads 负', () => {
    const rows = billSheetRows([line({ amount: -120.5 })], { amount: -120.5, adjustment: 0, total: -120.5, allocated: 0 }, words);
    expect(rows.map(r => r[1])).toEqual(['', '合计', '大写金额', '已收金额', '未收余额']);
    expect(rows[2]![2]).toBe('负壹佰贰拾元伍角整');
  });
});
