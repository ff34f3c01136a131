import { formatNumber } from '../../src/domain/rules/numbers';
import { CJK_FONT_STACK, escapeHtml, qrSvg } from './label-sheet';

/**
 * The A4 sheet of stock notes (入库单 receipt notes, 出库单 issue notes; docs/delivery.md "Receipt and issue notes"):
 * one note per posted stock document, each starting on a new page, for the browser's print dialog and the local
 * helper. Pure: the caller reads the documents; this only writes the HTML.
 *
 * Rules:
 * - `@page { size: A4 portrait; margin: 12mm }`; a note's table breaks across pages with its header repeated, and a
 *   row never splits.
 * - The document number is printed as text and as a small QR code (a scanner at the dock reads it back).
 * - Quantities show with the decimals they have (up to 4), money with 2; every text from the database is escaped; no
 *   script, no external resource (the sheet's CSP allows inline styles only). Text is Chinese, like the labels: the
 *   notes are signed and filed in the plant.
 */

export const A4 = { width_mm: 210, height_mm: 297 } as const;

export interface StockNoteLine {
  line_no: number | null;
  item_code: string | null;
  item_name: string | null;
  item_spec: string | null;
  lot: string | null;
  position: string | null;
  package: string | null;
  quantity: number;
  unit: string | null;
  /** The ledger's value of the line's movements (positive), at the cost it was posted at; null: none recorded. */
  amount: number | null;
}

export interface StockNote {
  show_id: string;
  /** 入库单 or 出库单 and the document's kind (成品入库 …). */
  title: string;
  kind: string;
  date: string | null;
  warehouse: string | null;
  /** The other side: supplier, customer, department, destination warehouse, delivery note — label and value. */
  parties: readonly { label: string; value: string }[];
  remark: string | null;
  posted_at: string | null;
  posted_by: string | null;
  lines: readonly StockNoteLine[];
}

const money = (n: number) => n.toFixed(2);
const quantity = (n: number) => formatNumber(n, 4);

/** The whole sheet: a standalone HTML document, one note (or more pages of it) per document. */
export async function renderStockNotes(notes: readonly StockNote[], title: string): Promise<string> {
  const css = `
@page { size: A4 portrait; margin: 12mm }
* { box-sizing: border-box; margin: 0; padding: 0 }
html, body { background: #fff; color: #000 }
body { font-family: ${CJK_FONT_STACK}; font-size: 10.5pt; -webkit-print-color-adjust: exact; print-color-adjust: exact }
.note { width: 186mm; break-after: page; page-break-after: always }
.note:last-child { break-after: auto; page-break-after: auto }
.head { display: grid; grid-template-columns: 1fr 22mm; column-gap: 4mm; align-items: start; margin-bottom: 3mm }
.head h1 { font-size: 18pt; text-align: center; letter-spacing: 0.3em; margin: 2mm 0 3mm }
.qr { width: 22mm; height: 22mm }
.qr svg { display: block; width: 100%; height: 100% }
.meta { display: grid; grid-template-columns: repeat(3, 1fr); gap: 1mm 4mm }
.meta div { overflow-wrap: anywhere }
.meta b { font-weight: 600 }
table { width: 100%; border-collapse: collapse; margin-top: 2mm }
thead { display: table-header-group }
tr { break-inside: avoid; page-break-inside: avoid }
th, td { border: 0.3mm solid #000; padding: 1mm 1.2mm; vertical-align: top; overflow-wrap: anywhere }
th { background: #eee; font-weight: 600; white-space: nowrap }
td.n { text-align: right; white-space: nowrap }
tfoot td { font-weight: 600 }
.foot { display: grid; grid-template-columns: repeat(4, 1fr); gap: 4mm; margin-top: 8mm }
.foot div { border-bottom: 0.3mm solid #000; padding-bottom: 6mm }
.remark { margin-top: 2mm }
@media screen {
  body { background: #f0f0f0; padding: 6mm 0 }
  .note { background: #fff; margin: 0 auto 6mm; padding: 12mm; width: 210mm; min-height: 297mm; box-shadow: 0 0 2px rgba(0, 0, 0, .4) }
}`;
  const pages: string[] = [];
  for (const n of notes) {
    const meta = [
      ['单号', n.show_id], ['类型', n.kind], ['日期', n.date ?? ''], ['仓库', n.warehouse ?? ''],
      ...n.parties.map(p => [p.label, p.value] as [string, string]),
      ['过账', [n.posted_by, n.posted_at].filter(Boolean).join(' ')],
    ];
    const total = n.lines.reduce((s, l) => s + l.quantity, 0);
    const amount = n.lines.some(l => l.amount !== null) ? n.lines.reduce((s, l) => s + (l.amount ?? 0), 0) : null;
    const rows = n.lines.map((l, i) => `<tr><td class="n">${l.line_no ?? i + 1}</td><td>${escapeHtml(l.item_code)}</td>
<td>${escapeHtml([l.item_name, l.item_spec].filter(Boolean).join(' '))}</td><td>${escapeHtml(l.lot)}</td>
<td>${escapeHtml([l.position, l.package].filter(Boolean).join(' / '))}</td><td class="n">${quantity(l.quantity)}</td>
<td>${escapeHtml(l.unit)}</td><td class="n">${l.amount === null || l.quantity === 0 ? '' : money(l.amount / l.quantity)}</td>
<td class="n">${l.amount === null ? '' : money(l.amount)}</td></tr>`).join('\n');
    pages.push(`<section class="note">
<div class="head"><div><h1>${escapeHtml(n.title)}</h1>
<div class="meta">${meta.map(([k, v]) => `<div><b>${escapeHtml(k)}：</b>${escapeHtml(v)}</div>`).join('')}</div></div>
<div class="qr">${await qrSvg(n.show_id)}</div></div>
<table><thead><tr><th>行</th><th>物料编码</th><th>物料名称 规格</th><th>批次</th><th>库位 / 包装</th><th>数量</th><th>单位</th><th>单价</th><th>金额</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td colspan="5">合计（${n.lines.length} 行）</td><td class="n">${quantity(total)}</td><td></td><td></td><td class="n">${amount === null ? '' : money(amount)}</td></tr></tfoot>
</table>
${n.remark ? `<div class="remark"><b>备注：</b>${escapeHtml(n.remark)}</div>` : ''}
<div class="foot"><div>制单：</div><div>仓管：</div><div>经手人：</div><div>签收：</div></div>
</section>`);
  }
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>${css}
</style></head>
<body>
${pages.join('\n')}
</body></html>
`;
}
