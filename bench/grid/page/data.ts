import type { GridColumn } from '../../../src/ui/grid/types';

/** A business document line as a list screen holds it: 20 columns of every kind the grid formats. */
export interface BenchRow {
  id: number;
  code: string;
  name: string;
  customer: string;
  spec: string;
  status: string;
  day: string;
  at: string;
  canceled: boolean;
  urgent: boolean;
  qty: number;
  qty2: number;
  qty3: number;
  done: number;
  weight: number;
  price: number;
  amount: number;
  tax: number;
  cost: number;
  cards: number;
}

const STATUSES = ['open', 'running', 'done', 'held'];
const NAMES = ['钢板', '螺栓', '轴承', '齿轮', '法兰', '阀门', 'Bracket', 'Housing', 'Shaft', 'Pulley'];

/** Deterministic rows (the same in every run), built before any timing starts. */
export function makeRows(n: number): BenchRow[] {
  const base = Date.UTC(2024, 0, 1);
  const out: BenchRow[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const k = (i * 2654435761) % 4294967296; // a cheap, stable scramble
    const day = new Date(base + (k % 1000) * 86_400_000);
    out[i] = {
      id: i + 1,
      code: `SO${String(100000 + i)}`,
      name: `${NAMES[k % NAMES.length]} ${k % 977}`,
      customer: `客户 ${k % 313}`,
      spec: `${k % 90}×${k % 40}×${k % 7}`,
      status: STATUSES[k % STATUSES.length]!,
      day: day.toISOString().slice(0, 10),
      at: new Date(day.getTime() + (k % 86_400) * 1000).toISOString(),
      canceled: k % 97 === 0,
      urgent: k % 5 === 0,
      qty: (k % 10_000) / 100,
      qty2: (k % 333) / 3,
      qty3: k % 50,
      done: (k % 777) / 7,
      weight: (k % 12_345) / 1000,
      price: (k % 99_999) / 10_000,
      amount: (k % 1_234_567) / 100,
      tax: (k % 45_678) / 10_000,
      cost: (k % 876_543) / 1000,
      cards: k % 12,
    };
  }
  return out;
}

export const COLUMNS: GridColumn<BenchRow>[] = [
  { id: 'id', title: 'ID', kind: 'int', value: r => r.id, total: false },
  { id: 'code', title: '单号', kind: 'text', value: r => r.code },
  { id: 'name', title: '品名', kind: 'text', value: r => r.name },
  { id: 'customer', title: '客户', kind: 'text', value: r => r.customer },
  { id: 'spec', title: '规格', kind: 'text', value: r => r.spec },
  {
    id: 'status', title: '状态', kind: 'enum', value: r => r.status,
    options: [{ value: 'open', label: '未开始' }, { value: 'running', label: '生产中' }, { value: 'done', label: '已完成' }, { value: 'held', label: '暂停' }],
  },
  { id: 'day', title: '日期', kind: 'date', value: r => r.day },
  { id: 'at', title: '下单时间', kind: 'datetime', value: r => r.at },
  { id: 'urgent', title: '加急', kind: 'bool', value: r => r.urgent },
  { id: 'qty', title: '数量', kind: 'number', value: r => r.qty },
  { id: 'qty2', title: '数量2', kind: 'number', value: r => r.qty2 },
  { id: 'qty3', title: '数量3', kind: 'number', value: r => r.qty3 },
  { id: 'done', title: '完成数', kind: 'number', value: r => r.done },
  { id: 'weight', title: '重量', kind: 'number', value: r => r.weight },
  { id: 'price', title: '单价', kind: 'money', value: r => r.price },
  { id: 'amount', title: '金额', kind: 'money', value: r => r.amount },
  { id: 'tax', title: '税额', kind: 'money', value: r => r.tax },
  { id: 'cost', title: '成本', kind: 'money', value: r => r.cost },
  { id: 'cards', title: '卡片数', kind: 'int', value: r => r.cards },
  { id: 'canceled', title: '作废', kind: 'bool', value: r => r.canceled },
];
