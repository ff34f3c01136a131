import { describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_SIZE, escapeHtml, parseLabelSize, renderCardLabels, type CardLabel } from './label-sheet';

const label = (over: Partial<CardLabel> = {}): CardLabel => ({
  show_id: 'C25010100001', order_show_id: 'SO20250101-001', customer: '华东纸业', item_name: '五层瓦楞纸箱',
  item_spec: '600×400×300', quantity: 250, unit: '个', workflow: '纸箱标准流程', seq: 2, total: 5, ...over,
});

describe('label size (config label_size)', () => {
  it('reads width x height in millimetres', () => {
    expect(parseLabelSize('60x40')).toEqual({ width_mm: 60, height_mm: 40 });
    expect(parseLabelSize(' 100 × 50 ')).toEqual({ width_mm: 100, height_mm: 50 });
    expect(parseLabelSize('80.5*60')).toEqual({ width_mm: 80.5, height_mm: 60 });
  });

  it('falls back to 60x40 when absent, unreadable or out of range', () => {
    for (const v of [null, undefined, '', '60', '60x', 'abc', '5x40', '60x2000', '{"width_mm":60}']) {
      expect(parseLabelSize(v), String(v)).toEqual(DEFAULT_LABEL_SIZE);
    }
  });
});

describe('label sheet', () => {
  it('is one page per label, the page the size of the label', async () => {
    const html = await renderCardLabels([label(), label({ show_id: 'C25010100002', seq: 3 })], { width_mm: 100, height_mm: 50 });
    expect(html).toContain('@page { size: 100mm 50mm; margin: 0 }');
    expect(html.match(/<section class="label">/g)).toHaveLength(2);
    expect(html).toContain('break-after: page');
    // Nothing to run and nothing to fetch (the SVG namespace is a name, not an address).
    expect(html).not.toMatch(/<script|<link|<img|src=|href=|url\(|@import/i);
  });

  it('shows the card number as QR code and Code 128, and the card, order, customer, item, quantity, workflow and place', async () => {
    const html = await renderCardLabels([label()], DEFAULT_LABEL_SIZE);
    expect(html.match(/<svg/g)).toHaveLength(2);
    expect(html).toContain('shape-rendering="crispEdges"'); // qrcode's SVG
    expect(html).toContain('preserveAspectRatio="none"'); // the barcode, stretched to its box
    for (const text of ['卡号 C25010100001 / 订单 SO20250101-001', '华东纸业', '五层瓦楞纸箱 600×400×300', '250 个', '纸箱标准流程', '第 2/5 张']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('"Noto Sans CJK SC"');
  });

  it('escapes every text from the database', async () => {
    const html = await renderCardLabels([label({ customer: '<script>alert(1)</script>', item_name: '"A&B"', workflow: "<img src=x onerror='y'>" })],
      DEFAULT_LABEL_SIZE);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;A&amp;B&quot;');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('leaves out what a card lacks instead of failing', async () => {
    const html = await renderCardLabels([label({ customer: null, item_spec: null, quantity: null, unit: null, seq: null, total: null })],
      DEFAULT_LABEL_SIZE);
    expect(html).toContain('物料：五层瓦楞纸箱</div>');
    expect(html).not.toContain('第 ');
  });
});

describe('label text that does not fit (issue 30 item 12)', () => {
  it('wraps between words instead of cutting, and gives a long label a smaller font of its own', async () => {
    const long = 'Extra heavy duty double wall corrugated shipping carton with reinforced handholds';
    const html = await renderCardLabels([label(), label({ item_name: long })], DEFAULT_LABEL_SIZE);
    expect(html).not.toMatch(/ellipsis|nowrap|overflow-wrap: anywhere|max-height/);
    expect(html).toContain('word-break: normal');
    // A label's own font, else the sheet's.
    const fontOf = (page: string) =>
      Number(/<div class="text" style="font-size: ([\d.]+)mm">/.exec(page)?.[1] ?? /\.text \{ font-size: ([\d.]+)mm/.exec(html)![1]);
    const [first, second] = html.split('<section class="label">').slice(1) as [string, string];
    expect(fontOf(second)).toBeLessThan(fontOf(first));
    expect(second).toContain(long);
  });
});
