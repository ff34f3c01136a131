/**
 * Keyboard entry of the lines grid (pure): which key does what, what a command does to the list of lines, and where
 * the focus goes next.
 *
 * Keys:
 * - Alt+N: add a line at the end.
 * - Ctrl+D (⌘D) or Alt+C: copy the current line to the end (a new line: no id, nothing on cards).
 * - Ctrl+Delete or Alt+Delete: delete the current line.
 * - Tab / Enter: next cell; Shift+Tab / Shift+Enter: previous cell. Enter on the last cell adds a line; Tab there
 *   leaves the grid (to Save), as a form would.
 * Letters are read from `code` as well as `key`: Alt+N on a Mac types "˜".
 */
export type LineCommand = 'add' | 'copy' | 'remove';
export type Move = 'next' | 'prev';

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

const letter = (e: KeyLike, l: string) => e.key.toLowerCase() === l || e.code === `Key${l.toUpperCase()}`;

export function lineCommandOf(e: KeyLike): LineCommand | null {
  const ctrl = e.ctrlKey || e.metaKey;
  if (e.altKey && !ctrl && letter(e, 'n')) return 'add';
  if ((ctrl && !e.altKey && !e.shiftKey && letter(e, 'd')) || (e.altKey && !ctrl && letter(e, 'c'))) return 'copy';
  if ((ctrl || e.altKey) && e.key === 'Delete') return 'remove';
  return null;
}

export function moveOf(e: KeyLike): Move | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  if (e.key === 'Tab' || e.key === 'Enter') return e.shiftKey ? 'prev' : 'next';
  return null;
}

export interface Applied<L> {
  lines: L[];
  /** The line to focus afterwards (-1: none left). */
  focus: number;
  /** The line taken out by `remove`. */
  removed?: L;
}

/** What a command does to the lines when the focus is on line `index` (-1: no line has the focus). */
export function applyLineCommand<L>(lines: readonly L[], index: number, cmd: LineCommand, make: { blank: () => L; copy: (l: L) => L }): Applied<L> {
  switch (cmd) {
    case 'add':
      return { lines: [...lines, make.blank()], focus: lines.length };
    case 'copy': {
      const from = lines[index];
      if (from === undefined) return { lines: [...lines], focus: index };
      return { lines: [...lines, make.copy(from)], focus: lines.length };
    }
    case 'remove': {
      const gone = lines[index];
      if (gone === undefined) return { lines: [...lines], focus: index };
      const rest = lines.filter((_, i) => i !== index);
      return { lines: rest, focus: Math.min(index, rest.length - 1), removed: gone };
    }
  }
}

export interface Cell { row: number; col: number }

/**
 * The cell after (or before) `at` among `rows` × `cols` cells, skipping cells that cannot take input (`open`);
 * `add` when Enter leaves the last cell (a new line is wanted), `out` when the move leaves the grid.
 */
export function nextCell(at: Cell, move: Move, viaEnter: boolean, rows: number, cols: number, open: (c: Cell) => boolean): Cell | 'add' | 'out' {
  const step = move === 'next' ? 1 : -1;
  let i = at.row * cols + at.col;
  for (;;) {
    i += step;
    if (i < 0) return 'out';
    if (i >= rows * cols) return move === 'next' && viaEnter ? 'add' : 'out';
    const c = { row: Math.floor(i / cols), col: i % cols };
    if (open(c)) return c;
  }
}
