import { describe, expect, it } from 'vitest';
import { countLines, differences, meaningOf, type StocktakeCopy } from './stocktake-model';

const reel = { id: 7, code: 'P-120', name: '牛卡纸 120g', unit: 'kg' };
const box = { id: 8, code: 'B-3', name: '三层箱', unit: '个' };
const copy: StocktakeCopy = {
  positions: new Map([['A-01', { id: 1, code: 'A-01', name: 'A 区 1 号' }], ['P-120X', { id: 2, code: 'P-120X', name: 'B' }]]),
  items: new Map([[reel.code, reel], [box.code, box]]),
  itemsById: new Map([[reel.id, reel], [box.id, box]]),
  cards: new Map([['C26112900001', { show_id: 'C26112900001', item_id: 8 }]]),
  isCardNumber: code => /^C\d{11,}$/.test(code),
};

describe('what a scanned code is', () => {
  it('is a position of the count\'s warehouse first, then a card of the copy, then an item, then card-shaped', () => {
    expect(meaningOf(' A-01 ', copy)).toMatchObject({ kind: 'position', position: { id: 1 } });
    expect(meaningOf('C26112900001', copy)).toEqual({ kind: 'card', card: 'C26112900001', item: box, unverified: false });
    expect(meaningOf('P-120', copy)).toEqual({ kind: 'item', item: reel });
    // A finished card is not in the copy: taken on trust, the server checks it.
    expect(meaningOf('C26112900999', copy)).toEqual({ kind: 'card', card: 'C26112900999', item: null, unverified: true });
    expect(meaningOf('??', copy)).toEqual({ kind: 'unknown', code: '??' });
  });
});

describe('the lines and differences of a count', () => {
  const saved = [
    { id: 11, item_id: 7, position_id: 1, lot: 'R1', quantity: 0.1, book_quantity: 0.3 },
    { id: 12, item_id: 8, position_id: 1, lot: '', quantity: 5, book_quantity: 5 },
  ];
  const queued = [
    { id: 'q1', at: '2026-11-29T10:00:00Z', args: { doc_id: 3, item_id: 7, position_id: 1, lot: 'R1', quantity: 0.2 } },
    { id: 'q2', at: '2026-11-29T10:01:00Z', args: { doc_id: 3, card: 'C26112900999', position_id: 1, quantity: 4 } },
    { id: 'other', at: '2026-11-29T10:02:00Z', args: { doc_id: 4, item_id: 7, quantity: 1 } },
  ];
  const refused = [{ id: 'r1', at: '2026-11-29T10:03:00Z', args: { doc_id: 3, item_id: 8, position_id: 1, quantity: 99 }, reason: '不在盘点库房' }];

  it('lists the server\'s lines, then this count\'s queued and refused ones, and no other count\'s', () => {
    const lines = countLines(3, saved, queued, refused);
    expect(lines.map(l => [l.key, l.state])).toEqual([['line-11', 'saved'], ['line-12', 'saved'], ['q1', 'queued'], ['q2', 'queued'], ['r1', 'refused']]);
    expect(lines[3]).toMatchObject({ item_id: null, card: 'C26112900999', lot: 'C26112900999', quantity: 4 });
    expect(lines[4]!.reason).toBe('不在盘点库房');
  });

  it('sums a place\'s lines against its saved book, uses the live book for queued-only places, and lists the uncounted', () => {
    const book = [
      { item_id: 7, position_id: 1, lot: 'R1', quantity: 0.3 },
      { item_id: 8, position_id: 1, lot: '', quantity: 6 },
      { item_id: 8, position_id: 2, lot: '', quantity: 10 },
    ];
    const places = differences(countLines(3, saved, queued, refused), book);
    const by = new Map(places.map(p => [`${p.item_id ?? p.card}:${p.position_id}:${p.lot}`, p]));
    // 0.1 saved + 0.2 queued = 0.3 exactly, as booked when the saved line was counted.
    expect(by.get('7:1:R1')).toMatchObject({ counted: 0.3, book: 0.3, difference: 0, queued: 1 });
    // The saved line's book (5), not the live balance (6): posting compares with what was noted.
    expect(by.get('8:1:')).toMatchObject({ counted: 5, book: 5, difference: 0, queued: 0 });
    // A card the server has not resolved yet: nothing booked under it, so all of it is a difference for now.
    expect(by.get('C26112900999:1:C26112900999')).toMatchObject({ counted: 4, book: 0, difference: 4 });
    // The refused line counts for nothing; a booked place nobody counted is listed as not counted.
    expect(by.get('8:2:')).toMatchObject({ uncounted: true, book: 10, difference: 0 });
    expect(places).toHaveLength(4);
  });
});
