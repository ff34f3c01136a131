import { Table, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../domain/rules/numbers';
import { EDITABLE_COLUMNS, LINE_COLUMNS } from './line-columns';
import { applyLineCommand, lineCommandOf, moveOf, nextCell, type Cell, type LineCommand } from './line-commands';
import { blankLine, copyLine, totalsOf, type ItemInfo, type LineDraft } from './line-model';
import { LineRow } from './LineRow';
import { isMultiCell } from './paste';

export interface LinesGridProps {
  lines: readonly LineDraft[];
  items: ReadonlyMap<number, ItemInfo>;
  editable: boolean;
  errorsOf: (key: string) => Readonly<Record<string, string>>;
  labels: Readonly<Record<string, string>>;
  newKey: () => string;
  onChange: (key: string, update: (l: LineDraft) => LineDraft) => void;
  onPickItem: (key: string, item: ItemInfo | null) => void;
  /** The lines after a command; `removed` is the line a delete took out. */
  onLines: (lines: LineDraft[], removed?: LineDraft) => void;
  /** Rows pasted from a spreadsheet, with the line that had the focus; resolves to the first new line's index. */
  onPaste: (text: string, focus: number) => Promise<number | null>;
  onGenerate?: (key: string) => void;
  generateHint: (line: LineDraft) => string | undefined;
  /** Asks the grid to focus the first cell of this line (a line added by a button outside the grid). */
  focusRequest?: { index: number; seq: number };
  /** The agreed price of each item on the order's contract (docs/sales-office.md §1), shown by the line's price. */
  contractPrices?: ReadonlyMap<number, number>;
}

const cellSelector = (c: Cell) => `[data-row="${c.row}"][data-col="${c.col}"]`;

/**
 * The editable lines of an order, keyboard first (line-commands.ts): Alt+N adds, Ctrl+D / Alt+C copies, Ctrl+Delete /
 * Alt+Delete deletes the line with the focus; Tab / Enter go through the cells (Enter past the last adds a line);
 * tab-separated rows pasted from a spreadsheet become new lines (paste.ts). An open item list keeps Enter for itself.
 */
export function LinesGrid(p: LinesGridProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Where the focus goes once the lines a command produced are on screen.
  const pendingFocus = useRef<Cell | null>(null);
  const [, rerender] = useState(0);

  useEffect(() => {
    const c = pendingFocus.current;
    if (!c || !box.current) return;
    pendingFocus.current = null;
    focusCell(box.current, c);
  });

  useEffect(() => {
    if (p.focusRequest && box.current) focusCell(box.current, { row: p.focusRequest.index, col: 0 });
  }, [p.focusRequest]);

  const lineIndexOf = (el: EventTarget): number => {
    const row = (el as HTMLElement).closest?.('[data-line-index]')?.getAttribute('data-line-index');
    return row == null ? -1 : Number(row);
  };

  // The props as last rendered: the rows' delete buttons get one handler that never changes, so a keystroke in one
  // line does not re-render the others.
  const latest = useRef(p);
  useEffect(() => { latest.current = p; });

  const run = useCallback((cmd: LineCommand, index: number) => {
    const { lines, newKey, onLines } = latest.current;
    const r = applyLineCommand(lines, index, cmd, { blank: () => blankLine(newKey()), copy: l => copyLine(l, newKey()) });
    onLines(r.lines, r.removed);
    if (r.focus >= 0) pendingFocus.current = { row: r.focus, col: 0 };
  }, []);
  const remove = useCallback((key: string) => run('remove', latest.current.lines.findIndex(x => x.key === key)), [run]);

  /** Where Enter (or Tab, `move`) goes from the cell `el`: the next open cell, a new line past the last, or out. */
  const moveFrom = useCallback((el: HTMLElement, move: 'next' | 'prev', viaEnter: boolean): 'moved' | 'out' => {
    const root = box.current;
    if (!root) return 'out';
    const at = { row: Number(el.dataset.row), col: Number(el.dataset.col) };
    const open = (c: Cell) => root.querySelector<HTMLInputElement>(`${cellSelector(c)}:not(:disabled)`) !== null;
    const next = nextCell(at, move, viaEnter, latest.current.lines.length, EDITABLE_COLUMNS.length, open);
    if (next === 'out') return 'out';
    if (next === 'add') {
      if (latest.current.editable) run('add', at.row);
      return 'moved';
    }
    focusCell(root, next);
    return 'moved';
  }, [run]);
  // An item or routing picked with Enter moves on as Enter does elsewhere (issue 30).
  const advance = useCallback((el: HTMLElement) => { moveFrom(el, 'next', true); }, [moveFrom]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const cmd = lineCommandOf(e);
    if (cmd) {
      e.preventDefault();
      if (p.editable) run(cmd, lineIndexOf(e.target));
      return;
    }
    const move = moveOf(e);
    const el = e.target as HTMLElement;
    if (!move || el.dataset.row === undefined || el.dataset.col === undefined) return;
    // Enter in an open list picks the highlighted option; the next Enter moves on.
    if (e.key === 'Enter' && el.getAttribute('aria-expanded') === 'true') return;
    if (moveFrom(el, move, e.key === 'Enter') === 'moved' || e.key === 'Enter') {
      // Tab leaves the grid past its last cell as it would leave any form field; Enter stays.
      e.preventDefault();
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const text = e.clipboardData.getData('text/plain');
    // One value goes into the cell as usual; rows and columns become lines.
    if (!p.editable || !isMultiCell(text)) return;
    e.preventDefault();
    void p.onPaste(text, lineIndexOf(e.target)).then(first => {
      if (first === null) return;
      // The cell pasted into is replaced by the new lines, which are not on screen yet: the focus goes to the first
      // of them once they are (the render this asks for), never to the page, where Ctrl+S would be the browser's.
      pendingFocus.current = { row: first, col: 0 };
      rerender(n => n + 1);
    });
  };

  const totals = totalsOf(p.lines);
  return (
    <div ref={box} onKeyDown={onKeyDown} onPaste={onPaste} style={{ overflowX: 'auto' }} data-testid="order-lines">
      <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing={4} fz="xs" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{p.labels.line_no}</Table.Th>
            {LINE_COLUMNS.map(c => <Table.Th key={c.id} style={{ minWidth: c.width }}>{p.labels[c.id]}</Table.Th>)}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.lines.map((l, i) => (
            <LineRow key={l.key} line={l} index={i} item={l.item_id === null ? undefined : p.items.get(l.item_id)}
              editable={p.editable} errors={p.errorsOf(l.key)} labels={p.labels} onChange={p.onChange}
              onPickItem={p.onPickItem} onRemove={remove} onAdvance={advance}
              onGenerate={p.onGenerate && !p.generateHint(l) ? p.onGenerate : undefined} generateHint={p.generateHint(l)}
              contractPrice={l.item_id === null ? undefined : p.contractPrices?.get(l.item_id)} />
          ))}
          {p.lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={LINE_COLUMNS.length + 2}>
                <Text size="sm" c="dimmed" data-testid="order-lines-empty">{t('orders.no_lines')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="order-lines-totals">
            <Table.Td>{t('orders.totals')}</Table.Td>
            {LINE_COLUMNS.map(c => (
              <Table.Td key={c.id} ta="right" data-column={c.id}>
                {c.id === 'quantity' ? formatNumber(totals.quantity) : c.id === 'amount' ? formatNumber(totals.amount) : null}
              </Table.Td>
            ))}
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}

/** Focuses a cell; one that takes no input (an item locked by cards) hands the focus to the first cell of its row that does. */
function focusCell(root: HTMLElement, c: Cell): void {
  const el = root.querySelector<HTMLInputElement>(`${cellSelector(c)}:not(:disabled)`)
    ?? root.querySelector<HTMLInputElement>(`[data-row="${c.row}"][data-col]:not(:disabled)`);
  if (!el) return;
  el.focus();
  // As in a spreadsheet: typing into a cell reached by the keyboard replaces its content.
  if (typeof el.select === 'function') el.select();
}
