import { describe, expect, it } from 'vitest';
import { codeTyped, emptyLine, isBlank, lineByCode, lineChanged, lineProblem, linesReducer, lineValues, type NoteLine } from './note-lines';

const typed = (patch: Partial<NoteLine>): NoteLine => ({ ...emptyLine('k'), ...patch });

describe('a delivery note\'s lines on screen', () => {
  it('finds an order line by its code or the one code ending so', () => {
    const open = [{ code: 'SO20261201-001-1' }, { code: 'SO20261201-001-2' }, { code: 'SO20261201-002-1' }];
    expect(lineByCode(open, 'so20261201-001-2')).toBe(open[1]);
    expect(lineByCode(open, '002-1')).toBe(open[2]);
    // Two codes end in -1: no guess.
    expect(lineByCode(open, '-1')).toBeNull();
    expect(lineByCode(open, '')).toBeNull();
  });

  it('says what keeps a line from being saved', () => {
    expect(lineProblem(emptyLine())).toBeNull();
    expect(isBlank(emptyLine())).toBe(true);
    expect(lineProblem(typed({ detail_code: 'X' }))).toBe('line_detail');
    expect(lineProblem(typed({ detail_id: 1, quantity: 0 }))).toBe('line_quantity');
    expect(lineProblem(typed({ detail_id: 1, quantity: 2, card_code: 'C1' }))).toBe('line_card');
    expect(lineProblem(typed({ detail_id: 1, package_code: 'PK', package_id: null }))).toBe('line_package');
    // A package line's quantity is the server's.
    expect(lineProblem(typed({ detail_id: 1, package_code: 'PK', package_id: 3 }))).toBeNull();
    expect(lineProblem(typed({ detail_id: 1, quantity: 2 }))).toBeNull();
  });

  it('keeps the amount with the quantity and price, and a blank line last after lines are added', () => {
    let s = linesReducer({ lines: [typed({ key: 'a', detail_id: 1 })] }, { type: 'edit', key: 'a', patch: { quantity: 3, price: 1.2345 } });
    expect(s.lines[0]!.amount).toBe(3.7035);
    s = linesReducer(s, { type: 'add' });
    s = linesReducer(s, { type: 'append', lines: [{ ...typed({ detail_id: 2, quantity: 1 }) }] });
    expect(s.lines.map(l => l.detail_id)).toEqual([1, 2, null]);
    expect(isBlank(s.lines[2]!)).toBe(true);
    s = linesReducer({ lines: [typed({ key: 'only' })] }, { type: 'remove', key: 'only' });
    expect(s.lines.length).toBe(1);
  });

  it('clearing a line\'s card clears its lot too, and the save sends the empty lot', () => {
    const saved = typed({ key: 'a', id: 7, version: 2, detail_id: 1, quantity: 5, card_id: 9, card_code: 'C0009', lot: 'C0009' });
    let s = linesReducer({ lines: [saved] }, { type: 'edit', key: 'a', patch: codeTyped('card', '') });
    expect(s.lines[0]).toMatchObject({ card_id: null, card_code: '', lot: '' });
    expect(lineChanged(s.lines[0]!, saved)).toBe(true);
    expect(lineValues(s.lines[0]!)).toMatchObject({ card_id: null, lot: '' });
    expect(lineProblem(s.lines[0]!)).toBeNull();
    // Typed over, the old card's lot goes as well until the new card is resolved.
    s = linesReducer({ lines: [saved] }, { type: 'edit', key: 'a', patch: codeTyped('card', 'C001') });
    expect(s.lines[0]).toMatchObject({ card_id: null, card_code: 'C001', lot: '' });
    // The other code cells leave the lot alone.
    s = linesReducer({ lines: [saved] }, { type: 'edit', key: 'a', patch: codeTyped('package', 'PK1') });
    expect(s.lines[0]).toMatchObject({ card_id: 9, lot: 'C0009', package_id: null, package_code: 'PK1' });
    expect(codeTyped('line', '-2')).toEqual({ detail_code: '-2', detail_id: null });
  });
});
