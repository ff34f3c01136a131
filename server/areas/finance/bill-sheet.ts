import QRCode from 'qrcode';
import { groupByNote } from '../../../src/domain/rules/bill-groups';
import { chineseAmount } from '../../../src/domain/rules/chinese-amount';
import { formatNumber, fromUnits, units } from '../../../src/domain/rules/numbers';
import { CJK_FONT_STACK, escapeHtml, type LabelSize } from '../../lib/label-sheet';
import type { Bill, BillLine } from './bill-data';

/**
 * The printed bill (对账单, docs/finance.md "Print and export"): one standalone HTML document for the browser's print
 * dialog and the local helper, on A4 landscape (a bill's columns are many).
 *
 * Rules:
 * - One bill per page at least (a long bill flows onto more pages, its table head repeated).
 * - Per bill: the plant's name and 对账单 (草稿 while a draft), the number, customer, period, date and salesperson; the
 *   lines grouped by delivery note (note number and date, order, item, description, quantity, unit, price, amount, the
 *   adjustment and its reason), a subtotal under each note's lines, the lines typed by hand in one group; the totals;
 *   the total in figures and in Chinese capitals (大写); received (the live allocations) and the balance; the check
 *   code as text and as a QR code of the public bill query (`/bills/query?show_id=…&code=…` on `origin`); signature
 *   boxes for the plant and the customer.
 * - Chinese, like the delivery note (the paper goes to the customer); every text from the database is escaped; no
 *   script and nothing fetched (inline styles and an inline SVG QR code only).
 */
export const BILL_PAPER: LabelSize = { width_mm: 297, height_mm: 210 };

/** The public bill query's address for one bill (what the QR code holds). */
export function billQueryUrl(origin: string, showId: string, code: string): string {
  const q = new URLSearchParams({ show_id: showId, code });
  return `${origin.replace(/\/+$/, '')}/bills/query?${q.toString()}`;
}

const n = (x: number | null | undefined, scale = 2) => (x == null ? '' : formatNumber(x, scale));
const e = escapeHtml;
const HEAD = ['#', '送货单号', '送货日期', '订单号', '物料编码', '品名规格', '数量', '单位', '单价', '金额', '调整金额', '调整原因', '备注'];

function lineRow(l: BillLine): string {
  return `<tr>
<td class="c">${e(String(l.line_no ?? ''))}</td><td>${e(l.delivery_show_id)}</td><td>${e(l.delivery_date)}</td><td>${e(l.order_show_id)}</td>
<td>${e(l.item_code)}</td><td>${e(l.description)}</td><td class="r">${e(n(l.quantity, 4))}</td><td>${e(l.unit)}</td>
<td class="r">${e(n(l.price, 4))}</td><td class="r">${e(n(l.amount))}</td><td class="r">${e(l.adjustment ? n(l.adjustment) : '')}</td>
<td>${e(l.adjustment_reason)}</td><td>${e(l.remark)}</td>
</tr>`;
}

async function billHtml(bill: Bill, site: string, origin: string): Promise<string> {
  const groups = groupByNote(bill.lines);
  const body: string[] = [];
  for (const g of groups) {
    body.push(...g.lines.map(lineRow));
    // A subtotal under each delivery note's lines; the lines by hand are summed by the total alone.
    if (g.delivery_id !== null) {
      body.push(`<tr class="sub"><td colspan="9" class="r">小计（送货单 ${e(g.lines[0]!.delivery_show_id)}）</td>
<td class="r">${e(n(g.amount))}</td><td class="r">${e(g.adjustment ? n(g.adjustment) : '')}</td><td colspan="2" class="r">${e(n(g.total))}</td></tr>`);
    }
  }
  const code = bill.check_code ?? '';
  const url = code ? billQueryUrl(origin, bill.show_id, code) : '';
  const qr = url ? await QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }) : '';
  const balance = fromUnits(units(bill.total) - units(bill.allocated));
  const period = bill.date_from || bill.date_to ? `${e(bill.date_from)} 至 ${e(bill.date_to)}` : '';
  return `<section class="bill" data-bill="${e(bill.show_id)}">
<header><div class="site">${e(site)}</div><h1>对账单${bill.status === 'draft' ? '<small>（草稿）</small>' : ''}</h1></header>
<div class="meta">
<div><span>对账单号</span>${e(bill.show_id)}</div><div class="wide"><span>客户</span>${e(bill.customer)}</div>
<div><span>对账期间</span>${period}</div><div><span>对账日期</span>${e(bill.date)}</div><div><span>业务员</span>${e(bill.saler)}</div>
</div>
<table><thead><tr>${HEAD.map(h => `<th>${e(h)}</th>`).join('')}</tr></thead>
<tbody>
${body.join('\n')}
</tbody>
<tfoot><tr><td colspan="9" class="r">合计</td><td class="r">${e(n(bill.amount))}</td><td class="r">${e(n(bill.adjustment))}</td>
<td colspan="2" class="r">${e(n(bill.total))}</td></tr></tfoot></table>
${bill.remark ? `<div class="remark"><span>备注</span>${e(bill.remark)}</div>` : ''}
<div class="foot">
<div class="sums">
<div><span>对账金额</span><b data-total>${e(n(bill.total))}</b></div>
<div class="wide"><span>大写金额</span><b data-capitals>${e(chineseAmount(bill.total))}</b></div>
<div><span>已收金额</span>${e(n(bill.allocated))}</div><div><span>未收余额</span><b>${e(n(balance))}</b></div>
</div>
<div class="check"><div class="qr">${qr}</div><div><div>对账单 ${e(bill.show_id)}</div><div>查询码 <b data-check-code>${e(code)}</b></div></div></div>
</div>
<div class="sign">
<div class="box"><span>制表</span></div><div class="box"><span>审核</span></div>
<div class="box"><span>客户确认（签章）</span></div><div class="box"><span>确认日期</span></div>
</div>
</section>`;
}

/** The sheet of the bills; `origin` is the server's public address the QR codes point at. */
export async function renderBills(bills: readonly Bill[], site: string, origin: string): Promise<string> {
  const size = BILL_PAPER;
  const margin = 10;
  const css = `
@page { size: ${size.width_mm}mm ${size.height_mm}mm; margin: ${margin}mm }
* { box-sizing: border-box; margin: 0; padding: 0 }
html, body { background: #fff; color: #000 }
body { font-family: ${CJK_FONT_STACK}; font-size: 3.2mm; line-height: 1.3; -webkit-print-color-adjust: exact; print-color-adjust: exact }
.bill { break-after: page; page-break-after: always }
.bill:last-child { break-after: auto; page-break-after: auto }
header { text-align: center; margin-bottom: 2mm }
header .site { font-size: 1.1em }
h1 { font-size: 1.9em; letter-spacing: .4em; font-weight: 700 }
h1 small { font-size: .5em; letter-spacing: 0 }
.meta, .sums { display: grid; grid-template-columns: repeat(4, 1fr); gap: .6mm 4mm; margin-bottom: 2mm }
.meta .wide, .sums .wide { grid-column: span 2 }
.meta span, .sums span, .sign span, .remark span { color: #333; margin-right: 1.5mm }
.meta span::after, .sums span::after, .sign span::after, .remark span::after { content: '：' }
table { width: 100%; border-collapse: collapse }
thead { display: table-header-group }
tfoot { display: table-row-group }
th, td { border: .2mm solid #000; padding: .5mm 1mm; vertical-align: top; overflow-wrap: anywhere }
th { font-weight: 700; background: #eee }
td.r { text-align: right; white-space: nowrap }
td.c { text-align: center }
tr.sub td, tfoot td { font-weight: 700 }
tr.sub td { background: #f6f6f6 }
tr { break-inside: avoid; page-break-inside: avoid }
.remark { margin-top: 1mm }
.foot { display: flex; gap: 6mm; margin-top: 3mm; break-inside: avoid; page-break-inside: avoid }
.sums { flex: 1 1 70% }
.check { display: flex; gap: 2mm; align-items: center }
.qr { width: 22mm; height: 22mm }
.qr svg { display: block; width: 100%; height: 100% }
.sign { display: grid; grid-template-columns: repeat(4, 1fr); gap: 1mm 6mm; margin-top: 3mm; break-inside: avoid; page-break-inside: avoid }
.sign .box { border-bottom: .2mm solid #000; height: 9mm; display: flex; align-items: flex-end }
@media screen {
  body { background: #f0f0f0; padding: 4mm 0 }
  .bill { background: #fff; width: ${size.width_mm}mm; min-height: ${size.height_mm}mm; padding: ${margin}mm; margin: 0 auto 4mm;
    box-shadow: 0 0 2px rgba(0, 0, 0, .4) }
}`;
  const pages: string[] = [];
  for (const bill of bills) pages.push(await billHtml(bill, site, origin));
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>对账单</title>
<style>${css}
</style></head>
<body>
${pages.join('\n')}
</body></html>
`;
}
