import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { customerRows } from '../parties';

/**
 * Writes bank-statement-demo.xlsx beside this file (`npx tsx server/seed/files/make-bank-statement.ts`): a month of the
 * plant's account as a common Chinese bank exports it — a title line and an account line above the header 交易日期,
 * 收入金额, 支出金额, 对方户名, 对方账号, 摘要, 流水号, 余额, and a total line below. The payers are demo customers (the
 * seed's own names, server/seed/parties.ts), paid by full name, by a name with a department added, twice from one
 * account; two payers nobody knows; and debit lines (electricity, a supplier). The statement import's browser test
 * reads it (tests/e2e/finance-statement.test.ts), as a user would drop it.
 */
const customers = customerRows(['demo']).slice(0, 4).map(c => String(c.name));
const [a, b, c, d] = customers as [string, string, string, string];

type Line = [date: string, credit: number | null, debit: number | null, name: string, account: string, memo: string];
const LINES: Line[] = [
  ['2026-11-02 09:12:45', 36800, null, a, '6222 0212 0300 8812 345', '货款'],
  ['2026-11-03 10:20:11', null, 8650.4, '国网浙江省电力有限公司', '3301 0401 0000 2231', '10月电费'],
  ['2026-11-05 14:03:00', 12500.5, null, b, '6217 0012 4400 5567 012', '10月货款'],
  ['2026-11-09 16:45:31', 5000, null, `${c}财务部`, '6228 4800 1234 5678 901', '预付款'],
  ['2026-11-12 11:11:11', 2380, null, '李明', '6214 8301 2345 6789', '样品费'],
  ['2026-11-16 08:30:02', null, 42000, '浙江华南纸业有限公司', '1202 0210 0910 0123 456', '原纸货款'],
  ['2026-11-18 15:22:48', 20000, null, d, '6222 0212 0300 9913 400', '货款'],
  ['2026-11-20 13:05:19', 8000, null, a, '6222 0212 0300 8812 345', '货款'],
  ['2026-11-25 10:00:00', 1260.8, null, '温州顺达贸易商行', '6230 5800 0001 2222 333', '货款'],
];

const header = ['交易日期', '收入金额', '支出金额', '对方户名', '对方账号', '摘要', '流水号', '余额'];
let balance = 286_450.25;
const body = LINES.map(([date, credit, debit, name, account, memo], i) => {
  balance = Math.round((balance + (credit ?? 0) - (debit ?? 0)) * 100) / 100;
  return [date, credit, debit, name, account, memo, `DEMO2026110${String(i + 1).padStart(2, '0')}`, balance];
});
const credit = LINES.reduce((s, l) => s + (l[1] ?? 0), 0);
const debit = LINES.reduce((s, l) => s + (l[2] ?? 0), 0);
const ws = XLSX.utils.aoa_to_sheet([
  ['中国工商银行 账户交易明细'],
  ['账号：1202 0210 0900 8866 001', null, '户名：示范纸箱包装有限公司', null, null, '币种：人民币', null, '起止日期：2026-11-01 至 2026-11-30'],
  header,
  ...body,
  ['合计', Math.round(credit * 100) / 100, Math.round(debit * 100) / 100],
]);
for (const [addr, cell] of Object.entries(ws)) {
  if (!addr.startsWith('!') && typeof (cell as XLSX.CellObject).v === 'number') (cell as XLSX.CellObject).z = '#,##0.00';
}
ws['!cols'] = header.map((h, i) => ({ wch: i === 3 ? 30 : i === 4 ? 26 : 18 }));
const wb = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(wb, ws, '交易明细');
const out = fileURLToPath(new URL('./bank-statement-demo.xlsx', import.meta.url));
await writeFile(out, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
console.log(`wrote ${out}: ${LINES.length} lines (${customers.join(', ')})`);
