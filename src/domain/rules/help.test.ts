import { describe, expect, it } from 'vitest';
import { articleFor, helpFor, helpIndex, isFaqKey, isScreenList, screensOf, type HelpArticle } from './help';

let next = 1;
const a = (key: string, language: string, screen: string | null, more: Partial<HelpArticle> = {}): HelpArticle =>
  ({ id: next++, key, language, title: `${key}-${language}`, screen, body: '', sort: 0, active: true, ...more });

const ORDER = [a('order_entry', 'zh', '/orders/create /orders/edit/:id'), a('order_entry', 'en', '/orders/create, /orders/edit/:id'),
  a('order_entry', 'ja', '/orders/edit/:id')];
const KIOSK = [a('kiosk', 'es', '/orders/tap3'), a('kiosk', 'ja', '/orders/tap3', { sort: 5 })];

describe('helpFor', () => {
  it('finds the article of a route pattern in the reader\'s language', () => {
    expect(helpFor('/orders/edit/:id', 'en', ORDER)).toEqual({ article: ORDER[1], fallback: false });
    expect(helpFor('/orders/create', 'zh', ORDER)?.article).toBe(ORDER[0]);
    expect(helpFor('/orders/edit/:id', 'ja', ORDER)?.article).toBe(ORDER[2]);
  });

  it('falls back to Chinese, then to any language, saying so', () => {
    expect(helpFor('/orders/create', 'es', ORDER)).toEqual({ article: ORDER[0], fallback: true });
    // The Japanese article does not name /orders/create: the Chinese one of the same key is chosen.
    expect(helpFor('/orders/create', 'ja', ORDER)).toEqual({ article: ORDER[0], fallback: true });
    expect(helpFor('/orders/tap3', 'zh', KIOSK)).toEqual({ article: KIOSK[0], fallback: true });
  });

  it('answers null for a screen no active article names', () => {
    expect(helpFor('/orders/list', 'zh', ORDER)).toBeNull();
    expect(helpFor('/orders/edit', 'zh', ORDER)).toBeNull();
    expect(helpFor('/orders/tap3', 'es', [a('kiosk', 'es', '/orders/tap3', { active: false })])).toBeNull();
  });

  it('prefers the key sorted first when several name the screen', () => {
    const rows = [a('later', 'zh', '/x', { sort: 9 }), a('first', 'en', '/x', { sort: 1 }), a('first', 'zh', '/x', { sort: 1 })];
    expect(helpFor('/x', 'en', rows)?.article).toBe(rows[1]);
    expect(helpFor('/x', 'zh', rows)?.article).toBe(rows[2]);
  });
});

describe('articleFor and helpIndex', () => {
  it('open a key in the reader\'s language, else zh, else any', () => {
    expect(articleFor('order_entry', 'en', ORDER)).toEqual({ article: ORDER[1], fallback: false });
    expect(articleFor('order_entry', 'es', ORDER)).toEqual({ article: ORDER[0], fallback: true });
    expect(articleFor('kiosk', 'en', KIOSK)).toEqual({ article: KIOSK[0], fallback: true });
    expect(articleFor('missing', 'zh', ORDER)).toBeNull();
  });

  it('list one entry per key', () => {
    const index = helpIndex('ja', [...ORDER, ...KIOSK]);
    expect(index.map(f => [f.article.key, f.article.language, f.fallback])).toEqual([['order_entry', 'ja', false], ['kiosk', 'ja', false]]);
  });
});

describe('keys and screens', () => {
  it('take word characters only', () => {
    expect(isFaqKey('order_entry2')).toBe(true);
    for (const bad of ['', 'order-entry', 'a b', '订单', 'x/y', 'index', 'k'.repeat(61)]) expect(isFaqKey(bad), bad).toBe(false);
    expect(isFaqKey('k'.repeat(60))).toBe(true);
  });

  it('screens are page paths separated by spaces or commas', () => {
    expect(screensOf(' /a, /b/:id  /c ')).toEqual(['/a', '/b/:id', '/c']);
    expect(isScreenList('/orders/edit/:id /orders/create')).toBe(true);
    expect(isScreenList('')).toBe(true);
    expect(isScreenList(null)).toBe(true);
    expect(isScreenList('orders/list')).toBe(false);
    expect(isScreenList('/orders/list?x=1')).toBe(false);
  });
});
