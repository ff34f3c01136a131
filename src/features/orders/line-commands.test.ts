import { describe, expect, it } from 'vitest';
import { applyLineCommand, lineCommandOf, moveOf, nextCell, type KeyLike } from './line-commands';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key: k, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false, ...mods });

describe('keys of the lines grid', () => {
  it('maps the line commands', () => {
    expect(lineCommandOf(key('n', { altKey: true }))).toBe('add');
    expect(lineCommandOf(key('˜', { altKey: true, code: 'KeyN' }))).toBe('add'); // a Mac's Alt+N
    expect(lineCommandOf(key('d', { ctrlKey: true }))).toBe('copy');
    expect(lineCommandOf(key('D', { metaKey: true }))).toBe('copy');
    expect(lineCommandOf(key('c', { altKey: true }))).toBe('copy');
    expect(lineCommandOf(key('Delete', { ctrlKey: true }))).toBe('remove');
    expect(lineCommandOf(key('Delete', { altKey: true }))).toBe('remove');
  });

  it('leaves every other key to the cell', () => {
    expect(lineCommandOf(key('n'))).toBeNull();
    expect(lineCommandOf(key('c', { ctrlKey: true }))).toBeNull(); // copy text
    expect(lineCommandOf(key('d', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(lineCommandOf(key('Delete'))).toBeNull();
    expect(lineCommandOf(key('Backspace', { ctrlKey: true }))).toBeNull();
  });

  it('moves with Tab and Enter, backwards with Shift', () => {
    expect(moveOf(key('Tab'))).toBe('next');
    expect(moveOf(key('Enter'))).toBe('next');
    expect(moveOf(key('Tab', { shiftKey: true }))).toBe('prev');
    expect(moveOf(key('Enter', { shiftKey: true }))).toBe('prev');
    expect(moveOf(key('Enter', { ctrlKey: true }))).toBeNull();
    expect(moveOf(key('ArrowDown'))).toBeNull();
  });
});

describe('commands on the lines', () => {
  let n = 0;
  const make = { blank: () => `new${++n}`, copy: (l: string) => `${l}'` };

  it('add appends an empty line and focuses it', () => {
    n = 0;
    expect(applyLineCommand(['a', 'b'], 0, 'add', make)).toEqual({ lines: ['a', 'b', 'new1'], focus: 2 });
    expect(applyLineCommand([], -1, 'add', make)).toEqual({ lines: ['new2'], focus: 0 });
  });

  it('copy appends a copy of the current line; without a current line nothing happens', () => {
    expect(applyLineCommand(['a', 'b', 'c'], 1, 'copy', make)).toEqual({ lines: ['a', 'b', 'c', "b'"], focus: 3 });
    expect(applyLineCommand(['a'], -1, 'copy', make)).toEqual({ lines: ['a'], focus: -1 });
  });

  it('remove takes the current line out and focuses the one that took its place', () => {
    expect(applyLineCommand(['a', 'b', 'c'], 1, 'remove', make)).toEqual({ lines: ['a', 'c'], focus: 1, removed: 'b' });
    expect(applyLineCommand(['a', 'b'], 1, 'remove', make)).toEqual({ lines: ['a'], focus: 0, removed: 'b' });
    expect(applyLineCommand(['a'], 0, 'remove', make)).toEqual({ lines: [], focus: -1, removed: 'a' });
    expect(applyLineCommand(['a'], 5, 'remove', make)).toEqual({ lines: ['a'], focus: 5 });
  });
});

describe('moving through the cells', () => {
  const all = () => true;
  it('goes along the row, then to the next row; Enter past the end asks for a line, Tab leaves', () => {
    expect(nextCell({ row: 0, col: 1 }, 'next', false, 2, 3, all)).toEqual({ row: 0, col: 2 });
    expect(nextCell({ row: 0, col: 2 }, 'next', true, 2, 3, all)).toEqual({ row: 1, col: 0 });
    expect(nextCell({ row: 1, col: 2 }, 'next', true, 2, 3, all)).toBe('add');
    expect(nextCell({ row: 1, col: 2 }, 'next', false, 2, 3, all)).toBe('out');
    expect(nextCell({ row: 1, col: 0 }, 'prev', false, 2, 3, all)).toEqual({ row: 0, col: 2 });
    expect(nextCell({ row: 0, col: 0 }, 'prev', true, 2, 3, all)).toBe('out');
  });

  it('skips cells that take no input (an item locked by cards)', () => {
    const open = (c: { row: number; col: number }) => !(c.row === 1 && c.col === 0);
    expect(nextCell({ row: 0, col: 2 }, 'next', false, 2, 3, open)).toEqual({ row: 1, col: 1 });
    expect(nextCell({ row: 1, col: 1 }, 'prev', false, 2, 3, open)).toEqual({ row: 0, col: 2 });
  });
});
