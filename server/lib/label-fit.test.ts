import { describe, expect, it } from 'vitest';
import { breakPieces, fitFontMm, textEm, wrapText } from './label-fit';

describe('label text fitting', () => {
  it('breaks between Latin words and between CJK characters, never inside a word', () => {
    // A size is one word: the browser does not break around × (line-break class AI, taken as a letter).
    expect(breakPieces('Corrugated box 600×400×300')).toEqual(['Corrugated', ' ', 'box', ' ', '600×400×300']);
    expect(breakPieces('五层纸箱 A-1')).toEqual(['五', '层', '纸', '箱', ' ', 'A-1']);
  });

  it('wraps greedily and reports the widest word', () => {
    const w = wrapText('alpha beta gamma', textEm('alpha beta'));
    expect(w.lines).toBe(2);
    expect(w.widestWordEm).toBeCloseTo(textEm('gamma'));
    expect(wrapText('', 10)).toEqual({ lines: 0, widestWordEm: 0 });
    // Ten CJK characters in lines of four: three lines.
    expect(wrapText('一二三四五六七八九十', 4).lines).toBe(3);
  });

  it('keeps the largest font when everything fits, and shrinks for a long name until it does', () => {
    const box = { widthMm: 34, heightMm: 27, maxFontMm: 2.8, minFontMm: 1.2, lineHeight: 1.2 };
    const short = [{ text: '卡号 C1', bold: true }, { text: '客户：华东纸业' }, { text: '数量：250 个' }];
    expect(fitFontMm(short, box)).toBe(2.8);
    const long = [...short, { text: `物料：${'Extra heavy duty double wall corrugated shipping carton '.repeat(3)}` }];
    const font = fitFontMm(long, box);
    expect(font).toBeLessThan(2.8);
    expect(font).toBeGreaterThan(1.2);
    const widthEm = box.widthMm / font;
    const lines = long.reduce((n, l) => n + wrapText(l.text, widthEm, l.bold).lines, 0);
    expect(lines * font * box.lineHeight).toBeLessThanOrEqual(box.heightMm);
  });

  it('shrinks for a word too wide for the column, however few lines there are', () => {
    const box = { widthMm: 20, heightMm: 27, maxFontMm: 2.8, minFontMm: 1.2, lineHeight: 1.2 };
    const font = fitFontMm([{ text: 'SPEC-ABCDEFGHIJKLMNOP' }], box);
    expect(font).toBeLessThan(2.8);
    expect(textEm('SPEC-ABCDEFGHIJKLMNOP')).toBeLessThanOrEqual(box.widthMm / font);
  });
});
