import QRCode from 'qrcode';
import { toSVG } from 'bwip-js/node';
import { cardName } from '../../src/domain/rules/card-name';
import { formatNumber } from '../../src/domain/rules/numbers';
import { fitFontMm, type FitLine } from './label-fit';

/**
 * The label sheet of process cards (issue 11 point 5): one HTML page per label, the page the size of the label, for
 * the browser's print dialog and for the local helper, which prints the same HTML. Pure: the caller reads the cards
 * and the label size; this only writes the HTML.
 *
 * Rules:
 * - `@page { size: W H; margin: 0 }` and one `.label` per page: a label printer feeds one label per page.
 * - The card number is printed as a QR code (qrcode) and a Code 128 barcode (bwip-js), both inline SVG whose only
 *   content is the card number as data; a scanner reading either gets exactly `show_id`.
 * - Every text from the database is HTML-escaped; the sheet holds no script and no external resource (its own CSP,
 *   server/http/security-headers.ts `labelSheetPolicy`, allows inline styles only).
 * - Text is Chinese (the labels travel on the shop floor), in a CJK font stack that every platform has one of.
 * - Sizes are derived from the label size in millimetres, so a 100×50 label is laid out like a 60×40 one.
 * - No text is cut (issue 30 item 12): every line wraps between words (a Latin word is never split; CJK breaks
 *   between characters), and each label's font shrinks until all its lines fit beside the QR code (label-fit.ts).
 */

export interface LabelSize { width_mm: number; height_mm: number }

export const DEFAULT_LABEL_SIZE: LabelSize = { width_mm: 60, height_mm: 40 };
const MIN_MM = 10;
const MAX_MM = 1000;

/**
 * The label size of config `label_size` ("60x40"; x, X, × or *; millimetres, up to one decimal — its type in
 * src/domain/rules/config-types.ts): the default 60×40 when the config is absent, unreadable or outside 10–1000 mm, so
 * a bad setting never stops printing.
 */
export function parseLabelSize(value: string | null | undefined): LabelSize {
  const m = /^\s*(\d{1,4}(?:\.\d+)?)\s*[xX×*]\s*(\d{1,4}(?:\.\d+)?)\s*$/.exec(value ?? '');
  if (!m) return { ...DEFAULT_LABEL_SIZE };
  const w = Number(m[1]);
  const h = Number(m[2]);
  const ok = (n: number) => Number.isFinite(n) && n >= MIN_MM && n <= MAX_MM;
  return ok(w) && ok(h) ? { width_mm: w, height_mm: h } : { ...DEFAULT_LABEL_SIZE };
}

/** What one card label shows. `seq` of `total`: the card's number among its line's live cards. */
export interface CardLabel {
  show_id: string;
  order_show_id: string | null;
  customer: string | null;
  item_name: string | null;
  item_spec: string | null;
  quantity: number | null;
  unit: string | null;
  workflow: string | null;
  seq: number | null;
  total: number | null;
}

export const CJK_FONT_STACK =
  '"Noto Sans CJK SC", "Source Han Sans SC", "Microsoft YaHei", "PingFang SC", "WenQuanYi Micro Hei", sans-serif';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content or a quoted attribute. */
export function escapeHtml(s: string | null | undefined): string {
  return (s ?? '').replace(/[&<>"']/g, c => ESCAPES[c]!);
}

/** Millimetres as CSS, at most two decimals. */
const mm = (n: number) => `${Math.round(n * 100) / 100}mm`;

/** The QR code of a text as inline SVG (no margin: the label's padding is its quiet zone). */
export async function qrSvg(text: string): Promise<string> {
  if (!text) return '';
  return QRCode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
}

/**
 * A Code 128 barcode of a text as inline SVG, stretched to its box (a uniform horizontal stretch keeps the ratios of
 * the bars), with a quiet zone of 10 modules on each side. Empty when the text cannot be encoded: the QR code and the
 * printed number still identify the card.
 */
export function barcodeSvg(text: string): string {
  if (!text) return '';
  try {
    const svg = toSVG({ bcid: 'code128', text, scale: 1, height: 6, paddingwidth: 10, includetext: false });
    return svg.replace('<svg ', '<svg preserveAspectRatio="none" ');
  } catch {
    return '';
  }
}

/** The lines of text beside the QR code, unescaped; the card's name is bold. */
function textLines(l: CardLabel): FitLine[] {
  const item = [l.item_name, l.item_spec].filter(Boolean).join(' ');
  const qty = l.quantity === null ? '' : `${formatNumber(l.quantity)}${l.unit ? ` ${l.unit}` : ''}`;
  const seq = l.seq !== null && l.total !== null ? `第 ${l.seq}/${l.total} 张` : '';
  return [
    { text: cardName(l, 'zh'), bold: true },
    { text: `客户：${l.customer ?? ''}` },
    { text: `物料：${item}` },
    { text: `数量：${qty}` },
    { text: `流程：${l.workflow ?? ''}` },
    { text: seq },
  ];
}

/** The lines as HTML, each escaped. */
const linesHtml = (lines: readonly FitLine[]) =>
  lines.map(l => `<div${l.bold ? ' class="name"' : ''}>${escapeHtml(l.text)}</div>`).join('');

const LINE_HEIGHT = 1.2;

/** A label's own font size, when its text needed a smaller one than the sheet's. */
const fontStyle = (fitted: number, sheet: number) => (fitted < sheet ? ` style="font-size: ${mm(fitted)}"` : '');

/** The whole sheet: a standalone HTML document, one page per label. */
export async function renderCardLabels(labels: readonly CardLabel[], size: LabelSize, title = '流程卡标签'): Promise<string> {
  return renderCodeLabels(labels.map(l => ({ code: l.show_id, lines: textLines(l) })), size, title);
}

/**
 * A label of a code (a card's, a package's number): the code as QR code and Code 128, these lines of text beside the
 * QR code (the first is bold when marked so).
 */
export interface CodeLabel { code: string; lines: readonly FitLine[] }

/**
 * The sheet of code labels (cards, packages): a standalone HTML document, one page per label, laid out by the rules
 * above — the QR code at the top left, the text beside it in the largest font that fits, the barcode below.
 */
export async function renderCodeLabels(labels: readonly CodeLabel[], size: LabelSize, title: string): Promise<string> {
  const W = size.width_mm;
  const H = size.height_mm;
  const pad = Math.min(3, Math.max(1, Math.min(W, H) * 0.04));
  const gap = Math.min(2, Math.max(0.6, Math.min(W, H) * 0.025));
  const innerW = W - 2 * pad;
  const innerH = H - 2 * pad;
  const barH = innerH * 0.24;
  const topH = innerH - barH - gap;
  const qr = Math.min(topH, innerW * 0.38);
  // The largest font: eight lines of text beside the QR code (the card's name may take three, the others one each);
  // a label whose texts need more lines gets a smaller one (fitFontMm), down to 1.2 mm (about 3.4 pt).
  const font = Math.min(4.5, Math.max(1.6, topH / (8 * LINE_HEIGHT)));
  const textBox = { widthMm: innerW - qr - gap, heightMm: topH, maxFontMm: font, minFontMm: 1.2, lineHeight: LINE_HEIGHT };
  const css = `
@page { size: ${mm(W)} ${mm(H)}; margin: 0 }
* { box-sizing: border-box; margin: 0; padding: 0 }
html, body { background: #fff; color: #000 }
body { font-family: ${CJK_FONT_STACK}; -webkit-print-color-adjust: exact; print-color-adjust: exact }
.label { width: ${mm(W)}; height: ${mm(H)}; padding: ${mm(pad)}; overflow: hidden; display: grid;
  grid-template-columns: ${mm(qr)} 1fr; grid-template-rows: ${mm(topH)} ${mm(barH)}; column-gap: ${mm(gap)};
  row-gap: ${mm(gap)}; break-after: page; page-break-after: always }
.label:last-child { break-after: auto; page-break-after: auto }
.qr { width: ${mm(qr)}; height: ${mm(qr)} }
.qr svg, .bar svg { display: block; width: 100%; height: 100% }
.text { font-size: ${mm(font)}; line-height: ${LINE_HEIGHT}; overflow: hidden; min-width: 0 }
.text div { white-space: normal; word-break: normal; overflow-wrap: break-word; hyphens: manual }
.text .name { font-weight: 700 }
.bar { grid-column: 1 / span 2; height: ${mm(barH)} }
@media screen {
  body { background: #f0f0f0; padding: 4mm 0 }
  .label { background: #fff; margin: 0 auto 4mm; box-shadow: 0 0 2px rgba(0, 0, 0, .4) }
}`;
  const pages: string[] = [];
  for (const [i, l] of labels.entries()) {
    // A label's codes take about 2 ms of CPU: a sheet of a thousand lets other requests in every 20 labels.
    if (i > 0 && i % 20 === 0) await new Promise(resolve => setImmediate(resolve));
    const { lines } = l;
    pages.push(`<section class="label">
<div class="qr">${await qrSvg(l.code)}</div>
<div class="text"${fontStyle(fitFontMm(lines, textBox), font)}>${linesHtml(lines)}</div>
<div class="bar">${barcodeSvg(l.code)}</div>
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
