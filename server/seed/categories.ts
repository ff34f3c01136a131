import type { SeedRow } from './seeder';

/** Fee, form and formula categories and the plant's bank accounts (finance and formula screens list them). */
export function feeCategoryRows(): SeedRow[] {
  const rows: [string, 'income' | 'expense'][] = [
    ['货款收入', 'income'], ['其他收入', 'income'], ['原材料采购', 'expense'], ['运输费', 'expense'],
    ['水电费', 'expense'], ['设备维修费', 'expense'], ['办公费', 'expense'], ['工资', 'expense'],
  ];
  return rows.map(([name, direction], i) => ({ name, direction, sort: i + 1 }));
}

export function formCategoryRows(): SeedRow[] {
  return ['首件检验', '巡检', '成品检验', '设备点检', '行政审批'].map((name, i) => ({ name, sort: i + 1 }));
}

export function formulaCategoryRows(): SeedRow[] {
  return ['水性油墨', '淀粉胶', '光油', '覆膜胶'].map((name, i) => ({ name, sort: i + 1 }));
}

export function bankRows(): SeedRow[] {
  return [
    { name: '基本户', bank_name: '中国工商银行苏州分行', account_no: '1102020109000123456', currency: 'CNY', opening_balance: '1250000.0000' },
    { name: '一般户', bank_name: '招商银行苏州工业园区支行', account_no: '512902345610801', currency: 'CNY', opening_balance: '86000.0000' },
    { name: '外币户', bank_name: '中国银行苏州分行', account_no: '4678 0123 9845', currency: 'USD', opening_balance: '42000.0000' },
  ];
}
