import { describe, expect, it } from 'vitest';
import { blankLine, isBlankLine, type ItemInfo } from './line-model';
import { matcher } from './lookups';
import {
  insertPasted, isMultiCell, lineFromPaste, parseClipboard, pastedRows, pastedTexts, plainDate, plainNumber, type Lookups,
} from './paste';

const box: ItemInfo = { id: 5, code: 'CT-01', name: '五层纸箱', unit: '个', unit2: '箱', unit3: null, rate2: 50, rate3: null, workflow_id: 3, workflow_id_name: '纸箱流程', price: 2.5 };
const tape: ItemInfo = { id: 8, code: 'TP-02', name: '胶带', unit: '卷', unit2: null, unit3: null, rate2: null, rate3: null, workflow_id: null, price: null };
const twin1: ItemInfo = { ...tape, id: 9, code: 'TW-1', name: '垫片' };
const twin2: ItemInfo = { ...tape, id: 10, code: 'TW-2', name: '垫片' };

const itemOf = matcher([box, tape, twin1, twin2], r => r.code, r => r.name);
const workflowOf = matcher([{ id: 3, code: 'WF1', name: '纸箱流程' }], r => r.code, r => r.name);
const look: Lookups = {
  item: itemOf,
  workflow: t => { const m = workflowOf(t); return 'found' in m ? { found: { id: m.found.id, label: m.found.name } } : m; },
};

describe('clipboard text from a spreadsheet', () => {
  it('tells rows and columns from one value', () => {
    expect(isMultiCell('CT-01')).toBe(false);
    expect(isMultiCell('CT-01\r\n')).toBe(false); // Excel ends even one cell with a line break
    expect(isMultiCell('CT-01\t5')).toBe(true);
    expect(isMultiCell('CT-01\nTP-02')).toBe(true);
  });

  it('splits Excel’s text: CRLF rows, tab cells, quoted cells with tabs, breaks and quotes; skips empty rows', () => {
    const text = 'CT-01\t1,200\t2.5\r\n\t\t\r\n"TP-02"\t3\t\t\t\t\t\t\t\t\t"line one\nsaid ""hi""\tok"\r\n';
    const rows = parseClipboard(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(['CT-01', '1,200', '2.5']);
    expect(rows[1]![0]).toBe('TP-02');
    expect(rows[1]![10]).toBe('line one\nsaid "hi"\tok');
  });

  it('maps cells onto the grid’s editable columns in order: item, quantity, price, unit, …', () => {
    const [r] = pastedRows([['CT-01', '10', '2', '只', '', '', '', '', 'WF1', '2024/5/1', '1.5']]);
    expect(r).toEqual({ row: 1, cells: { item_id: 'CT-01', quantity: '10', price: '2', unit: '只', workflow_id: 'WF1', due_date: '2024/5/1', card_weight: '1.5' } });
    expect(pastedTexts(pastedRows([['A', '1'], ['A', '2', '', '', '', '', '', '', 'W'], ['B']]))).toEqual({ items: ['A', 'B'], workflows: ['W'] });
  });

  it('reads numbers with thousands separators and spreadsheet dates', () => {
    expect(plainNumber('1,200.50')).toBe('1200.50');
    expect(plainNumber('12,34')).toBe('12,34');
    expect(plainDate('2024/5/1')).toBe('2024-05-01');
    expect(plainDate('2024-02-30')).toBeUndefined();
    expect(plainDate('明天')).toBeUndefined();
  });
});

describe('pasted rows become lines', () => {
  const rows = pastedRows(parseClipboard('CT-01\t1,200\t\r\n胶带\t3\t4.5\t盒\r\nNOPE\t7\t1\r\n垫片\t1\r\nCT-01\t5\t\t\t\t\t\t\tWF9\t5/1\t\t\t\tabc'));
  const lines = rows.map((r, i) => lineFromPaste(r, `p${i}`, look));

  it('finds the item by code, else by its exact name, and takes its defaults', () => {
    expect(lines[0]).toMatchObject({ item_id: 5, unit: '个', unit2: '箱', quantity: '1200', quantity2: '24', price: '2.50', workflow_id: 3 });
    expect(lines[1]).toMatchObject({ item_id: 8, unit: '盒', quantity: '3', price: '4.5' });
    expect(lines[0]!.issues).toEqual({});
  });

  it('keeps a row whose item is unknown or ambiguous, with the pasted text and the row number on the cell', () => {
    expect(lines[2]).toMatchObject({ item_id: null, quantity: '7', price: '1', issues: { item_id: { key: 'unknown_item', text: 'NOPE', row: 3 } } });
    expect(lines[3]!.issues.item_id).toEqual({ key: 'ambiguous_item', text: '垫片', row: 4 });
    expect(isBlankLine(lines[2]!)).toBe(false);
  });

  it('marks an unknown workflow and a date it cannot read; keeps a bad number for the save check', () => {
    expect(lines[4]!.issues.workflow_id).toEqual({ key: 'unknown_workflow', text: 'WF9', row: 5 });
    expect(lines[4]!.workflow_id).toBe(3); // the item's own workflow stays
    expect(lines[4]!.issues.due_date).toEqual({ key: 'bad_date', text: '5/1', row: 5 });
    expect(lines[4]!.props.effective_metres).toBe('abc');
  });

  it('replaces the empty line with the focus, else goes after the last line', () => {
    const a = { ...blankLine('a'), remark: 'x' };
    const empty = blankLine('e');
    const pasted = [blankLine('p1'), blankLine('p2')];
    expect(insertPasted([a, empty], 1, pasted, isBlankLine)).toEqual({ lines: [a, ...pasted], first: 1 });
    expect(insertPasted([a, empty], 0, pasted, isBlankLine)).toEqual({ lines: [a, empty, ...pasted], first: 2 });
    expect(insertPasted([], -1, pasted, isBlankLine)).toEqual({ lines: pasted, first: 0 });
  });
});
