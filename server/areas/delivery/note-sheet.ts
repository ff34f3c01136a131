import QRCode from 'qrcode';
import { PROPS_KEYS, type PropsKey } from '../../../src/domain/rules/property-columns';
import { formatNumber } from '../../../src/domain/rules/numbers';
import { CJK_FONT_STACK, escapeHtml, type LabelSize } from '../../lib/label-sheet';
import type { Note, NoteLine } from './note-data';

/**
 * The printed delivery note (送货单, docs/delivery.md "The printed note"): one standalone HTML document for the browser's
 * print dialog and the local helper, on one of two papers:
 * - `a4`: an A4 sheet (210 × 297 mm);
 * - `form241`: the two-part continuous form of dot-matrix printers, 241 × 140 mm (9½ × 5½ in), the carbon copy being
 *   the customer's.
 *
 * Rules:
 * - One note per page at least (a long note flows onto more pages, its table head repeated); `@page` sets the paper.
 * - Per note: the plant's name and 送货单, the number, date, customer, address, consignee and phone; the lines (order
 *   number, item and spec, the order line's property columns that any line of the note fills, lot or package,
 *   quantities and units, price and amount); totals; the driver and the vehicle; boxes for the shipper's, the driver's
 *   and the consignee's signatures and the date received; and for each order on it, the order number and its check
 *   code as text and as a QR code of the public order query's address (`/orders/query?show_id=…&code=…` on `origin`),
 *   so the customer follows the order from the paper.
 * - Chinese, like the labels (the papers travel with the goods); every text from the database is escaped; no script
 *   and nothing fetched (the sheet's CSP allows inline styles and data images only: the QR codes are inline SVG).
 */
export type NotePaper = 'a4' | 'form241';

export const NOTE_PAPERS: Readonly<Record<NotePaper, LabelSize>> = {
  a4: { width_mm: 210, height_mm: 297 },
  form241: { width_mm: 241, height_mm: 140 },
};

/** The property columns' names as the order entry shows them in Chinese (src/i18n/orders.ts `props`). */
const PROP_TITLES: Readonly<Record<PropsKey, string>> = {
  card_weight: '卡重', effective_card_weight: '有效卡重', metres: '米数', effective_metres: '有效米数', kilograms: '公斤数',
  effective_kilograms: '有效公斤数', finished_count: '完工数', effective_finished_count: '有效完工数',
};

/** The public order query's address for one order (what the QR code holds). */
export function orderQueryUrl(origin: string, showId: string, code: string): string {
  const q = new URLSearchParams({ show_id: showId, code });
  return `${origin.replace(/\/+$/, '')}/orders/query?${q.toString()}`;
}

const n = (x: number | null | undefined, scale = 2) => (x == null ? '' : formatNumber(x, scale));
const e = escapeHtml;

/** The property columns that some line of the note fills, in the spec's order. */
function propColumns(lines: readonly NoteLine[]): PropsKey[] {
  return PROPS_KEYS.filter(k => lines.some(l => l.props?.[k] != null && l.props[k] !== ''));
}

async function qr(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
}

async function noteHtml(note: Note, site: string, origin: string): Promise<string> {
  const props = propColumns(note.lines);
  const head = ['#', '订单号', '物料', '规格', ...props.map(k => PROP_TITLES[k]), '批次/包装', '数量', '单位', '辅数量', '单价', '金额', '备注'];
  const body = note.lines.map(l => `<tr>
<td class="c">${e(String(l.line_no ?? ''))}</td><td>${e(l.order_show_id)}</td>
<td>${e([l.item_code, l.item_name].filter(Boolean).join(' '))}</td><td>${e(l.spec)}</td>
${props.map(k => `<td class="r">${e(typeof l.props?.[k] === 'number' ? n(l.props[k] as number, 4) : String(l.props?.[k] ?? ''))}</td>`).join('')}
<td>${e(l.package_no ? `包装 ${l.package_no}` : l.lot)}</td><td class="r">${e(n(l.quantity, 4))}</td><td>${e(l.unit)}</td>
<td class="r">${e(l.quantity2 == null ? '' : `${n(l.quantity2, 4)}${l.unit2 ? ` ${l.unit2}` : ''}`)}</td>
<td class="r">${e(n(l.price, 4))}</td><td class="r">${e(n(l.amount))}</td><td>${e(l.remark)}</td>
</tr>`).join('\n');
  const span = 4 + props.length + 1;
  const orders: string[] = [];
  for (const o of note.orders) {
    const code = o.check_code ?? '';
    const url = code ? orderQueryUrl(origin, o.show_id, code) : '';
    orders.push(`<div class="order" data-order="${e(o.show_id)}">
<div class="qr">${url ? await qr(url) : ''}</div>
<div class="otext"><div>订单 ${e(o.show_id)}</div><div>查询码 <b>${e(code)}</b></div></div>
</div>`);
  }
  return `<section class="note" data-note="${e(note.show_id)}">
<header><div class="site">${e(site)}</div><h1>送货单</h1></header>
<div class="meta">
<div><span>单号</span>${e(note.show_id)}</div><div><span>日期</span>${e(note.date)}</div><div><span>发货仓库</span>${e(note.warehouse)}</div>
<div class="wide"><span>客户</span>${e(note.customer)}</div><div><span>业务员</span>${e(note.saler)}</div>
<div class="wide"><span>送货地址</span>${e(note.address)}</div><div><span>收货人</span>${e(note.contact)} ${e(note.phone)}</div>
</div>
<table><thead><tr>${head.map(h => `<th>${e(h)}</th>`).join('')}</tr></thead>
<tbody>
${body}
</tbody>
<tfoot><tr><td colspan="${span}" class="r">合计</td><td class="r">${e(n(note.quantity, 4))}</td><td></td><td></td><td></td>
<td class="r">${e(n(note.amount))}</td><td></td></tr></tfoot></table>
${note.remark ? `<div class="remark"><span>备注</span>${e(note.remark)}</div>` : ''}
<div class="foot">
<div class="orders">${orders.join('\n')}</div>
<div class="sign">
<div><span>司机</span>${e(note.driver)}</div><div><span>车牌号</span>${e(note.vehicle)}</div>
<div class="box"><span>发货人签字</span></div><div class="box"><span>司机签字</span></div>
<div class="box"><span>收货人签字</span></div><div class="box"><span>收货日期</span></div>
</div>
</div>
</section>`;
}

/** The sheet of the notes on `paper`; `origin` is the server's public address the QR codes point at. */
export async function renderDeliveryNotes(notes: readonly Note[], site: string, paper: NotePaper, origin: string): Promise<string> {
  const size = NOTE_PAPERS[paper];
  const small = paper === 'form241';
  const margin = small ? 5 : 12;
  const font = small ? 2.9 : 3.4;
  const qrMm = small ? 15 : 20;
  const css = `
@page { size: ${size.width_mm}mm ${size.height_mm}mm; margin: ${margin}mm }
* { box-sizing: border-box; margin: 0; padding: 0 }
html, body { background: #fff; color: #000 }
body { font-family: ${CJK_FONT_STACK}; font-size: ${font}mm; line-height: 1.3; -webkit-print-color-adjust: exact; print-color-adjust: exact }
.note { break-after: page; page-break-after: always }
.note:last-child { break-after: auto; page-break-after: auto }
header { text-align: center; margin-bottom: ${small ? 1 : 2}mm }
header .site { font-size: 1.1em }
h1 { font-size: ${small ? 1.5 : 1.9}em; letter-spacing: .4em; font-weight: 700 }
.meta { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: .6mm 4mm; margin-bottom: ${small ? 1 : 2}mm }
.meta .wide { grid-column: span 2 }
.meta span, .sign span, .remark span { color: #333; margin-right: 1.5mm }
.meta span::after, .sign span::after, .remark span::after { content: '：' }
table { width: 100%; border-collapse: collapse }
thead { display: table-header-group }
tfoot { display: table-row-group }
th, td { border: .2mm solid #000; padding: .5mm 1mm; vertical-align: top; overflow-wrap: anywhere }
th { font-weight: 700; background: #eee }
td.r { text-align: right; white-space: nowrap }
td.c { text-align: center }
tfoot td { font-weight: 700 }
tr { break-inside: avoid; page-break-inside: avoid }
.remark { margin-top: 1mm }
.foot { display: flex; gap: 4mm; margin-top: ${small ? 1.5 : 3}mm; break-inside: avoid; page-break-inside: avoid }
.orders { display: flex; flex-wrap: wrap; gap: 2mm 4mm; flex: 1 1 50% }
.order { display: flex; gap: 1.5mm; align-items: center }
.qr { width: ${qrMm}mm; height: ${qrMm}mm }
.qr svg { display: block; width: 100%; height: 100% }
.sign { flex: 1 1 50%; display: grid; grid-template-columns: 1fr 1fr; gap: 1mm 3mm; align-content: start }
.sign .box { border-bottom: .2mm solid #000; height: ${small ? 6 : 9}mm; display: flex; align-items: flex-end }
@media screen {
  body { background: #f0f0f0; padding: 4mm 0 }
  .note { background: #fff; width: ${size.width_mm}mm; min-height: ${size.height_mm}mm; padding: ${margin}mm; margin: 0 auto 4mm;
    box-shadow: 0 0 2px rgba(0, 0, 0, .4) }
}`;
  const pages: string[] = [];
  for (const note of notes) pages.push(await noteHtml(note, site, origin));
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>送货单</title>
<style>${css}
</style></head>
<body>
${pages.join('\n')}
</body></html>
`;
}
