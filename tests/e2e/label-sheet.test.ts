import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderCardLabels, type CardLabel } from '../../server/lib/label-sheet';
import { pagePerTest } from './helpers';

/**
 * The card label sheet as Chromium lays it out (issue 30 item 12): the item's name and spec, however long, are shown
 * whole — wrapped between words (never inside a Latin word) or in a smaller font — and nothing runs out of its label.
 * The sheet is the server's own HTML (server/lib/label-sheet.ts), set into a page as print media.
 */
let page: Page;

pagePerTest(s => { ({ page } = s); });

const LONG_NAME = 'Extra heavy duty double wall corrugated shipping carton with reinforced handholds';
const LONG_SPEC = '600×400×300mm BC-flute 7-ply K=A/B/C printing four colours';

const label = (over: Partial<CardLabel> = {}): CardLabel => ({
  show_id: 'C25010100001', order_show_id: 'SO20250101-001', customer: '华东纸业', item_name: '五层瓦楞纸箱',
  item_spec: '600×400×300', quantity: 250, unit: '个', workflow: '纸箱标准流程', seq: 1, total: 3, ...over,
});

const LABELS: CardLabel[] = [
  label(),
  label({ show_id: 'C25010100002', seq: 2, item_name: LONG_NAME, item_spec: LONG_SPEC }),
  label({ show_id: 'C25010100003', seq: 3, item_name: '超高强度双瓦楞五层加固型出口运输包装纸箱带提手及防潮涂层', item_spec: LONG_SPEC,
    customer: 'Guangdong Southern International Packaging Materials Trading Company Limited', workflow: 'Die-cut, glue, print, bundle' }),
];

interface Measured {
  text: string;
  /** Text blocks wider than the text column (a word sticking out). */
  wide: string[];
  /** The text column's content taller than the column. */
  tallBy: number;
  /** The text column's or the codes' edges beyond the label's, in px. */
  outBy: number;
  /** Line ends between two Latin letters (a word broken in the middle). */
  brokenWords: string[];
}

function measure(): Promise<Measured[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.label')].map(lab => {
    const text = lab.querySelector<HTMLElement>('.text')!;
    const box = lab.getBoundingClientRect();
    const outBy = Math.max(0, ...[...lab.children].map(c => {
      const r = c.getBoundingClientRect();
      return Math.max(r.right - box.right, r.bottom - box.bottom, box.left - r.left, box.top - r.top);
    }));
    const brokenWords: string[] = [];
    for (const div of text.querySelectorAll<HTMLElement>('div')) {
      const node = div.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      const t = node as Text;
      let lastTop: number | null = null;
      for (let i = 0; i < t.length; i++) {
        const r = document.createRange();
        r.setStart(t, i);
        r.setEnd(t, i + 1);
        const rect = [...r.getClientRects()].find(x => x.width > 0);
        if (!rect) continue;
        const top = Math.round(rect.top);
        if (lastTop !== null && top > lastTop && /[A-Za-z0-9]/.test(t.data[i - 1] ?? '') && /[A-Za-z0-9]/.test(t.data[i]!)) {
          brokenWords.push(t.data.slice(Math.max(0, i - 8), i + 8));
        }
        lastTop = top;
      }
    }
    return {
      text: text.textContent ?? '',
      wide: [...text.querySelectorAll<HTMLElement>('div')].filter(d => d.scrollWidth > d.clientWidth).map(d => d.textContent ?? ''),
      tallBy: text.scrollHeight - text.clientHeight,
      outBy,
      brokenWords,
    };
  }));
}

describe('card label sheet', () => {
  for (const size of [{ width_mm: 60, height_mm: 40 }, { width_mm: 100, height_mm: 50 }]) {
    it(`${size.width_mm}×${size.height_mm}: a long item name and spec are whole, words unbroken, inside the label`, async () => {
      await page.emulateMedia({ media: 'print' });
      await page.setContent(await renderCardLabels(LABELS, size));
      const labels = await measure();
      expect(labels).toHaveLength(3);
      for (const [i, l] of labels.entries()) {
        const where = `${size.width_mm}×${size.height_mm} label ${i + 1}`;
        // Every text is there whole (nothing replaced by an ellipsis)…
        const want = LABELS[i]!;
        for (const part of [want.item_name, want.item_spec, want.customer, want.workflow]) expect(l.text, where).toContain(part);
        // …and shown: no line wider than the column, the column's lines within its height, all inside the label.
        expect(l.wide, `${where}: wider than the column`).toEqual([]);
        expect(l.tallBy, `${where}: taller than the column`).toBeLessThanOrEqual(0);
        expect(l.outBy, `${where}: out of the label`).toBeLessThanOrEqual(0.5);
        expect(l.brokenWords, `${where}: a word broken`).toEqual([]);
      }
    });
  }
});
